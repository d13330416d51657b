import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, type FakeEnv } from '../testing/stores.js';
import { outboxKeys } from './outbox.js';
import { fakeLifecycle, fakeService, makeSession, testLocks } from '../testing/analytics.js';
import type { AnalyticsEvent } from './types.js';

configure({ enforceActions: 'always' });

let env: FakeEnv;
const t0 = Date.parse('2025-03-01T12:00:00Z');
const keys = outboxKeys('maple');
const iso = (ms: number) => new Date(ms).toISOString();

/** Epoch ms of every `/v3/event` send of `name` (times come from the fake clock). */
let sendTimes: Array<[string, number]>;
/** Epoch ms of every identity request. */
let identityTimes: number[];

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(t0);
  env = fakeEnv();
  sendTimes = [];
  identityTimes = [];
  const request = env.transport.request.bind(env.transport);
  env.transport.request = (url, init) => {
    if (url.endsWith('/v3/event')) sendTimes.push([(init?.body as AnalyticsEvent).event, Date.now()]);
    if (url.endsWith('/v3/identity')) identityTimes.push(Date.now());
    return request(url, init);
  };
});
afterEach(() => vi.useRealTimers());

/**
 * A service whose event endpoint answers 401 to every token while `refusing` is true (identity
 * keeps issuing tokens, as when the service's signing key no longer matches), 202 otherwise.
 */
function refusingService() {
  const service = fakeService(env);
  const state = { refusing: true };
  const request = env.transport.request;
  env.transport.request = (url, init) => {
    if (state.refusing && url.endsWith('/v3/event')) service.script.event.unshift({ status: 401 });
    if (state.refusing && url.endsWith('/v3/batch')) service.script.batch.unshift({ status: 401 });
    return request(url, init);
  };
  return { service, state };
}

const debugPhases = (phase: string) =>
  env.events
    .map((e) => e.detail as Record<string, unknown>)
    .filter((detail) => detail.source === 'analytics' && detail.phase === phase);

