import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, type FakeEnv } from '../testing/stores.js';
import { outboxKeys } from './outbox.js';
import { fakeService, makeSession, type Reply, type Scripted } from '../testing/analytics.js';
import type { AnalyticsEvent, DeadLetter } from './types.js';

configure({ enforceActions: 'always' });

let env: FakeEnv;
let sentAt: Array<[string, number]>;
const t0 = Date.parse('2025-03-01T12:00:00Z');
const keys = outboxKeys('maple');
const stored = <T>(key: string) => JSON.parse(env.store.get(key) ?? '[]') as T[];

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(t0);
  env = fakeEnv();
  sentAt = [];
  const request = env.transport.request.bind(env.transport);
  env.transport.request = (url, init) => {
    if (url.endsWith('/v3/event')) sentAt.push([(init?.body as AnalyticsEvent).event, Date.now() - t0]);
    return request(url, init);
  };
});
afterEach(() => vi.useRealTimers());

async function readySession(replies: Scripted[], options: Parameters<typeof makeSession>[1] = {}) {
  const service = fakeService(env);
  service.script.event.push(...replies);
  const session = makeSession(env, options);
  await session.init();
  return { service, session };
}

describe('back-off on transient failures', () => {
  it('waits base × 2^(n−1) scaled by the jitter, capped at 60 s', async () => {
    const { session } = await readySession(Array(9).fill({ status: 503 }), { random: () => 0.5 });
    session.track('x');
    await vi.advanceTimersByTimeAsync(200_000);
    const times = sentAt.map(([, t]) => t);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps).toEqual([500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(session.snapshot().events[0]).toMatchObject({ state: 'acknowledged', attempts: 10 });
    expect(env.lines.error[0]).toBe(`Error tracking queued event x ${session.snapshot().events[0]!.id}: HTTP 503`);
  });

  it('draws the jitter from the injected random source (full jitter)', async () => {
    const draws = [0, 0.999, 0.25];
    const { session } = await readySession(Array(3).fill({ status: 500 }), { random: () => draws.shift()! });
    session.track('x');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sentAt.map(([, t]) => t)).toEqual([0, 0, 1998, 2998]);
  });

  it('honours a larger Retry-After in seconds or as an HTTP date, and ignores a smaller one', async () => {
    const date = new Date(t0 + 42_000).toUTCString();
    const replies = [
      { status: 429, headers: { 'Retry-After': '10' } },
      { status: 503, headers: { 'Retry-After': date } },
      { status: 503, headers: { 'Retry-After': '0' } },
    ];
    const { session } = await readySession(replies);
    session.track('x');
    await vi.advanceTimersByTimeAsync(0);
    expect(session.snapshot().events[0]).toMatchObject({
      state: 'retry_scheduled',
      httpStatus: 429,
      nextAttemptAt: t0 + 10_000,
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sentAt.map(([, t]) => t)).toEqual([0, 10_000, 42_000, 44_000]);
  });

  it.each([
    ['408', { status: 408 }],
    ['500', { status: 500 }],
    ['a network error', new TypeError('fetch failed')],
  ])('treats %s as transient', async (_, reply) => {
    const { session } = await readySession([reply as Reply]);
    session.track('x');
    await vi.advanceTimersByTimeAsync(0);
    expect(session.snapshot().events[0]!.state).toBe('retry_scheduled');
    await vi.advanceTimersByTimeAsync(500);
    expect(session.snapshot().events[0]!.state).toBe('acknowledged');
  });

  it('aborts a request after the time-out and retries it', async () => {
    const { session } = await readySession([new Promise<Reply>(() => undefined)], { timeoutMs: 2000 });
    session.track('x');
    await vi.advanceTimersByTimeAsync(1999);
    expect(session.snapshot().events[0]!.state).toBe('in_flight');
    await vi.advanceTimersByTimeAsync(1);
    expect(session.snapshot().events[0]).toMatchObject({ state: 'retry_scheduled', reason: 'timed out after 2000 ms' });
    await vi.advanceTimersByTimeAsync(500);
    expect(sentAt).toEqual([
      ['x', 0],
      ['x', 2500],
    ]);
  });

  it('holds later events behind a failing head (order is kept)', async () => {
    const { session } = await readySession([{ status: 503 }, { status: 503 }]);
    session.track('first');
    session.track('second');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sentAt).toEqual([
      ['first', 0],
      ['first', 500],
      ['first', 1500],
      ['second', 1500],
    ]);
  });
});

describe('dead letters (terminal 4xx)', () => {
  it.each([400, 404, 422])('moves the event to the dead letters on %i and goes on with the next', async (status) => {
    const { session } = await readySession([{ status, json: { error: 'data.metadata must be an object' } }]);
    const bad = session.track('bad');
    session.track('good');
    await vi.advanceTimersByTimeAsync(0);
    const reason = `HTTP ${status}: data.metadata must be an object`;
    expect(session.snapshot().events.map((e) => [e.event, e.state])).toEqual([
      ['bad', 'dead_lettered'],
      ['good', 'acknowledged'],
    ]);
    expect(session.snapshot().events[0]).toMatchObject({ httpStatus: status, reason });
    expect(stored<DeadLetter>(keys.deadLetters)).toEqual([
      { event: expect.objectContaining({ id: bad }), reason, httpStatus: status, at: '2025-03-01T12:00:00.000Z' },
    ]);
    expect(stored(keys.outbox)).toEqual([]);
    expect(session.deadLetters()).toHaveLength(1);
    expect(env.lines.error).toEqual([`Error tracking queued event bad ${bad}: ${reason}`]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sentAt).toHaveLength(2);
  });

  it('delivery() resolves true when acknowledged and false when dead-lettered', async () => {
    const { session } = await readySession([{ status: 400 }]);
    const bad = session.delivery(session.track('bad'));
    const good = session.delivery(session.track('good'));
    await vi.advanceTimersByTimeAsync(0);
    await expect(bad).resolves.toBe(false);
    await expect(good).resolves.toBe(true);
  });
});
