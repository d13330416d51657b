import { afterEach, describe, expect, it } from 'vitest';
import { openAnalyticsStore } from './openStore.js';
import type { AnalyticsEvent } from './types.js';
import {
  ADMIN_KEY,
  sampleEvent,
  sharedDatabase,
  startTestService,
  TEST_NOW,
  type TestService,
} from './testing/testServer.js';

const BOOTS = 'http://127.0.0.1:4173/outdoor/boots';
const DAY = 86_400_000;
const PERIOD = `from=${new Date(TEST_NOW - DAY).toISOString()}&to=${new Date(TEST_NOW).toISOString()}`;

const event = (name: string, metadata: Record<string, unknown>): Record<string, unknown> =>
  sampleEvent({ event: name, data: { metadata }, url: BOOTS });

// Each of these, once stored, made PostgreSQL's report answer 500 for its whole period.
const POISON: Array<[string, Record<string, unknown>, string]> = [
  [
    'a click at a position given as text',
    event('ecommerce:product_click', { list_name: 'search_results', list_position: 'first', product_id: 'b2' }),
    'data.metadata.list_position must be an integer >= 1',
  ],
  [
    'impressions whose products are an object',
    event('ecommerce:product_impressions', {
      list_name: 'search_results',
      products: { first: { product_id: 'b1', list_position: 1, page_number: 1 } },
    }),
    'data.metadata.products must be an array of products',
  ],
  [
    'a seen product at a position given as text',
    event('ecommerce:product_impressions', {
      list_name: 'search_results',
      products: [{ product_id: 'b2', list_position: '2', page_number: 1 }, 7],
    }),
    'data.metadata.products[0].list_position must be an integer >= 1',
  ],
  [
    'a result count given as text',
    event('search:display_results', { result_count: 'none', query: 'boots' }),
    'data.metadata.result_count must be an integer >= 0',
  ],
  [
    'an LCP given as text',
    event('page:web_vitals', { lcp_ms: 'slow', inp_ms: null, cls: {}, ttfb_ms: 250, device_class: 5 }),
    'data.metadata.lcp_ms must be a number >= 0',
  ],
  [
    'a purchase whose products are an object',
    event('ecommerce:purchase', { items: { b1: 1 }, currency: 'EUR', order_id: 'A-1' }),
    'data.metadata.items must be an array of products',
  ],
  [
    'a purchase of a quantity given as text, credited to a click of the wrong shape',
    {
      ...event('ecommerce:purchase', {
        items: [{ product_id: 'b2', quantity: 'two', price: 10 }],
        currency: 'EUR',
        order_id: 'A-2',
      }),
      attribution: [{ listing: 5, position: 'first' }],
    },
    'data.metadata.items[0].quantity must be an integer from 1 to 10000',
  ],
];

let svc: TestService | undefined;
let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await svc?.stop();
  await cleanup?.();
  svc = cleanup = undefined;
});

describe('event fields are typed at the door', () => {
  it.each(POISON)('refuses %s with 400 naming the field, alone or in a batch', async (_label, poison, error) => {
    svc = await startTestService();
    const token = await svc.identify('outdoor');
    expect(await svc.call('/v3/event', { token, json: poison })).toMatchObject({ status: 400, body: { error } });
    const good = event('search:sort', { sort: 'price_asc' });
    const batch = await svc.call('/v3/batch', { token, json: { events: [poison, good] } });
    expect(batch.body.results).toEqual([
      { id: poison.id, status: 400, error },
      { id: good.id, status: 202, duplicate: false },
    ]);
    expect((await svc.list()).map((stored) => stored.id)).toEqual([good.id]);
  });

  it('takes a left-out or null field, and fields of event types it does not know, as sent', async () => {
    svc = await startTestService();
    const token = await svc.identify('outdoor');
    for (const accepted of [
      event('ecommerce:product_click', { list_name: 'search_results', list_position: null }),
      event('page:web_vitals', { device_class: 'mobile' }),
      event('order:placed', { total: 'twelve', items: { a: 1 } }),
    ])
      expect((await svc.call('/v3/event', { token, json: accepted })).status).toBe(202);
  });
});

