/**
 * A small data set whose report is known by hand: the report's tests (both stores) and the report
 * page's end-to-end test send it and compare with `REPORT_SEED_ANSWERS`.
 */
import { v4 as uuidv4 } from 'uuid';

const ORIGIN = 'http://127.0.0.1:4173';

/** The names the seed's clicks carry. */
export const REPORT_SEED_NAMES: Record<string, string> = { b1: 'Ridge hiking boot', b3: 'Trail runner' };

/** Events of `shop` recorded an hour before `now`, plus some the report must leave out. */
export function reportSeedEvents(shop: string, now: number): Array<Record<string, unknown>> {
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  let seq = 0;
  const event = (name: string, path: string, metadata: Record<string, unknown>, minutesAgo = 60) => ({
    id: uuidv4(),
    seq: seq++,
    event: name,
    data: { metadata },
    url: `${ORIGIN}${path}`,
    timestamp: at(minutesAgo),
    environment: 'development',
  });
  const seen = (path: string, ids: string[], list = 'search_results', minutesAgo = 60) =>
    event(
      'ecommerce:product_impressions',
      path,
      {
        list_name: list,
        listing_view_id: uuidv4(),
        result_set: path.split('/').at(-1),
        products: ids.map((id, i) => ({ product_id: id, list_position: i + 1, page_number: 1 })),
      },
      minutesAgo,
    );
  const click = (path: string, id: string, position: number) =>
    event('ecommerce:product_click', path, {
      list_name: 'search_results',
      list_position: position,
      product_id: id,
      name: REPORT_SEED_NAMES[id],
    });
  const results = (path: string, count: number) =>
    event('search:display_results', path, { result_count: count, query: path.split('/').at(-1) });
  const vitals = (device: string, lcp: number, inp: number | null, cls: number, ttfb: number) =>
    event('page:web_vitals', '/outdoor/boots', {
      lcp_ms: lcp,
      inp_ms: inp,
      cls,
      ttfb_ms: ttfb,
      device_class: device,
    });
  // Half an hour after the clicks; prices in euros.
  const convert = (name: string, items: Array<[string, number, number]>, orderId?: string) =>
    event(
      name,
      '/checkout',
      {
        items: items.map(([product_id, quantity, price]) => ({ product_id, quantity, price })),
        currency: 'EUR',
        ...(orderId ? { order_id: orderId } : {}),
      },
      30,
    );
  const boots = '/outdoor/boots';
  const tents = '/outdoor/tents?sort=price_asc';
  return [
    seen(boots, ['b1', 'b2', 'b3', 'b4']),
    seen(`${boots}?filters=color~red`, ['b1', 'b2', 'b3']),
    seen(boots, ['b1', 'b2']),
    click(boots, 'b1', 1),
    click(`${boots}?filters=color~red`, 'b1', 1),
    click(boots, 'b3', 3),
    results(boots, 120),
    results(boots, 0),
    results(boots, 80),
    results(`${boots}?filters=color~red`, 3),
    seen(tents, ['t1']),
    seen(tents, ['s1', 's2'], 'similar_products'),
    results(tents, 40),
    results(tents, 12),
    vitals('mobile', 1000, 100, 0.1, 100),
    vitals('mobile', 4000, null, 0.2, 400),
    vitals('mobile', 2000, 300, 0, 200),
    vitals('mobile', 3000, null, 0.05, 300),
    vitals('desktop', 800, null, 0.01, 50),
    // b1 and b3 were clicked in the boots' grid (b1 twice at position 1: the latest click counts), t2 never.
    convert('ecommerce:add_to_cart', [['b1', 1, 59.9]]),
    convert(
      'ecommerce:purchase',
      [
        ['b1', 2, 59.9],
        ['b3', 1, 89.5],
        ['t2', 1, 15],
      ],
      'A-1001',
    ),
    // The same order again (the shop's thank-you page reloaded): stored once.
    convert('ecommerce:purchase', [['b1', 2, 59.9]], 'A-1001'),
    // Before the period the report asks for: left out.
    seen(boots, ['b9'], 'search_results', 3 * 24 * 60),
  ];
}