describe('a service that refuses every token', () => {
  it('sends an event exactly 3 times in its first 30 s and asks for identity at most 3 times', async () => {
    refusingService();
    const session = makeSession(env);
    await session.init();
    session.track('navigate:visit_page');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sendTimes).toEqual([
      ['navigate:visit_page', t0],
      ['navigate:visit_page', t0],
      ['navigate:visit_page', t0],
    ]);
    expect(identityTimes).toEqual([t0, t0, t0]); // the first token, then one fresh token per refusal
    session.dispose();
  });

  it('shows the event as waiting with its reason and next attempt, in the snapshot and the debug events', async () => {
    refusingService();
    const session = makeSession(env);
    await session.init();
    session.track('x');
    await vi.advanceTimersByTimeAsync(0);
    const next = t0 + 31_500; // 30 s plus a tenth of it times the fixed jitter of 0.5
    const reason = `token refused 3 times; next attempt at ${iso(next)}`;
    expect(session.snapshot().events[0]).toMatchObject({
      state: 'retry_scheduled',
      httpStatus: 401,
      attempts: 3,
      reason,
      nextAttemptAt: next,
    });
    expect(debugPhases('retry_scheduled')).toEqual([
      expect.objectContaining({ event: 'x', httpStatus: 401, reason, nextAttemptAt: next, waiting: 'token_refused' }),
    ]);
    expect(JSON.parse(env.store.get(keys.waits)!)).toEqual({
      [session.snapshot().events[0]!.id]: { at: next, rounds: 1 },
    });
    session.dispose();
  });

  it('waits longer after each refused round, doubling up to about 10 minutes', async () => {
    refusingService();
    const session = makeSession(env);
    await session.init();
    session.track('x');
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    // Each round is three sends at the same instant; the rounds start after 31.5 s, 63 s, 126 s, …
    const rounds = [...new Set(sendTimes.map(([, at]) => at))];
    expect(sendTimes).toHaveLength(rounds.length * 3);
    const gaps = rounds.slice(1).map((at, i) => at - rounds[i]!);
    expect(gaps).toEqual([31_500, 63_000, 126_000, 252_000, 504_000, 600_000, 600_000, 600_000, 600_000]);
    // Identity: the first token plus two fresh ones per round, never more.
    expect(identityTimes).toHaveLength(1 + 2 * rounds.length);
    session.dispose();
  });

  it('delivers the event exactly once when tokens are accepted again, then the rest in order', async () => {
    const { service, state } = refusingService();
    const session = makeSession(env);
    await session.init();
    const first = session.track('first');
    session.track('second');
    session.track('third');
    await vi.advanceTimersByTimeAsync(20_000);
    expect(session.snapshot().events.map((e) => e.state)).toEqual(['retry_scheduled', 'queued', 'queued']);
    state.refusing = false;
    await vi.advanceTimersByTimeAsync(11_500);
    expect(service.sent()).toEqual(['first', 'first', 'first', 'first', 'second', 'third']);
    expect(session.snapshot().events.map((e) => e.state)).toEqual(['acknowledged', 'acknowledged', 'acknowledged']);
    expect(env.store.get(keys.waits)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(service.sent().filter((name) => name === 'first')).toHaveLength(4);
    await expect(session.delivery(first)).resolves.toBe(true);
    session.dispose();
  });

  it('keeps the next-attempt time across a reload (a new session over the same storage)', async () => {
    refusingService();
    const before = makeSession(env);
    await before.init();
    before.track('x');
    await vi.advanceTimersByTimeAsync(5_000);
    before.dispose();
    expect(sendTimes).toHaveLength(3);

    const after = makeSession(env);
    expect(after.snapshot().events[0]).toMatchObject({
      state: 'retry_scheduled',
      reason: `token refused 3 times; next attempt at ${iso(t0 + 31_500)}`,
      nextAttemptAt: t0 + 31_500,
    });
    await after.init();
    await vi.advanceTimersByTimeAsync(26_499);
    expect(sendTimes).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(sendTimes).toHaveLength(6);
    // The reloaded page goes on with the next, longer wait rather than starting over.
    expect(after.snapshot().events[0]!.nextAttemptAt).toBe(t0 + 31_500 + 63_000);
    after.dispose();
  });

  it('lets a second tab that takes over the sending keep the wait', async () => {
    refusingService();
    const locks = testLocks();
    const tabA = makeSession(env, { locks });
    const lifecycleB = fakeLifecycle();
    const tabB = makeSession(env, { locks, lifecycle: lifecycleB });
    await tabA.init();
    await tabB.init();
    tabA.track('x');
    lifecycleB.storageChange(keys.outbox); // tab B hears of it and queues for the sender lock
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sendTimes).toHaveLength(3);
    tabA.dispose(); // tab B gets the lock and finds the event waiting
    await vi.advanceTimersByTimeAsync(21_499);
    expect(sendTimes).toHaveLength(3);
    expect(tabB.snapshot().events[0]).toMatchObject({ state: 'retry_scheduled', nextAttemptAt: t0 + 31_500 });
    await vi.advanceTimersByTimeAsync(1);
    expect(sendTimes).toHaveLength(6);
    tabB.dispose();
  });

  it('does not send a keepalive batch while the event waits', async () => {
    const { service } = refusingService();
    const session = makeSession(env);
    await session.init();
    session.track('x');
    await vi.advanceTimersByTimeAsync(0);
    const identities = identityTimes.length;
    session.flush('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(service.requests('/v3/batch')).toHaveLength(0);
    expect(identityTimes).toHaveLength(identities);
    expect(debugPhases('flush_skipped').at(-1)).toMatchObject({ reason: 'waiting after refused tokens' });
    session.dispose();
  });

  it('ends the round when the identity service refuses too, and waits', async () => {
    const service = fakeService(env);
    const session = makeSession(env);
    await session.init();
    service.script.event.push({ status: 401 });
    service.script.identity.push({ status: 403 });
    session.track('x');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sendTimes).toHaveLength(1);
    expect(identityTimes).toHaveLength(2);
    expect(session.snapshot().events[0]).toMatchObject({
      state: 'retry_scheduled',
      httpStatus: 403,
      reason: `identity refused (HTTP 403); next attempt at ${iso(t0 + 31_500)}`,
    });
    expect(debugPhases('retry_scheduled').at(-1)).toMatchObject({ waiting: 'identity_refused', rounds: 1 });
    await vi.advanceTimersByTimeAsync(1_500);
    expect(session.snapshot().events[0]!.state).toBe('acknowledged');
    session.dispose();
  });
});

describe('an identity request the service refuses', () => {
  it.each([413, 400, 401, 403])('retries after HTTP %i with a slow back-off instead of giving up', async (status) => {
    const service = fakeService(env);
    service.script.identity.push({ status });
    const session = makeSession(env);
    session.track('navigate:visit_page');
    await expect(session.init()).rejects.toThrow(`identity request failed: HTTP ${status}`);
    expect(debugPhases('identity_failed')).toEqual([
      expect.objectContaining({ httpStatus: status, retryInMs: 31_500 }),
    ]);
    await vi.advanceTimersByTimeAsync(31_499);
    expect(identityTimes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(session.status).toBe('ready');
    expect(service.sent()).toEqual(['navigate:visit_page']);
    session.dispose();
  });
});
