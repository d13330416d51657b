import type { IncomingMessage } from 'node:http';
import type Database from 'better-sqlite3';
import type pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkDelivery, drainChaos, runChaos } from '../../sdk/testing/chaosScript.js';
import { ConfigError, configFromEnv } from './config.js';
import {
  clientAddress,
  createRateLimits,
  DEFAULT_RATE_LIMITS,
  NO_RATE_LIMITS,
  SWEEP_EVERY_MS,
  type RateLimitSettings,
} from './rateLimits.js';
import { openSqliteStore } from './sqliteStore.js';
import { openAnalyticsStore } from './openStore.js';
import {
  ADMIN_KEY,
  sampleEvent,
  sharedDatabase,
  startTestService,
  testStore,
  type SharedDatabase,
  type TestService,
} from './testing/testServer.js';

let services: TestService[] = [];
let database: SharedDatabase | undefined;
afterEach(async () => {
  for (const service of services) await service.stop();
  await database?.drop();
  services = [];
  database = undefined;
});

async function start(limits: Partial<RateLimitSettings>, options: object = {}): Promise<TestService> {
  const service = await startTestService({ rateLimits: { ...NO_RATE_LIMITS, ...limits }, ...options });
  services.push(service);
  return service;
}

const perMinute = (points: number) => ({ points, seconds: 60 });

