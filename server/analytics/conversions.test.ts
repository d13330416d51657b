import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ATTRIBUTION_WINDOW_MS } from './attribution.js';
import { ADMIN_KEY, sampleEvent, startTestService, TEST_NOW, type TestService } from './testing/testServer.js';

let svc: TestService;
beforeEach(async () => {
  svc = await startTestService();
});
afterEach(() => svc.stop());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (ms: number) => new Date(ms).toISOString();

const VIEW = '6f1c1a3e-2b4d-4c5e-9f60-7a8b9c0d1e2f';
const click = (
  productId: string,
  position: number,
  when: number,
  path = '/outdoor/boots',
  view: string | null = VIEW,
) =>
  sampleEvent({
    event: 'ecommerce:product_click',
    url: `http://127.0.0.1:4173${path}?sort=price_asc`,
    timestamp: at(when),
    data: {
      metadata: {
        list_name: 'search_results',
        list_position: position,
        product_id: productId,
        name: 'Boot',
        listing_view_id: view,
      },
    },
  });

const conversion = (event: string, items: unknown[], when: number, extra: Record<string, unknown> = {}) =>
  sampleEvent({
    event,
    url: 'http://127.0.0.1:4173/checkout',
    timestamp: at(when),
    data: { metadata: { items, currency: 'EUR', ...extra } },
  });

const line = (product_id: string, quantity = 1, price = 10) => ({ product_id, quantity, price });

async function send(token: string, ...events: unknown[]): Promise<void> {
  const answer = await svc.call('/v3/batch', { token, json: { events } });
  expect(answer.status).toBe(202);
  expect((answer.body.results as Array<{ status: number }>).map((r) => r.status)).toEqual(events.map(() => 202));
}

async function stored(event: string): Promise<Array<Record<string, unknown>>> {
  return svc.list(`?shop_id=outdoor&event=${event}`);
}

describe('conversions at the door', () => {
  it('refuses a conversion whose fields are of the wrong kind, naming the field (page and server alike)', async () => {
    const token = await svc.identify('outdoor', 'v1');
    const server = await svc.issueKey('outdoor', 'server');
    const cases: Array<[unknown, string]> = [
      [conversion('ecommerce:add_to_cart', [], TEST_NOW - HOUR), 'data.metadata.items must be an array of 1 to 100'],
      [
        conversion('ecommerce:add_to_cart', [{ product_id: 'b1', quantity: '2', price: 10 }], TEST_NOW - HOUR),
        'data.metadata.items[0].quantity must be an integer from 1 to 10000',
      ],
      [
        conversion(
          'ecommerce:add_to_cart',
          [line('b1'), { product_id: 'b2', quantity: 1, price: -1 }],
          TEST_NOW - HOUR,
        ),
        'data.metadata.items[1].price must be a number from 0',
      ],
      [
        conversion('ecommerce:add_to_cart', [line('b1')], TEST_NOW - HOUR, { currency: 'euro' }),
        'data.metadata.currency must be an ISO 4217 code',
      ],
      [conversion('ecommerce:purchase', [line('b1')], TEST_NOW - HOUR), 'data.metadata.order_id must be a string'],
    ];
    for (const [event, error] of cases) {
      const page = await svc.call('/v3/event', { token, json: event });
      expect(page.status, error).toBe(400);
      expect(page.body.error).toContain(error);
      const fromServer = await svc.call('/v3/server-event', {
        token: server,
        json: { ...(event as object), distinct_id: 'v1' },
      });
      expect(fromServer.status, error).toBe(400);
      expect(fromServer.body.error).toContain(error);
    }
    expect(await svc.list('?shop_id=outdoor')).toEqual([]);
  });

  it("takes a retailer server's order by its short name, for the visitor it names", async () => {
    const token = await svc.identify('outdoor', 'v1');
    await send(token, click('b1', 2, TEST_NOW - 2 * HOUR));
    const server = await svc.issueKey('outdoor', 'server');
    const order = conversion('purchase', [line('b1', 2, 59.9)], TEST_NOW - HOUR, { order_id: 'A-1' });
    const answer = await svc.call('/v3/server-event', { token: server, json: { ...order, distinct_id: 'v1' } });
    expect(answer.status).toBe(202);
    const [purchase] = await stored('ecommerce:purchase');
    expect(purchase).toMatchObject({
      visitor_id: 'v1',
      attribution: [
        { listing: '/outdoor/boots', position: 2, listing_view_id: VIEW, clicked_at: at(TEST_NOW - 2 * HOUR) },
      ],
    });
  });
});

