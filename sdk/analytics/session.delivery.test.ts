import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, type FakeEnv } from '../testing/stores.js';
import { outboxKeys } from './outbox.js';
import { after, fakeService, HOST, makeSession, pathOf } from '../testing/analytics.js';
import type { AnalyticsEvent } from './types.js';

configure({ enforceActions: 'always' });

let env: FakeEnv;
const keys = outboxKeys('maple');
const outbox = () => JSON.parse(env.store.get(keys.outbox) ?? '[]') as AnalyticsEvent[];
const t0 = Date.parse('2025-03-01T12:00:00Z');
/** Path (and event name) of every request, in order. */
const trace = () =>
  env.requests.map((r) => (pathOf(r) === '/v3/event' ? `event ${(r.init.body as AnalyticsEvent).event}` : pathOf(r)));
const bearer = (i: number) => (env.requests[i]!.init.headers as Record<string, string>).Authorization;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(t0);
  env = fakeEnv('http://shop.test/maple/dresses');
});
afterEach(() => vi.useRealTimers());

describe('track and the outbox', () => {
  it('builds the event and writes it to the outbox before any network work', async () => {
    const service = fakeService(env);
    const session = makeSession(env, { host: `${HOST}/`, globalMetadata: { tenant: 'maple', campaign: 'spring' } });
    await session.init();
    const request = env.transport.request;
    const outboxAtSend: AnalyticsEvent[][] = [];
    env.transport.request = (url, init) => (outboxAtSend.push(outbox()), request(url, init));
    const id = session.track('navigate:visit_page', {
      page_type: 'dlp',
      metadata: { campaign: 'own', redirected_from: null },
    });
    expect(outbox().map((e) => e.id)).toEqual([id]);
    await vi.advanceTimersByTimeAsync(0);
    expect(outboxAtSend[0]!.map((e) => e.id)).toEqual([id]);
    const [sent] = service.requests('/v3/event');
    expect(sent!.url).toBe(`${HOST}/v3/event`);
    expect(sent!.init).toMatchObject({ method: 'POST', credentials: 'same-origin', timeoutMs: 5000 });
    expect(sent!.init.body).toEqual({
      id,
      seq: 1,
      event: 'navigate:visit_page',
      data: { page_type: 'dlp', metadata: { tenant: 'maple', campaign: 'own', redirected_from: null } },
      url: 'http://shop.test/maple/dresses',
      timestamp: '2025-03-01T12:00:00.000Z',
      environment: 'development',
    });
    expect(outbox()).toEqual([]);
    expect(session.snapshot().events[0]).toMatchObject({ id, state: 'acknowledged', attempts: 1, httpStatus: 202 });
  });

  it('keeps events made before ready and sends them in order, one in flight at a time', async () => {
    const service = fakeService(env);
    const request = env.transport.request;
    let inFlight = 0;
    let most = 0;
    env.transport.request = async (url, init) => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return request(url, init).finally(() => inFlight--);
    };
    const session = makeSession(env);
    ['a', 'b', 'c'].forEach((name) => session.track(name));
    await vi.advanceTimersByTimeAsync(1000);
    expect(env.requests).toHaveLength(0);
    expect(outbox().map((e) => [e.event, e.seq])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    const ready = session.init();
    await vi.advanceTimersByTimeAsync(10);
    await ready;
    session.track('d');
    await vi.advanceTimersByTimeAsync(100);
    expect(service.sent()).toEqual(['a', 'b', 'c', 'd']);
    expect(most).toBe(1);
  });

  it('never throws: an unusable payload is logged and skipped', () => {
    const session = makeSession(env);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(session.track('x', { metadata: cyclic })).toBeNull();
    expect(env.lines.error[0]).toMatch(/^Error tracking event x/);
  });

  it('keeps events in memory and counts them when storage refuses writes', async () => {
    const service = fakeService(env);
    env.storage.setItem = () => {
      throw new DOMException('quota exceeded', 'QuotaExceededError');
    };
    const session = makeSession(env);
    expect(session.track('a')).not.toBeNull();
    expect(session.track('b')).not.toBeNull();
    expect(session.snapshot().unpersisted).toBe(2);
    await session.init();
    await vi.advanceTimersByTimeAsync(0);
    expect(service.sent()).toEqual(['a', 'b']);
  });

  it('on a reload, the next page sends what was left, in order and with the same ids, exactly once', async () => {
    fakeService(env);
    const first = makeSession(env);
    await first.init();
    const a = first.track('a');
    await vi.advanceTimersByTimeAsync(0); // 'a' is acknowledged
    env.reply(() => new Error('offline'));
    const ids = ['b', 'c', 'd'].map((name) => first.track(name));
    await vi.advanceTimersByTimeAsync(0); // 'b' failed and waits for its retry
    first.dispose();
    fakeService(env);
    const second = makeSession(env);
    expect(second.snapshot().events.map((e) => e.event)).toEqual(['b', 'c', 'd']);
    await second.init();
    second.track('e');
    await vi.advanceTimersByTimeAsync(0);
    const sent = env.requests.filter((r) => pathOf(r) === '/v3/event').map((r) => r.init.body as AnalyticsEvent);
    expect(sent.map((e) => e.event)).toEqual(['a', 'b', 'b', 'c', 'd', 'e']);
    expect(sent.map((e) => e.id).slice(0, 5)).toEqual([a, ids[0], ...ids]);
    expect(sent.map((e) => e.seq)).toEqual([1, 2, 2, 3, 4, 5]);
    expect(outbox()).toEqual([]);
  });
});

