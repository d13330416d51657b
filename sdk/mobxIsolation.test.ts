import { describe, expect, it } from 'vitest';
import { forgetSharedState } from './mobxIsolation.js';

describe('forgetSharedState (MobX leaves no name on the page)', () => {
  it('removes both names once MobX emptied the state it alone used', () => {
    const page: Record<string, unknown> = { __mobxGlobals: undefined, __mobxInstanceCount: 0, shop: 1 };
    forgetSharedState(page);
    expect(Object.keys(page)).toEqual(['shop']);
  });

  it("keeps the state of a shop's MobX that still counts itself in", () => {
    const state = { version: 6 };
    const page = { __mobxGlobals: state, __mobxInstanceCount: 1 };
    forgetSharedState(page);
    expect(page).toEqual({ __mobxGlobals: state, __mobxInstanceCount: 1 });
  });

  it('leaves a page without either name as it is', () => {
    const page = {};
    forgetSharedState(page);
    expect(page).toEqual({});
  });
});

describe('the app chunk', () => {
  it('leaves neither MobX name on the global object once loaded', async () => {
    await import('./mobxIsolation.js');
    expect(Object.keys(globalThis).filter((key) => key.startsWith('__mobx'))).toEqual([]);
  });
});
