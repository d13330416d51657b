import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_LOADS, type PageReport } from './inspectorBuffer.js';
import { readPageMessage } from './pageData.js';
import type { SessionStorage } from './storageKeys.js';
import { PERSIST_DELAY_MS, TabBuffers } from './tabBuffers.js';

const timers = {
  setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as number),
};

/** A page's snapshot of `count` events named `{prefix}{n}`, each with a payload of about 100 characters. */
const snapshot = (prefix: string, count: number): PageReport =>
  readPageMessage('snapshot', {
    analytics: {
      status: 'ready',
      visitorId: 'v1',
      events: Array.from({ length: count }, (_, n) => ({
        id: `${prefix}${n}`,
        event: 'search:sort',
        seq: n,
        state: 'queued',
        attempts: 0,
        payload: { id: `${prefix}${n}`, note: 'x'.repeat(80) },
      })),
    },
  })!;

const step = (id: string, phase: string): PageReport =>
  readPageMessage('debug', { source: 'analytics', shopId: 'maple', phase, id, event: 'search:sort' })!;

/** storage.session in memory, with a quota on the JSON size of what it holds; records each write's key. */
function fakeSession() {
  const items = new Map<string, unknown>();
  const limit = { quota: Infinity };
  const writes: string[] = [];
  const size = () => [...items.values()].reduce<number>((n, v) => n + JSON.stringify(v).length, 0);
  const session: SessionStorage = {
    getItem: async (key) => items.get(key) ?? null,
    setItem: async (key, value) => {
      const old = items.get(key);
      items.set(key, value);
      if (size() > limit.quota) {
        if (old === undefined) items.delete(key);
        else items.set(key, old);
        throw new Error('QUOTA_BYTES quota exceeded');
      }
      writes.push(key.replace('session:aisle:tab:', ''));
    },
    removeItem: async (key) => void items.delete(key),
  };
  const keys = () => [...items.keys()].map((k) => k.replace('session:aisle:tab:', '')).sort();
  return { session, writes, keys, limit, size };
}

const loadIds = async (buffers: TabBuffers, tabId: number) => (await buffers.get(tabId)).loads.map((l) => l.loadId);

describe('the buffers mirrored to storage.session', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('writes shortly after a change only the page loads it reached, not the whole tab', async () => {
    const { session, writes } = fakeSession();
    const buffers = new TabBuffers(session, timers, () => Date.now());
    for (const load of ['l1', 'l2', 'l3']) await buffers.report(7, load, '/a', snapshot(load, 50));
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    expect(writes.sort()).toEqual(['7', '7:load:l1', '7:load:l2', '7:load:l3']);
    writes.length = 0;
    // Events arrive in the newest load for a while: one write, of that load and the tab's list.
    await buffers.report(7, 'l3', '/a', step('l30', 'send'));
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS / 2);
    await buffers.report(7, 'l3', '/a', step('l30', 'acknowledged'));
    expect(writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS / 2);
    expect(writes).toEqual(['7:load:l3', '7']);
    // A restarted background reads the tab back, as it was.
    const restarted = new TabBuffers(session, timers, () => Date.now());
    expect(await loadIds(restarted, 7)).toEqual(['l1', 'l2', 'l3']);
    expect((await restarted.get(7)).loads[2]!.events[0]).toMatchObject({ id: 'l30', state: 'acknowledged' });
  });

  it('keeps the newest page loads when storage.session is full, the oldest making room', async () => {
    const { session, keys, limit, size } = fakeSession();
    const buffers = new TabBuffers(session, timers, () => Date.now());
    for (const load of ['l1', 'l2']) await buffers.report(7, load, '/a', snapshot(load, 50));
    await buffers.flush();
    expect(keys()).toEqual(['7', '7:load:l1', '7:load:l2']);
    // Room for these two loads and a little more, not for a third.
    limit.quota = size() * 1.25;
    await buffers.report(7, 'l3', '/a', snapshot('l3', 50));
    await buffers.flush();
    expect(keys()).toEqual(['7', '7:load:l2', '7:load:l3']);
    // In memory the tab keeps all three; a restarted background finds the two that fitted.
    expect(await loadIds(buffers, 7)).toEqual(['l1', 'l2', 'l3']);
    expect(await loadIds(new TabBuffers(session, timers, () => Date.now()), 7)).toEqual(['l2', 'l3']);
  });

  it('removes a page load the buffer dropped, and every key of a closed tab', async () => {
    const { session, keys } = fakeSession();
    const buffers = new TabBuffers(session, timers, () => Date.now());
    for (let i = 0; i <= MAX_LOADS; i++) await buffers.report(7, `l${i}`, '/a', snapshot(`l${i}`, 1));
    await buffers.report(8, 'other', '/a', snapshot('other', 1));
    await buffers.flush();
    expect(keys()).not.toContain('7:load:l0');
    expect(keys().filter((k) => k.startsWith('7:load:'))).toHaveLength(MAX_LOADS);
    await buffers.remove(7);
    expect(keys()).toEqual(['8', '8:load:other']);
  });
});