const NO_SALES = { addsToCart: 0, conversions: 0, units: 0, revenue: 0, conversionRate: 0 };

/** The report of `reportSeedEvents` for the last day with `min_sample=1`, worked out by hand. */
export const REPORT_SEED_ANSWERS = {
  listings: [
    {
      listing: '/outdoor/boots',
      impressions: 9,
      clicks: 3,
      ctr: 0.3333,
      // b1 (2 × 59.90) and b3 (89.50) bought after 3 clicks; b1 also added to the cart.
      addsToCart: 1,
      conversions: 2,
      units: 3,
      revenue: 209.3,
      conversionRate: 0.6667,
      byPosition: [
        {
          position: 1,
          impressions: 3,
          clicks: 2,
          ctr: 0.6667,
          addsToCart: 1,
          conversions: 1,
          units: 2,
          revenue: 119.8,
          conversionRate: 0.5,
        },
        { position: 2, impressions: 3, clicks: 0, ctr: 0, ...NO_SALES },
        {
          position: 3,
          impressions: 2,
          clicks: 1,
          ctr: 0.5,
          addsToCart: 0,
          conversions: 1,
          units: 1,
          revenue: 89.5,
          conversionRate: 1,
        },
        { position: 4, impressions: 1, clicks: 0, ctr: 0, ...NO_SALES },
      ],
      mostClicked: ['b1', 'b3'],
      // Ranked by the upper bound of click-through: 0 in 3 views is surer to be poor than 0 in 1.
      leastClicked: ['b2', 'b4'],
      resultSets: 4,
      emptyShare: 0.25,
      // The empty result set had no filter in its address.
      emptyFilters: [],
      bestSellers: [
        {
          productId: 'b1',
          name: 'Ridge hiking boot',
          clicks: 2,
          addsToCart: 1,
          conversions: 1,
          units: 2,
          revenue: 119.8,
          conversionRate: 0.5,
        },
        {
          productId: 'b3',
          name: 'Trail runner',
          clicks: 1,
          addsToCart: 0,
          conversions: 1,
          units: 1,
          revenue: 89.5,
          conversionRate: 1,
        },
      ],
    },
    {
      listing: '/outdoor/tents',
      impressions: 1,
      clicks: 0,
      ctr: 0,
      ...NO_SALES,
      byPosition: [{ position: 1, impressions: 1, clicks: 0, ctr: 0, ...NO_SALES }],
      mostClicked: [],
      leastClicked: ['t1'],
      resultSets: 2,
      emptyShare: 0,
      emptyFilters: [],
      bestSellers: [],
    },
  ],
  // t2 was bought without a click in a listing: in the shop's totals, not in a listing's.
  sales: {
    currency: 'EUR',
    addsToCart: 1,
    conversions: 3,
    units: 4,
    revenue: 224.3,
    attributedAddsToCart: 1,
    attributedConversions: 2,
    attributedRevenue: 209.3,
  },
  vitals: [
    { deviceClass: 'desktop', metric: 'cls', p75: 0.01, samples: 1 },
    { deviceClass: 'desktop', metric: 'lcp_ms', p75: 800, samples: 1 },
    { deviceClass: 'desktop', metric: 'ttfb_ms', p75: 50, samples: 1 },
    { deviceClass: 'mobile', metric: 'cls', p75: 0.1, samples: 4 },
    { deviceClass: 'mobile', metric: 'inp_ms', p75: 300, samples: 2 },
    { deviceClass: 'mobile', metric: 'lcp_ms', p75: 3000, samples: 4 },
    { deviceClass: 'mobile', metric: 'ttfb_ms', p75: 300, samples: 4 },
  ],
} as const;
