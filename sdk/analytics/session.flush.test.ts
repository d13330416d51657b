import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, type FakeEnv } from '../testing/stores.js';
import { BATCH_EVENT_LIMIT, KEEPALIVE_BODY_LIMIT, keepaliveChunks } from './flush.js';
import { outboxKeys } from './outbox.js';
import { after, fakeLifecycle, fakeService, makeSession, testLocks } from '../testing/analytics.js';
import type { AnalyticsEvent } from './types.js';

configure({ enforceActions: 'always' });

let env: FakeEnv;
const keys = outboxKeys('maple');
const outbox = () => JSON.parse(env.store.get(keys.outbox) ?? '[]') as AnalyticsEvent[];
const bodyBytes = (events: AnalyticsEvent[]) => new TextEncoder().encode(JSON.stringify({ events })).length;
const event = (seq: number, padding: number): AnalyticsEvent => ({
  id: `id-${seq}`,
  seq,
  event: 'search:display_results',
  data: { metadata: { result_ids: 'é'.repeat(padding) } },
  url: 'http://shop.test/maple/dresses',
  timestamp: '2025-03-01T12:00:00.000Z',
  environment: 'production',
});

beforeEach(() => {
  vi.useFakeTimers();
  env = fakeEnv();
});
afterEach(() => vi.useRealTimers());

describe('keepalive chunks', () => {
  it('keeps every body under 48 KiB and 100 events, in order', () => {
    const events = Array.from({ length: 300 }, (_, i) => event(i + 1, (i * 37) % 3000));
    const chunks = keepaliveChunks(events);
    expect(chunks.flat()).toEqual(events);
    for (const chunk of chunks) {
      expect(bodyBytes(chunk)).toBeLessThan(KEEPALIVE_BODY_LIMIT);
      expect(chunk.length).toBeLessThanOrEqual(BATCH_EVENT_LIMIT);
    }
    expect(chunks.length).toBeGreaterThan(3); // the byte limit, not only the count, split them
  });

  it('stops before an event too big for any batch, so nothing overtakes it', () => {
    const chunks = keepaliveChunks([event(1, 10), event(2, 30_000), event(3, 10)]);
    expect(chunks.flat().map((e) => e.seq)).toEqual([1]);
  });
});

describe('flush on hidden and pagehide', () => {
  async function hiddenPage() {
    const service = fakeService(env);
    const lifecycle = fakeLifecycle();
    const session = makeSession(env, { lifecycle });
    await session.init();
    service.script.event.push(new Promise(() => undefined)); // the sender is stuck on its first event
    for (let i = 0; i < 150; i++) session.track('search:display_results', { metadata: { blob: 'x'.repeat(600) } });
    return { service, lifecycle, session };
  }

  it('sends everything pending to /v3/batch with keepalive, chunk after chunk, and settles it', async () => {
    const { service, lifecycle, session } = await hiddenPage();
    lifecycle.pageHide();
    await vi.advanceTimersByTimeAsync(0);
    const batches = service.requests('/v3/batch');
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      expect(batch.init).toMatchObject({
        keepalive: true,
        credentials: 'same-origin',
        headers: { Authorization: expect.stringMatching(/^Bearer /) },
      });
      expect(bodyBytes((batch.init.body as { events: AnalyticsEvent[] }).events)).toBeLessThan(KEEPALIVE_BODY_LIMIT);
    }
    const seqs = batches.flatMap((b) => (b.init.body as { events: AnalyticsEvent[] }).events.map((e) => e.seq));
    expect(seqs).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(outbox()).toEqual([]);
    expect(session.snapshot().events.every((e) => e.state === 'acknowledged')).toBe(true);
  });

  it('keeps events in the outbox until acknowledged, and sends no chunk after a failed one', async () => {
    const { service, lifecycle } = await hiddenPage();
    service.script.batch.push(after(10, { status: 503 }));
    lifecycle.hide();
    await vi.advanceTimersByTimeAsync(10);
    expect(service.requests('/v3/batch')).toHaveLength(1);
    expect(outbox()).toHaveLength(150);
  });

  it('dead-letters the events a batch refuses with 400', async () => {
    const { service, lifecycle, session } = await hiddenPage();
    service.script.batch.push({
      status: 202,
      json: { results: [{ id: outbox()[0]!.id, status: 400, error: 'bad event' }] },
    });
    lifecycle.hide();
    await vi.advanceTimersByTimeAsync(0);
    expect(session.snapshot().events[0]).toMatchObject({
      state: 'dead_lettered',
      httpStatus: 400,
      reason: 'HTTP 400 in batch: bad event',
    });
    expect(outbox()).toHaveLength(149); // the rest of the chunk had no result: still pending
  });
});

