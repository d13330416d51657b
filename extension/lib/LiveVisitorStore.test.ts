import { describe, expect, it, vi } from 'vitest';
import { LIVE_POLL_MS, LiveVisitorStore } from './LiveVisitorStore.js';

const query = { analyticsHost: 'http://127.0.0.1:4173/analytics', key: 'k-1234', shopId: 'maple', visitorId: 'v1' };
const stored = (ids: string[]) =>
  new Response(
    JSON.stringify({
      events: ids.map((id, i) => ({
        id,
        seq: i + 1,
        event: 'search:sort',
        visitor_id: 'v1',
        received_at: `2025-03-01T12:00:0${i}.000Z`,
      })),
    }),
    { status: 200 },
  );

/** A live store on fake timers whose service answers `answers` in turn. */
function live(answers: Array<() => Promise<Response>>, ask = () => query as typeof query | string) {
  const timers = { pending: [] as Array<() => void> };
  const fetch = vi.fn((_url: string, _init: RequestInit) => answers.shift()!());
  const store = new LiveVisitorStore({
    query: ask,
    fetch,
    timers: {
      setTimeout: (callback, ms) => {
        expect(ms).toBe(LIVE_POLL_MS);
        timers.pending.push(callback);
        return timers.pending.length;
      },
      clearTimeout: () => void (timers.pending = []),
    },
    now: () => 5_000,
  });
  const tick = async () => {
    const next = timers.pending.splice(0);
    for (const callback of next) callback();
    await vi.waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { store, fetch, tick, timers };
}

describe('one visitor, live, from the service', () => {
  it('shows what the service stored, newest first, and follows it as more arrive', async () => {
    const { store, fetch, tick } = live([async () => stored(['a']), async () => stored(['a', 'b'])]);
    store.setShop('maple');
    store.setVisitor('v1');
    await store.follow();
    expect(store.events.map((e) => e.id)).toEqual(['a']);
    expect(store).toMatchObject({ following: true, answeredAt: 5_000, error: '' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://127.0.0.1:4173/analytics/v3/events?shop_id=maple&visitor=v1&limit=1000');
    expect(init).toMatchObject({ headers: { Authorization: 'Bearer k-1234' }, credentials: 'omit' });
    await tick();
    expect(store.events.map((e) => e.id)).toEqual(['b', 'a']);
  });

  it('says a refused key in words and keeps asking; Stop stops', async () => {
    const { store, tick, timers } = live([async () => new Response('{}', { status: 401 })]);
    await store.follow();
    expect(store.error).toContain('refused the key (HTTP 401)');
    expect(timers.pending).toHaveLength(1);
    store.stop();
    expect(store.following).toBe(false);
    expect(timers.pending).toHaveLength(0);
    await tick();
  });

  it('asks nothing without a key or a visitor, and says why', async () => {
    const { store, fetch } = live([], () => 'paste a read key first (under Ground truth)');
    await store.follow();
    expect(store.error).toBe('paste a read key first (under Ground truth)');
    expect(store.following).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('drops an answer that arrives after Stop', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { store } = live([() => new Promise<Response>((resolve) => (answer = resolve))]);
    const following = store.follow();
    store.stop();
    answer(stored(['late']));
    await following;
    expect(store.events).toEqual([]);
  });
});