describe('a flood is answered 429 with Retry-After', () => {
  it('holds one visitor to its limit, single events and batches alike, while other visitors go on', async () => {
    const svc = await start({ visitor: perMinute(5) });
    const flooder = await svc.identify('outdoor', 'flooder');
    for (let sent = 0; sent < 5; sent += 1)
      expect((await svc.call('/v3/event', { token: flooder, json: sampleEvent() })).status).toBe(202);
    const refused = await svc.call('/v3/event', { token: flooder, json: sampleEvent() });
    expect(refused).toMatchObject({
      status: 429,
      body: { error: expect.stringMatching(/^too many events from this visitor: at most 5 per 60 s; retry in \d+ s$/) },
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await svc.call('/v3/batch', { token: flooder, json: { events: [sampleEvent()] } })).status).toBe(429);
    // Refused before its body is read: a flood's batches cost no parsing.
    expect((await svc.call('/v3/batch', { token: flooder, method: 'POST', body: '{"events": [' })).status).toBe(429);
    const legacy = await svc.call('/v2/trackEvent', {
      json: { token: flooder, event: 'navigate:visit_page', url: 'http://shop/x' },
    });
    expect(legacy.status).toBe(429);

    const other = await svc.identify('outdoor', 'shopper');
    expect((await svc.call('/v3/event', { token: other, json: sampleEvent() })).status).toBe(202);
    expect((await svc.list('?shop_id=outdoor')).length).toBe(6);
  });

  it('holds each refusal for the configured time before sending it, and nothing else', async () => {
    const waits: number[] = [];
    // The service's clock for waits: recorded, and over at once.
    const wait = async (ms: number) => void waits.push(ms);
    const svc = await start({ visitor: perMinute(100), holdMs: 1000 }, { wait });
    const token = await svc.identify('outdoor', 'flooder');
    const events = (size: number) => ({ events: Array.from({ length: size }, () => sampleEvent()) });
    expect((await svc.call('/v3/batch', { token, json: { events: [] } })).status).toBe(400);
    expect((await svc.call('/v3/batch', { token, json: events(100) })).status).toBe(202);
    expect(waits).toEqual([]);
    expect((await svc.call('/v3/event', { token, json: sampleEvent() })).status).toBe(429);
    expect((await svc.call('/v3/batch', { token, json: events(1) })).status).toBe(429);
    expect(waits).toEqual([1000, 1000]);
  });

  it('counts a batch by its events, so a batch cannot carry a flood past the limit', async () => {
    const svc = await start({ visitor: perMinute(10) });
    const token = await svc.identify('outdoor');
    const batch = (size: number) => ({ events: Array.from({ length: size }, () => sampleEvent()) });
    expect((await svc.call('/v3/batch', { token, json: batch(8) })).status).toBe(202);
    expect((await svc.call('/v3/batch', { token, json: batch(8) })).status).toBe(429);
    expect((await svc.list()).length).toBe(8);
  });

  it("holds a shop's visitors together to the shop's limit, and other shops go on", async () => {
    const svc = await start({ shop: perMinute(4) });
    for (const visitor of ['a', 'b'])
      for (let sent = 0; sent < 2; sent += 1) {
        const token = await svc.identify('outdoor', visitor);
        expect((await svc.call('/v3/event', { token, json: sampleEvent() })).status).toBe(202);
      }
    const late = await svc.identify('outdoor', 'c');
    expect(await svc.call('/v3/event', { token: late, json: sampleEvent() })).toMatchObject({
      status: 429,
      body: { error: expect.stringContaining('too many events for shop outdoor') },
    });
    const elsewhere = await svc.identify('garden', 'c');
    expect((await svc.call('/v3/event', { token: elsewhere, json: sampleEvent() })).status).toBe(202);
  });

  it('holds one address to its limit of identity and event requests, but never health checks or keyed reads', async () => {
    const svc = await start({ address: perMinute(3) });
    for (let asked = 0; asked < 3; asked += 1) await svc.identify('outdoor');
    const refused = await svc.call('/v3/identity', { json: { shop_id: 'outdoor' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect((await svc.call('/health/readiness')).status).toBe(200);
    expect((await svc.call('/v3/events', { token: ADMIN_KEY })).status).toBe(200);
  });

  it('shares the counts between processes over one database', async () => {
    database = await sharedDatabase();
    const limits = { visitor: perMinute(5) };
    const first = await start(limits, database.options);
    const second = await start(limits, database.options);
    const token = await first.identify('outdoor', 'flooder');
    for (const [svc, count] of [
      [first, 3],
      [second, 2],
    ] as const)
      for (let sent = 0; sent < count; sent += 1)
        expect((await svc.call('/v3/event', { token, json: sampleEvent() })).status).toBe(202);
    for (const svc of [first, second])
      expect((await svc.call('/v3/event', { token, json: sampleEvent() })).status).toBe(429);
  });
});

describe('the client loses nothing to a 429', () => {
  it('delivers every event once and in order through a visitor limit it keeps running into', async () => {
    // One event per 100 ms on average: the sessions' sends run into it again and again.
    const limits = { visitor: { points: 10, seconds: 1 }, shop: { points: 10, seconds: 1 } };
    // The sessions stamp events with the real time, so the service reads the real clock too.
    const svc = await start(limits, { now: Date.now });
    let refused = 0;
    const host = svc.base;
    const original = globalThis.fetch;
    // The sessions' transport uses the global fetch: counted here, to see the limit was met.
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const response = await original(input, init);
      if (response.status === 429) refused += 1;
      return response;
    }) as typeof fetch;
    try {
      const run = await runChaos({
        host,
        shop: 'limited',
        events: 40,
        seed: 3,
        timeoutMs: 2000,
        disturbRate: 0,
        disturb: async () => undefined,
      });
      await drainChaos(run, 30_000, 3);
      checkDelivery(run, await svc.list('?shop_id=limited'), 3);
    } finally {
      globalThis.fetch = original;
    }
    expect(refused).toBeGreaterThan(0);
  }, 40_000);
});

describe('the counters on PostgreSQL', () => {
  it.runIf(testStore === 'postgres')(
    "are written on connections of their own, whose commits do not wait for the disk, in the store's schema",
    async () => {
      database = await sharedDatabase();
      const opened = await openAnalyticsStore(database.options);
      try {
        const { pool } = opened.limiterClient as { pool: pg.Pool };
        expect((await pool.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('off');
        expect((await pool.query("SELECT to_regclass('rate_limits') IS NOT NULL AS found")).rows[0].found).toBe(true);
      } finally {
        await opened.close();
      }
    },
  );
});

describe('the counters of windows long over', () => {
  it('are swept every 5 minutes, and no sweep runs once the limits are closed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(Date.parse('2026-11-28T12:00:00Z'));
    const store = openSqliteStore(':memory:');
    const limits = createRateLimits(store, { ...NO_RATE_LIMITS, visitor: perMinute(100) });
    await limits.events('outdoor', 'visitor', 1);
    const { db } = store.limiterClient as { db: Database.Database };
    const counters = () => (db.prepare('SELECT count(*) AS n FROM rate_limits').get() as { n: number }).n;
    expect(counters()).toBe(1);
    await vi.advanceTimersByTimeAsync(SWEEP_EVERY_MS);
    expect(counters()).toBe(1); // its window ended a minute ago, not an hour
    await vi.advanceTimersByTimeAsync(12 * SWEEP_EVERY_MS);
    expect(counters()).toBe(0);
    limits.close();
    await store.close();
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });
});

describe('configuring the limits', () => {
  it('has documented defaults, reads N/S or off from the environment, and refuses anything else', () => {
    const production = { NODE_ENV: 'production', ANALYTICS_SECRET: 'a-production-secret-of-at-least-32-characters' };
    expect(configFromEnv(production).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(
      configFromEnv({
        ...production,
        ANALYTICS_RATE_VISITOR: '120/30',
        ANALYTICS_RATE_SHOP: 'off',
        ANALYTICS_RATE_ADDRESS: '10/1',
        ANALYTICS_TRUSTED_PROXIES: '10.0.0.2, ::ffff:10.0.0.3',
      }).rateLimits,
    ).toEqual({
      visitor: { points: 120, seconds: 30 },
      shop: null,
      address: { points: 10, seconds: 1 },
      trustedProxies: ['10.0.0.2', '10.0.0.3'],
      holdMs: 1000,
    });
    expect(configFromEnv({ ...production, ANALYTICS_RATE_HOLD_MS: '0' }).rateLimits.holdMs).toBe(0);
    expect(configFromEnv({ ...production, ANALYTICS_RATE_HOLD_MS: '250' }).rateLimits.holdMs).toBe(250);
    for (const [variable, value] of [
      ['ANALYTICS_RATE_VISITOR', '300 per minute'],
      ['ANALYTICS_RATE_VISITOR', '50/60'], // a batch of 100 could never be delivered
      ['ANALYTICS_RATE_ADDRESS', '10/0'],
      ['ANALYTICS_TRUSTED_PROXIES', 'lb.internal'],
      ['ANALYTICS_RATE_HOLD_MS', '1s'],
      ['ANALYTICS_RATE_HOLD_MS', '20000'],
    ] as const)
      expect(() => configFromEnv({ ...production, [variable]: value }), value).toThrow(ConfigError);
  });

  it('takes the client address from X-Forwarded-For only when a trusted load balancer sent it', () => {
    const request = (peer: string, forwarded?: string) =>
      ({
        socket: { remoteAddress: peer },
        headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
      }) as unknown as IncomingMessage;
    const trusted = new Set(['10.0.0.2']);
    expect(clientAddress(request('203.0.113.9', '198.51.100.1'), trusted)).toBe('203.0.113.9');
    expect(clientAddress(request('::ffff:10.0.0.2', 'spoofed, 198.51.100.1'), trusted)).toBe('198.51.100.1');
    expect(clientAddress(request('10.0.0.2', '198.51.100.1, 10.0.0.2'), trusted)).toBe('198.51.100.1');
    expect(clientAddress(request('10.0.0.2'), trusted)).toBe('10.0.0.2');
  });
});
