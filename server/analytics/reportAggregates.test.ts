import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v4 as uuidv4 } from 'uuid';
import { attributeConversions } from './attribution.js';
import { AGGREGATE_LIST, splitPeriod } from './reportAggregates.js';
import { reportSeedEvents } from './reportSeed.js';
import type { AnalyticsStore, NewEvent } from './store.js';
import { openIsolatedStore, TEST_NOW } from './testing/testServer.js';
import type { AnalyticsEvent } from './types.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let store: AnalyticsStore;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ store, close } = await openIsolatedStore());
});
afterEach(() => close());

const rows = (shopId: string, visitorId: string, events: Array<Record<string, unknown>>): NewEvent[] =>
  events.map((event) => ({
    shopId,
    visitorId,
    event: event as unknown as AnalyticsEvent,
    receivedAt: new Date(TEST_NOW).toISOString(),
  }));

// Old rows stored before fields were typed on arrival: each must count as absent, never break a sum.
const poisoned = (at: number): Array<Record<string, unknown>> =>
  [
    { list_name: 'search_results', products: { product_id: 'x' } },
    { list_name: 'search_results', products: [{ product_id: 'b1', list_position: 'first' }, 7] },
    { lcp_ms: 'slow', device_class: 3 },
  ].map((metadata, seq) => ({
    id: uuidv4(),
    seq,
    event: 'lcp_ms' in metadata ? 'page:web_vitals' : 'ecommerce:product_impressions',
    data: { metadata },
    url: 'http://127.0.0.1:4173/outdoor/boots',
    timestamp: new Date(at).toISOString(),
    environment: 'development',
  }));

/** Four days of the hand-counted set, a visitor per day at shifting hours, plus old poisoned rows. */
async function seed(): Promise<void> {
  for (let day = 0; day < 4; day++) {
    const now = TEST_NOW - day * DAY - day * 5 * HOUR;
    // Conversions attributed as the service does on arrival, so their aggregates hold listings and positions.
    const outdoor = rows('outdoor', `v${day}`, [...reportSeedEvents('outdoor', now), ...poisoned(now)]);
    await store.insertEvents(await attributeConversions(store, outdoor));
    await store.insertEvents(
      await attributeConversions(store, rows('garden', `g${day}`, reportSeedEvents('garden', now))),
    );
  }
}

const PERIODS: Array<[string, string]> = [
  ['2024-04-27T00:00:00.000Z', '2024-05-02T00:00:00.000Z'],
  ['2024-04-28T07:30:00.000Z', '2024-05-01T10:59:59.999Z'],
  ['2024-04-29T00:00:00.000Z', '2024-04-30T00:00:00.000Z'],
  ['2024-04-30T06:00:00.000Z', '2024-04-30T18:00:00.000Z'],
  ['2024-04-25T00:00:00.000Z', '2024-04-27T00:00:00.000Z'],
];

async function expectAggregatesMatchEvents(shop: string): Promise<void> {
  for (const [from, to] of PERIODS) {
    expect(await store.report(shop, from, to), `${from} to ${to}`).toEqual(
      await store.report(shop, from, to, { fromEvents: true }),
    );
  }
}

/** Every aggregate row, in key order, as the store holds it. */
async function aggregateRows(): Promise<unknown[][]> {
  const client = store.limiterClient;
  return Promise.all(
    AGGREGATE_LIST.map(async ({ table, keys }) => {
      const sql = `SELECT * FROM ${table} ORDER BY ${keys.join(', ')}`;
      return client.kind === 'sqlite' ? client.db.prepare(sql).all() : (await client.pool.query(sql)).rows;
    }),
  );
}

describe("the report's aggregates", () => {
  it('cut a period into whole days and the partial days at either end', () => {
    expect(splitPeriod('2024-04-28T07:30:00.000Z', '2024-05-01T11:00:00.000Z')).toEqual({
      dayFrom: '2024-04-29',
      dayTo: '2024-05-01',
      edges: [
        ['2024-04-28T07:30:00.000Z', '2024-04-29T00:00:00.000Z'],
        ['2024-05-01T00:00:00.000Z', '2024-05-01T11:00:00.000Z'],
      ],
    });
    expect(splitPeriod('2024-04-30T06:00:00.000Z', '2024-04-30T18:00:00.000Z').edges[0]).toEqual([
      '2024-04-30T06:00:00.000Z',
      '2024-04-30T18:00:00.000Z',
    ]);
  });

  it('give the report that counting every event gives, for whole and partial days', async () => {
    await seed();
    const [from, to] = PERIODS[0]!;
    const report = await store.report('outdoor', from, to);
    expect(report.positions.find((row) => row.listing === '/outdoor/boots' && row.position === 1)).toEqual({
      listing: '/outdoor/boots',
      position: 1,
      // 3 a day, and the day-before-yesterday's stray b9 of the two latest days.
      impressions: 14,
      clicks: 8,
    });
    expect(report.vitals).toContainEqual({ deviceClass: 'mobile', metric: 'lcp_ms', p75: 3000, samples: 16 });
    await expectAggregatesMatchEvents('outdoor');
    await expectAggregatesMatchEvents('garden');
  });

  it('rebuilt from the events equal those kept as events arrived', async () => {
    await seed();
    const kept = await aggregateRows();
    expect(kept.every((table) => table.length > 0)).toBe(true);
    expect(await store.rebuildReport()).toBeGreaterThan(0);
    expect(await aggregateRows()).toEqual(kept);
    await store.rebuildReport('garden');
    expect(await aggregateRows()).toEqual(kept);
  });

  it('lose what an erasure deletes', async () => {
    await seed();
    const [from, to] = PERIODS[0]!;
    const before = await store.report('outdoor', from, to);
    const at = new Date(TEST_NOW).toISOString();
    await store.privacy.eraseVisitor('outdoor', 'v1', { id: uuidv4(), at, actor: 'cli', reference: null });
    const after = await store.report('outdoor', from, to);
    // v1's 3 impressions at position 1, and its stray b9 three days before.
    expect(after.positions[0]!.impressions).toBe(before.positions[0]!.impressions - 4);
    await expectAggregatesMatchEvents('outdoor');
  });
});