describe('attribution', () => {
  it('credits each product to the latest click on it by the same visitor, within the window', async () => {
    const token = await svc.identify('outdoor', 'v1');
    const other = await svc.identify('outdoor', 'v2');
    const start = TEST_NOW - 10 * DAY;
    await send(
      token,
      click('b1', 4, start, '/outdoor/tents'),
      click('b1', 1, start + HOUR),
      click('b2', 3, start),
      // Another visitor's later click on b2 is not this visitor's.
    );
    await send(other, click('b2', 7, start + 2 * HOUR, '/outdoor/sale'));
    await send(
      token,
      // b1 exactly a day after its latest click (the window's edge counts); b2 a day and an hour after
      // its click: too late to credit an add to cart.
      conversion('ecommerce:add_to_cart', [line('b1'), line('b2')], start + DAY + HOUR),
      // Both within the week a purchase looks back; b3 never clicked.
      conversion('ecommerce:purchase', [line('b1'), line('b2'), line('b3')], start + 6 * DAY, { order_id: 'A-1' }),
      // b2 again, eight days after its click: outside the week.
      conversion('ecommerce:purchase', [line('b2')], start + 8 * DAY, { order_id: 'A-2' }),
    );
    const credited = (event: Record<string, unknown>) =>
      (event.attribution as Array<{ listing: string; position: number } | null>).map(
        (a) => a && `${a.listing}#${a.position}`,
      );
    const [add] = await stored('ecommerce:add_to_cart');
    expect(credited(add!)).toEqual(['/outdoor/boots#1', null]);
    const purchases = await stored('ecommerce:purchase');
    expect(purchases.map(credited)).toEqual([['/outdoor/boots#1', '/outdoor/boots#3', null], [null]]);
    expect(ATTRIBUTION_WINDOW_MS).toEqual({ add_to_cart: DAY, purchase: 7 * DAY });
  });

  it('leaves a click after the conversion, and a server conversion without a visitor (whatever it claims), unattributed', async () => {
    const token = await svc.identify('outdoor', 'v1');
    await send(
      token,
      conversion('ecommerce:add_to_cart', [line('b1')], TEST_NOW - 2 * HOUR),
      click('b1', 1, TEST_NOW - HOUR),
      // A click on the first screen, before the app counted a listing view: credited, with no view.
      click('b2', 5, TEST_NOW - HOUR, '/outdoor/boots', null),
      conversion('ecommerce:add_to_cart', [line('b2')], TEST_NOW - HOUR / 2),
    );
    const server = await svc.issueKey('outdoor', 'server');
    // A sender cannot credit its own conversion: `attribution` is the service's, never taken as sent.
    const forged = [{ listing: '/outdoor/sale', position: 1, click_id: 'x', clicked_at: at(TEST_NOW - HOUR) }];
    const order = {
      ...conversion('purchase', [line('b1')], TEST_NOW - HOUR / 2, { order_id: 'A-9' }),
      attribution: forged,
    };
    expect((await svc.call('/v3/server-event', { token: server, json: order })).status).toBe(202);
    const [early, second] = await stored('ecommerce:add_to_cart');
    expect(early!.attribution).toEqual([null]);
    expect(second!.attribution).toEqual([expect.objectContaining({ position: 5, listing_view_id: null })]);
    expect((await stored('ecommerce:purchase'))[0]!.attribution).toEqual([null]);
  });
});

