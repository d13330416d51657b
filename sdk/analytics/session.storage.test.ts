import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, type FakeEnv } from '../testing/stores.js';
import { fakeService, makeSession } from '../testing/analytics.js';

configure({ enforceActions: 'always' });

let env: FakeEnv;
const analyticsDebug = () =>
  env.events
    .filter((e) => e.name === 'aisle:debug')
    .map((e) => e.detail as { source: string; phase: string; persisted?: boolean })
    .filter((d) => d.source === 'analytics');

beforeEach(() => {
  vi.useFakeTimers();
  env = fakeEnv('http://shop.test/maple/dresses');
});
afterEach(() => vi.useRealTimers());

describe('when storage refuses a write', () => {
  it('the session says so once, shows it in the snapshot, claims nothing stored and still delivers', async () => {
    const service = fakeService(env);
    const session = makeSession(env);
    await session.init();
    const setItem = env.storage.setItem;
    env.storage.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    const ids = [session.track('search:sort'), session.track('search:sort')];
    expect(analyticsDebug().filter((d) => d.phase === 'storage_refused')).toHaveLength(1);
    expect(
      analyticsDebug()
        .filter((d) => d.phase === 'queued')
        .map((d) => d.persisted),
    ).toEqual([false, false]);
    expect(session.snapshot()).toMatchObject({ storage: 'refused', unpersisted: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(await Promise.all(ids.map((id) => session.delivery(id)))).toEqual([true, true]);
    expect(service.requests('/v3/event')).toHaveLength(2);

    env.storage.setItem = setItem;
    session.track('search:sort');
    expect(analyticsDebug().filter((d) => d.phase === 'storage_restored')).toHaveLength(1);
    expect(session.snapshot().storage).toBe('ok');
    session.dispose();
  });
});
