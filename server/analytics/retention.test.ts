import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigError } from './config.js';
import { applyRetention, DEFAULT_RETENTION_DAYS, parseRetentionDays, scheduleRetention } from './retention.js';
import type { AnalyticsStore } from './store.js';
import { openIsolatedStore, sampleEvent } from './testing/testServer.js';
import type { AnalyticsEvent } from './types.js';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const DAY = 24 * 3600 * 1000;
let store: AnalyticsStore;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ store, close } = await openIsolatedStore());
});
afterEach(async () => {
  await close();
});

/** Stores `count` events of `visitor` received `daysAgo` days before NOW, and its identity as last seen then. */
async function received(visitor: string, daysAgo: number, count: number): Promise<void> {
  const at = new Date(NOW - daysAgo * DAY).toISOString();
  for (let i = 0; i < count; i++) {
    const event = sampleEvent({ timestamp: at }) as unknown as AnalyticsEvent;
    await store.insertEvents([{ shopId: 'outdoor', visitorId: visitor, event, receivedAt: at }]);
  }
  await store.recordIdentity('outdoor', visitor, undefined, at);
}

describe('retention', () => {
  it('deletes events and identities older than the period, batch by batch, and keeps the rest', async () => {
    await received('old', 400, 7);
    await received('recent', 10, 2);
    const between = vi.fn(async () => undefined);
    const removed = await applyRetention(store, 395, NOW, { batch: 3, between });
    expect(removed).toEqual({ events: 7, identities: 1 });
    // Three batches (3, 3, 1): the event loop was handed back between them.
    expect(between).toHaveBeenCalledTimes(2);
    expect((await store.list({ shopId: 'outdoor' })).map((e) => e.visitor_id)).toEqual(['recent', 'recent']);
    const [entry] = await store.privacy.auditLog(1);
    expect(entry).toMatchObject({ action: 'retention', shopId: null, actor: 'retention', events: 7, identities: 1 });
  });

  it('lets events arrive between its batches, and keeps them', async () => {
    await received('old', 500, 4);
    const arriving = async (): Promise<void> => received('arriving', 0, 1);
    await applyRetention(store, 395, NOW, { batch: 2, between: arriving });
    expect((await store.list({ shopId: 'outdoor' })).map((e) => e.visitor_id)).toEqual(['arriving', 'arriving']);
  });

  it('writes nothing to the audit log when nothing had expired', async () => {
    await received('recent', 1, 1);
    expect(await applyRetention(store, 395, NOW)).toEqual({ events: 0, identities: 0 });
    expect(await store.privacy.auditLog(10)).toEqual([]);
  });

  it('runs at once and then every interval, never after it is stopped', async () => {
    const timers: Array<{ run: () => void; ms: number }> = [];
    const stop = scheduleRetention({
      store,
      days: 395,
      now: () => NOW,
      intervalMs: 1000,
      timers: { setTimeout: (run, ms) => timers.push({ run, ms }), clearTimeout: () => undefined },
    });
    await received('old', 400, 1);
    timers.shift()!.run();
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    expect(timers[0]!.ms).toBe(1000);
    expect(await store.list({ shopId: 'outdoor' })).toEqual([]);
    stop();
    timers.shift()!.run();
    await new Promise((resolve) => setImmediate(resolve));
    expect(timers).toHaveLength(0);
  });

  it.each([
    [undefined, DEFAULT_RETENTION_DAYS],
    ['30', 30],
  ])('reads ANALYTICS_RETENTION_DAYS %s as %i days', (text, days) => {
    expect(parseRetentionDays(text)).toBe(days);
  });

  it.each(['0', '-1', '1.5', '3651', 'forever'])('refuses ANALYTICS_RETENTION_DAYS=%s', (text) => {
    expect(() => parseRetentionDays(text)).toThrow(ConfigError);
  });
});
