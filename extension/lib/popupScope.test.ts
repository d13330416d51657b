import { fakeBrowser } from '../testing/fakeBrowser.js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TabStatus } from './messaging.js';
import { PopupStore } from './PopupStore.js';
import { SettingsRepository } from './settings.js';

const origin = 'https://shop.example';

async function popupAt(path: string, pathPatterns: string, status: Partial<TabStatus> = {}) {
  const settings = new SettingsRepository();
  await settings.saveSite(origin, { enabled: true, tenantId: 'maple', environment: 'production', pathPatterns });
  const store = new PopupStore({
    settings,
    tab: { id: 4, url: `${origin}${path}` },
    tabStatus: vi.fn(async () => ({
      preview: null,
      loadUrl: null,
      searchError: null,
      registrationError: null,
      ...status,
    })),
    syncPreview: vi.fn(async () => null as string | null),
    reloadTab: vi.fn(async () => undefined),
    checkStack: vi.fn(async () => true),
    openInspector: vi.fn(async () => undefined),
    isValidSelector: () => true,
  });
  await store.load();
  return store;
}

const shown = { preview: { outcome: 'shown' as const, tookOver: true, message: 'showing maple: 24 products', at: 0 } };

describe('the popup decides scope as the browser injected', () => {
  beforeEach(() => fakeBrowser.reset());

  it('says Aisle runs on an excluded page opened with a query (the browser matched the query)', async () => {
    const store = await popupAt(
      '/maple/womens-running-shoes?sort=price_desc',
      '/maple/*\n!/maple/womens-running-shoes',
      shown,
    );
    expect(store.inScope).toBe(true);
    expect(store.statusKind).toBe('shown');
  });

  it('says not running, not Starting, on an exact page pattern opened with a query', async () => {
    const store = await popupAt('/maple/dresses?sort=price_desc', '/maple/dresses');
    expect(store.inScope).toBe(false);
    expect(store.statusKind).toBe('idle');
    expect(store.statusText).toContain('outside the path patterns');
  });

  it('accepts a pattern that names a query', async () => {
    const store = await popupAt('/maple/dresses?sort=price_desc', '/maple/dresses?sort=*', shown);
    expect(store.patternErrors).toEqual([]);
    expect(store.inScope).toBe(true);
  });

  it('does not say Failed for an invalid pattern line: it says no page is taken over until it is corrected', async () => {
    const store = await popupAt('/maple/dresses', '/maple/*\n!maple/p/*');
    expect(store.statusKind).toBe('idle');
    expect(store.statusText).toContain('takes over no page of this site until the path patterns are corrected');
    expect(store.statusText).toContain('"!maple/p/*" is not a path pattern');
    expect(store.inScope).toBe(false);
  });
});
