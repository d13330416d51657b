import { describe, expect, it } from 'vitest';
import { clickOf, listingOf } from './attribution.js';
import { bestSellers, conversionFigures, REPORT_SELLERS, salesSummary } from './reportConversions.js';
import type { ConversionRow } from './reportTypes.js';

const row = (
  productId: string,
  purchases: number,
  revenue: number,
  extra: Partial<ConversionRow> = {},
): ConversionRow => ({
  listing: '/boots',
  position: 1,
  productId,
  adds: 0,
  purchases,
  units: purchases,
  revenue,
  currency: 'EUR',
  ...extra,
});

describe("the report's conversion figures", () => {
  it('rate conversions per click, past 100 % when one click led to several orders, and round revenue to cents', () => {
    expect(conversionFigures([row('b1', 2, 10.005), row('b2', 1, 0.0049)], 2)).toEqual({
      addsToCart: 0,
      conversions: 3,
      units: 3,
      revenue: 10.01,
      conversionRate: 1.5,
    });
    expect(conversionFigures([], 0).conversionRate).toBe(0);
  });

  it('rank best sellers by revenue, then products bought, then adds to cart, and keep five', () => {
    const rows = [
      row('cheap', 3, 30),
      row('dear', 1, 300),
      row('added', 0, 0, { adds: 2 }),
      row('tie-b', 1, 30),
      row('tie-a', 1, 30),
      row('dear', 1, 100, { position: 4 }),
      row('none', 0, 0),
    ];
    const sellers = bestSellers(
      rows,
      [{ productId: 'dear', name: 'Dear boot', clicks: 4 }],
      new Map([['cheap', 'Cheap boot']]),
    );
    expect(sellers.map((s) => s.productId)).toEqual(['dear', 'cheap', 'tie-a', 'tie-b', 'added']);
    expect(sellers).toHaveLength(REPORT_SELLERS);
    // Its two positions add up; its name comes from the names the clicks carried.
    expect(sellers[0]).toMatchObject({ revenue: 400, conversions: 2, clicks: 4, conversionRate: 0.5, name: null });
    expect(sellers[1]).toMatchObject({ name: 'Cheap boot', clicks: 0, conversionRate: 0 });
  });

  it("sum the shop's sales, and the part a listing click led to", () => {
    expect(salesSummary([row('b1', 1, 20), row('b2', 2, 5, { listing: null, position: 0, adds: 1 })])).toEqual({
      currency: 'EUR',
      addsToCart: 1,
      conversions: 3,
      units: 3,
      revenue: 25,
      attributedAddsToCart: 0,
      attributedConversions: 1,
      attributedRevenue: 20,
    });
    expect(salesSummary([]).currency).toBeNull();
  });

  it("file a click under its listing's path, as the report names listings", () => {
    expect(listingOf('https://shop.example/maple/boots?sort=price_asc#top')).toBe('/maple/boots');
    expect(listingOf('http://127.0.0.1:4173/outdoor/boots')).toBe('/outdoor/boots');
  });

  it('skip a stored click whose time cannot be read, and credit a readable one with its listing view', () => {
    const click = (timestamp: string) =>
      clickOf({
        id: 'c1',
        seq: 0,
        event: 'ecommerce:product_click',
        data: { metadata: { list_name: 'search_results', list_position: 2, product_id: 'b1', listing_view_id: 'v1' } },
        url: 'http://127.0.0.1:4173/outdoor/boots?sort=price_asc',
        timestamp,
        environment: 'production',
      });
    expect(click('yesterday')).toBeNull();
    expect(click('2024-05-01T10:00:00+02:00')?.attribution).toEqual({
      listing: '/outdoor/boots',
      position: 2,
      listing_view_id: 'v1',
      click_id: 'c1',
      clicked_at: '2024-05-01T08:00:00.000Z',
    });
  });
});