describe('the report reads old rows tolerantly, the same on both stores', () => {
  it('answers 200 over rows stored before fields were typed, counting a field of the wrong kind as absent', async () => {
    // The poisoned rows go straight into the database, as an older release stored them.
    const database = await sharedDatabase();
    cleanup = database.drop;
    const store = await openAnalyticsStore(database.options);
    const rows = POISON.map(([, poison]) => ({
      shopId: 'outdoor',
      visitorId: 'old-visitor',
      event: poison as unknown as AnalyticsEvent,
      receivedAt: new Date(TEST_NOW).toISOString(),
    }));
    expect(await store.insertEvents(rows)).toEqual(rows.map(() => false));
    await store.close();

    svc = await startTestService(database.options);
    const token = await svc.identify('outdoor');
    const good = [
      event('ecommerce:product_impressions', {
        list_name: 'search_results',
        products: [
          { product_id: 'b1', list_position: 1, page_number: 1 },
          { product_id: 'b2', list_position: 2, page_number: 1 },
        ],
      }),
      event('ecommerce:product_click', { list_name: 'search_results', list_position: 1, product_id: 'b1' }),
      event('search:display_results', { result_count: 0, query: 'boots' }),
      event('page:web_vitals', { lcp_ms: 2000, inp_ms: 100, cls: 0.1, ttfb_ms: 300, device_class: 'desktop' }),
    ];
    expect((await svc.call('/v3/batch', { token, json: { events: good } })).status).toBe(202);

    const answer = await svc.call(`/v3/report?shop_id=outdoor&${PERIOD}&min_sample=1`, { token: ADMIN_KEY });
    expect(answer.status).toBe(200);
    const noSales = { addsToCart: 0, conversions: 0, units: 0, revenue: 0, conversionRate: 0 };
    const product = (productId: string, impressions: number, clicks: number) => ({
      listing: '/outdoor/boots',
      productId,
      name: null,
      impressions,
      clicks,
      ctr: clicks / impressions,
      ctrLow: expect.any(Number),
      ctrHigh: expect.any(Number),
    });
    expect(answer.body.listings).toEqual([
      {
        listing: '/outdoor/boots',
        impressions: 2,
        clicks: 1,
        ctr: 0.5,
        ...noSales,
        // The old rows' positions were text: they count in no position...
        byPosition: [
          { position: 1, impressions: 1, clicks: 1, ctr: 1, ...noSales },
          { position: 2, impressions: 1, clicks: 0, ctr: 0, ...noSales },
        ],
        // ...but their products are named properly, so b2's old impression and click count for b2.
        mostClicked: [product('b1', 1, 1), product('b2', 2, 1)],
        leastClicked: [],
        // The old result set without a usable count is a result set, not an empty one.
        resultSets: 2,
        emptyShare: 0.5,
        emptyFilters: [],
        bestSellers: [],
      },
    ]);
    // The purchase without usable items counts nothing; the one whose quantity was text is a purchase
    // of b2 with no units, credited to no listing.
    expect(answer.body.sales).toEqual({
      currency: 'EUR',
      addsToCart: 0,
      conversions: 1,
      units: 0,
      revenue: 0,
      attributedAddsToCart: 0,
      attributedConversions: 0,
      attributedRevenue: 0,
    });
    expect(answer.body.vitals).toEqual([
      { deviceClass: 'desktop', metric: 'cls', p75: 0.1, samples: 1 },
      { deviceClass: 'desktop', metric: 'inp_ms', p75: 100, samples: 1 },
      { deviceClass: 'desktop', metric: 'lcp_ms', p75: 2000, samples: 1 },
      { deviceClass: 'desktop', metric: 'ttfb_ms', p75: 300, samples: 1 },
      // The old row's device class was a number: its one usable measure is filed under "unknown".
      { deviceClass: 'unknown', metric: 'ttfb_ms', p75: 250, samples: 1 },
    ]);
  });
});