describe('401 (fresh token, at most 2 retries)', () => {
  it('refreshes the token once and resends the same event', async () => {
    const service = fakeService(env);
    service.script.event.push({ status: 401 });
    const session = makeSession(env);
    await session.init();
    session.track('search:sort');
    await vi.advanceTimersByTimeAsync(0);
    expect(trace()).toEqual(['/v3/identity', 'event search:sort', '/v3/identity', 'event search:sort']);
    expect(bearer(2)).toBe(bearer(1)); // the refused token is sent along to the identity endpoint
    expect(bearer(3)).not.toBe(bearer(1));
    const [a, b] = service.requests('/v3/event').map((r) => (r.init.body as AnalyticsEvent).id);
    expect(a).toBe(b);
    expect(session.snapshot().events[0]).toMatchObject({ state: 'acknowledged', attempts: 2 });
    expect(env.lines.error).toHaveLength(1);
  });

  it('retries at most twice, then waits at least 30 s before the next round', async () => {
    const service = fakeService(env);
    service.script.event.push({ status: 401 }, { status: 401 }, { status: 401 });
    const session = makeSession(env);
    await session.init();
    session.track('x');
    await vi.advanceTimersByTimeAsync(0);
    expect(trace()).toEqual(['/v3/identity', 'event x', '/v3/identity', 'event x', '/v3/identity', 'event x']);
    expect(session.snapshot().events[0]).toMatchObject({
      state: 'retry_scheduled',
      httpStatus: 401,
      nextAttemptAt: t0 + 31_500, // 30 s plus a tenth of it times the fixed jitter of 0.5
    });
    await vi.advanceTimersByTimeAsync(31_499);
    expect(trace()).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(trace().at(-1)).toBe('event x');
    expect(session.snapshot().events[0]!.state).toBe('acknowledged');
  });

  it('two parallel 401s share one identity refresh', async () => {
    const service = fakeService(env);
    const session = makeSession(env);
    await session.init();
    service.script.event.push(after(50, { status: 401 }));
    service.script.batch.push(after(50, { status: 401 }));
    session.track('x');
    session.flush('hidden');
    await vi.advanceTimersByTimeAsync(50);
    expect(trace().slice(1, 3).sort()).toEqual(['/v3/batch', 'event x']);
    expect(trace().slice(3)).toEqual(['/v3/identity', 'event x']); // init + one shared refresh
    expect(session.snapshot().events[0]!.state).toBe('acknowledged');
  });
});
