import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v4 as uuidv4 } from 'uuid';
import { DEFAULT_MIN_SAMPLE } from './reportRank.js';
import { REPORT_SEED_ANSWERS, reportSeedEvents } from './reportSeed.js';
import { ADMIN_KEY, startTestService, TEST_NOW, type TestService } from './testing/testServer.js';

let svc: TestService;
beforeEach(async () => {
  svc = await startTestService();
});
afterEach(() => svc.stop());

const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();
const lastDay = `from=${at(TEST_NOW - 24 * HOUR)}&to=${at(TEST_NOW)}`;

async function send(events: Array<Record<string, unknown>>): Promise<void> {
  const token = await svc.identify('outdoor');
  expect((await svc.call('/v3/batch', { token, json: { events } })).status).toBe(202);
}

const report = (query: string) => svc.call(`/v3/report?shop_id=outdoor&${query}`, { token: ADMIN_KEY });

describe('GET /v3/report options', () => {
  it('adds the period of equal length just before with compare=previous', async () => {
    await send(reportSeedEvents('outdoor', TEST_NOW));
    // The same set a day earlier (its stray event from three days before falls outside both periods).
    await send(reportSeedEvents('outdoor', TEST_NOW - 24 * HOUR).slice(0, 4));
    const answer = await report(`${lastDay}&min_sample=1&compare=previous`);
    expect(answer.status).toBe(200);
    const { previous } = answer.body;
    expect(previous).toMatchObject({ from: at(TEST_NOW - 48 * HOUR), to: at(TEST_NOW - 24 * HOUR), minSample: 1 });
    expect(previous.previous).toBeUndefined();
    expect(previous.listings.map((l: { listing: string; impressions: number }) => [l.listing, l.impressions])).toEqual([
      ['/outdoor/boots', 9],
    ]);
    expect(answer.body.listings[0].impressions).toBe(REPORT_SEED_ANSWERS.listings[0]!.impressions);
    expect((await report(`${lastDay}&compare=next`)).status).toBe(400);
  });

  it('ranks no product seen fewer times than the minimum sample, which it states', async () => {
    await send(reportSeedEvents('outdoor', TEST_NOW));
    const answer = await report(lastDay);
    expect(answer.body.minSample).toBe(DEFAULT_MIN_SAMPLE);
    expect(answer.body.listings[0]).toMatchObject({ impressions: 9, mostClicked: [], leastClicked: [] });
    expect((await report(`${lastDay}&min_sample=0`)).status).toBe(400);
    expect((await report(`${lastDay}&min_sample=ten`)).status).toBe(400);
  });

  it('counts a product clicked twice after one impression as one click: click-through never passes 100 %', async () => {
    const event = (name: string, metadata: Record<string, unknown>) => ({
      id: uuidv4(),
      seq: 0,
      event: name,
      data: { metadata },
      url: 'http://127.0.0.1:4173/outdoor/boots',
      timestamp: at(TEST_NOW - HOUR),
      environment: 'development',
    });
    const seen = { list_name: 'search_results', listing_view_id: uuidv4(), result_set: 'boots' };
    const click = { list_name: 'search_results', list_position: 1, product_id: 'b1', name: 'Boot', price: 1 };
    await send([
      event('ecommerce:product_impressions', {
        ...seen,
        products: [{ product_id: 'b1', list_position: 1, page_number: 1 }],
      }),
      event('ecommerce:product_click', click),
      event('ecommerce:product_click', click),
    ]);
    const [boots] = (await report(`${lastDay}&min_sample=1`)).body.listings;
    expect(boots).toMatchObject({ impressions: 1, clicks: 1, ctr: 1 });
    expect(boots.byPosition).toEqual([
      {
        position: 1,
        impressions: 1,
        clicks: 1,
        ctr: 1,
        addsToCart: 0,
        conversions: 0,
        units: 0,
        revenue: 0,
        conversionRate: 0,
      },
    ]);
    expect(boots.mostClicked[0]).toMatchObject({ productId: 'b1', name: 'Boot', clicks: 1, ctr: 1 });
  });

  it('answers a table as text/csv with format=csv, and names the tables when asked for another', async () => {
    await send(reportSeedEvents('outdoor', TEST_NOW));
    const answer = await fetch(
      `${svc.base}/v3/report?shop_id=outdoor&${lastDay}&min_sample=1&format=csv&table=products`,
      {
        headers: { authorization: `Bearer ${ADMIN_KEY}` },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(
      /^attachment; filename="report-outdoor-.*-products\.csv"$/,
    );
    const lines = (await answer.text()).split('\r\n');
    expect(lines[0]).toBe('listing,list,rank,product_id,name,impressions,clicks,ctr,ctr_low,ctr_high');
    expect(lines[1]).toBe('/outdoor/boots,most,1,b1,Ridge hiking boot,3,2,0.6667,0.2077,0.9385');
    const wrong = await report(`${lastDay}&format=csv&table=everything`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(
      'table must be one of listings, positions, products, empty_filters, vitals, best_sellers, sales',
    );
  });

  it('lists the filters and values whose results came back empty, with counts', async () => {
    const shown = (query: string, count: number) => ({
      id: uuidv4(),
      seq: 0,
      event: 'search:display_results',
      data: { metadata: { result_count: count, query: 'boots' } },
      url: `http://127.0.0.1:4173/outdoor/boots${query}`,
      timestamp: at(TEST_NOW - HOUR),
      environment: 'development',
    });
    await send([
      shown('?filters=color~red~navy&filters=size~44', 0),
      shown('?filters=color~red&filters=size~44&sort=price_asc', 0),
      shown('?filters=color~red', 5),
      shown('?filters=brand~Trail+%26+Co%257E2&price=50/120&utm_source=mail', 0),
      shown('?filters=size~44#top', 2),
      shown('', 0),
    ]);
    const [boots] = (await report(lastDay)).body.listings;
    expect(boots).toMatchObject({ resultSets: 6, emptyShare: 0.6667 });
    expect(boots.emptyFilters).toEqual([
      { filter: 'color', value: 'red', empty: 2, resultSets: 3 },
      { filter: 'size', value: '44', empty: 2, resultSets: 3 },
      { filter: 'brand', value: 'Trail & Co~2', empty: 1, resultSets: 1 },
      { filter: 'color', value: 'navy', empty: 1, resultSets: 1 },
      { filter: 'price', value: '50/120', empty: 1, resultSets: 1 },
    ]);
  });
});