describe('orders', () => {
  it('are stored and counted once per shop and order id, from the page, the server or both', async () => {
    const token = await svc.identify('outdoor', 'v1');
    await send(token, click('b1', 1, TEST_NOW - 3 * HOUR));
    const order = () =>
      conversion('ecommerce:purchase', [line('b1', 2, 59.9)], TEST_NOW - 2 * HOUR, { order_id: 'A-7' });
    const page = await svc.call('/v3/event', { token, json: order() });
    expect(page.body).toMatchObject({ duplicate: false });
    // The thank-you page reloaded: a new event id, the same order.
    expect((await svc.call('/v3/event', { token, json: order() })).body).toMatchObject({ duplicate: true });
    const server = await svc.issueKey('outdoor', 'server');
    const fromServer = await svc.call('/v3/server-event', { token: server, json: { ...order(), distinct_id: 'v1' } });
    expect(fromServer).toMatchObject({ status: 202, body: { duplicate: true } });
    // Twice in one batch: the second is the duplicate.
    const batch = await svc.call('/v3/batch', { token, json: { events: [order(), order()] } });
    expect(batch.body.results.map((r: { duplicate: boolean }) => r.duplicate)).toEqual([true, true]);
    // Another shop's order A-7 is another order.
    const garden = await svc.identify('garden', 'v1');
    expect((await svc.call('/v3/event', { token: garden, json: order() })).body).toMatchObject({ duplicate: false });
    expect(await stored('ecommerce:purchase')).toHaveLength(1);
    const period = `from=${at(TEST_NOW - DAY)}&to=${at(TEST_NOW)}&min_sample=1`;
    const report = await svc.call(`/v3/report?shop_id=outdoor&${period}`, { token: ADMIN_KEY });
    expect(report.body.sales).toMatchObject({ conversions: 1, units: 2, revenue: 119.8, attributedRevenue: 119.8 });
  });
});

describe('the report of conversions', () => {
  it('gives each listing, position and product its conversions and revenue, also for the period before', async () => {
    const token = await svc.identify('outdoor', 'v1');
    // Last week: clicked and bought; this week: bought again from last week's click (within 7 days).
    await send(
      token,
      click('b1', 2, TEST_NOW - 8 * DAY),
      conversion('ecommerce:purchase', [line('b1', 1, 30)], TEST_NOW - 8 * DAY + HOUR, { order_id: 'A-1' }),
      conversion('ecommerce:purchase', [line('b1', 3, 30)], TEST_NOW - 2 * DAY, { order_id: 'A-2' }),
    );
    const period = `from=${at(TEST_NOW - 7 * DAY)}&to=${at(TEST_NOW)}&min_sample=1&compare=previous`;
    const { body } = await svc.call(`/v3/report?shop_id=outdoor&${period}`, { token: ADMIN_KEY });
    // This week: the listing had no impressions or clicks, yet sold 3 units from last week's click.
    expect(body.listings).toEqual([
      expect.objectContaining({
        listing: '/outdoor/boots',
        clicks: 0,
        conversions: 1,
        units: 3,
        revenue: 90,
        conversionRate: 0,
        byPosition: [expect.objectContaining({ position: 2, impressions: 0, conversions: 1, revenue: 90 })],
        bestSellers: [expect.objectContaining({ productId: 'b1', conversions: 1, units: 3, revenue: 90 })],
      }),
    ]);
    expect(body.previous.listings[0]).toMatchObject({ listing: '/outdoor/boots', conversions: 1, revenue: 30 });
    expect(body.previous.sales).toMatchObject({ currency: 'EUR', conversions: 1, revenue: 30 });
    const csv = await fetch(`${svc.base}/v3/report?shop_id=outdoor&${period}&format=csv&table=best_sellers`, {
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
    });
    expect(await csv.text()).toBe(
      'listing,rank,product_id,name,clicks,adds_to_cart,conversions,units,revenue,conversion_rate\r\n' +
        '/outdoor/boots,1,b1,,0,0,1,3,90,0\r\n',
    );
  });

  it("loses an erased visitor's conversions from the report", async () => {
    const token = await svc.identify('outdoor', 'v1');
    await send(
      token,
      click('b1', 1, TEST_NOW - 3 * DAY),
      conversion('ecommerce:add_to_cart', [line('b1')], TEST_NOW - 3 * DAY + HOUR),
      conversion('ecommerce:purchase', [line('b1', 2, 12.345)], TEST_NOW - 2 * DAY, { order_id: 'A-1' }),
    );
    const period = `from=${at(TEST_NOW - 7 * DAY)}&to=${at(TEST_NOW)}&min_sample=1`;
    const read = async () => (await svc.call(`/v3/report?shop_id=outdoor&${period}`, { token: ADMIN_KEY })).body;
    const before = await read();
    expect(before.sales).toMatchObject({ addsToCart: 1, conversions: 1, units: 2, revenue: 24.69 });
    const erased = await svc.call('/v3/visitors/v1?shop_id=outdoor', { method: 'DELETE', token: ADMIN_KEY });
    expect(erased.status).toBe(200);
    expect((await read()).sales).toMatchObject({ addsToCart: 0, conversions: 0, revenue: 0 });
  });
});