describe('events recorded as the page leaves', () => {
  it('go to the outbox and out with the keepalive flush, never in a request of their own', async () => {
    const service = fakeService(env);
    const lifecycle = fakeLifecycle();
    const session = makeSession(env, { lifecycle });
    await session.init();
    const id = session.trackOnLeave('page:web_vitals', { metadata: { lcp_ms: '1200' } });
    await vi.advanceTimersByTimeAsync(1000);
    // A plain request in flight as the shopper leaves would keep the page out of the back/forward cache.
    expect(service.requests('/v3/event')).toEqual([]);
    expect(outbox().map((e) => e.id)).toEqual([id]);
    lifecycle.pageHide();
    await vi.advanceTimersByTimeAsync(0);
    const [batch] = service.requests('/v3/batch');
    expect(batch?.init).toMatchObject({ keepalive: true });
    expect((batch?.init.body as { events: AnalyticsEvent[] }).events.map((e) => e.id)).toEqual([id]);
    expect(outbox()).toEqual([]);
  });
});

describe('observability', () => {
  it('snapshot, debug events and logs never contain the token', async () => {
    const service = fakeService(env);
    service.script.event.push({ status: 401 }, { status: 500 }, { status: 400 });
    const session = makeSession(env);
    await session.init();
    session.track('a');
    session.track('b');
    await vi.advanceTimersByTimeAsync(5000);
    const secrets = new Set(
      env.requests.flatMap((r) => Object.values(r.init.headers ?? {})).map((h) => h.replace('Bearer ', '')),
    );
    secrets.add(env.store.get('analytics-token')!);
    expect(secrets.size).toBe(2); // the first token and the one issued after the 401
    const exposed = JSON.stringify([session.snapshot(), env.events, env.lines]);
    for (const secret of secrets) {
      expect(exposed).not.toContain(secret);
      expect(exposed).not.toContain(secret.split('.')[2]);
    }
    expect(
      env.events.every((e) => e.name === 'aisle:debug' && (e.detail as { source: string }).source === 'analytics'),
    ).toBe(true);
    expect(env.events.map((e) => (e.detail as { phase: string }).phase)).toEqual(
      expect.arrayContaining([
        'init',
        'identity_request',
        'token_issued',
        'ready',
        'queued',
        'send',
        'token_refresh',
        'retry_scheduled',
        'acknowledged',
        'dead_lettered',
      ]),
    );
    expect(JSON.parse(JSON.stringify(session.snapshot()))).toEqual(session.snapshot());
  });

  it('dispose removes every listener and timer and aborts what is in flight', async () => {
    const service = fakeService(env);
    const lifecycle = fakeLifecycle();
    const session = makeSession(env, { lifecycle });
    await session.init();
    service.script.event.push({ status: 503 });
    session.track('waiting-for-retry');
    await vi.advanceTimersByTimeAsync(0);
    const second = makeSession(env, { lifecycle: fakeLifecycle() });
    const pendingInit = second.init();
    const waiting = second.init();
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    session.dispose();
    second.dispose();
    expect(vi.getTimerCount()).toBe(0);
    expect(lifecycle.listeners()).toBe(0);
    await expect(waiting).resolves.toBeNull();
    await expect(pendingInit).resolves.toBeNull(); // a disposed session never becomes ready
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('breaks no MobX rule (enforceActions: always)', async () => {
    const warn = vi.spyOn(console, 'warn');
    fakeService(env).script.event.push({ status: 401 }, { status: 503 });
    const session = makeSession(env);
    session.track('a');
    await session.init();
    await vi.advanceTimersByTimeAsync(5000);
    expect(session.snapshot().events[0]!.state).toBe('acknowledged');
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('one sender per shop across tabs', () => {
  it('two tabs share the outbox: one sends at a time, each event once, in sequence order', async () => {
    const service = fakeService(env);
    service.script.event.push(after(30, { status: 202 }));
    const locks = testLocks();
    const tabA = makeSession(env, { locks });
    const tabB = makeSession(env, { locks });
    await Promise.all([tabA.init(), tabB.init()]);
    for (let i = 0; i < 5; i++) {
      tabA.track(`a${i}`);
      tabB.track(`b${i}`);
    }
    await vi.advanceTimersByTimeAsync(100);
    expect(service.sent()).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'b2', 'a3', 'b3', 'a4', 'b4']);
    expect(locks.maxHolders).toBe(1);
    expect(outbox()).toEqual([]);
    // The tab that did not send learns its events were delivered when it next holds the lock.
    for (const tab of [tabA, tabB]) expect(tab.snapshot().events.every((e) => e.state === 'acknowledged')).toBe(true);
    tabA.dispose();
    tabB.dispose();
  });

  it('a ready tab sends the events another tab queued and left, when told storage changed', async () => {
    const service = fakeService(env);
    const lifecycle = fakeLifecycle();
    const locks = testLocks();
    const tabA = makeSession(env, { locks, lifecycle });
    await tabA.init();
    const tabB = makeSession(env, { locks });
    tabB.track('from-b'); // B never becomes ready (say its tab closes at once)
    tabB.dispose();
    lifecycle.storageChange('some-other-key');
    await vi.advanceTimersByTimeAsync(0);
    expect(service.sent()).toEqual([]);
    lifecycle.storageChange(keys.outbox);
    await vi.advanceTimersByTimeAsync(0);
    expect(service.sent()).toEqual(['from-b']);
    tabA.dispose();
  });
});
