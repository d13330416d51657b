/**
 * A shopper's add to cart and purchase reach the merchandiser's report, credited to the listing and
 * position of the click that led there: on a demo listing with the shop's cart (`?cart=1`), the
 * shopper opens a product from the grid, comes back, presses the card slot's "Add to cart" (which
 * calls `Aisle.track('add_to_cart', …)`) and checks out (`Aisle.track('purchase', …)`). The service
 * stores both with the click's listing and position, and the report counts them there.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { adminHeaders, storedEvents, type StoredEvent } from '../support/analytics.js';
import { APP_CARD } from '../support/dlp.js';
import { engines, useEngine } from '../support/drivers/index.js';
import { analyticsControls } from '../support/inspector.js';
import { openListing } from '../support/listing.js';

const baseUrl = inject('baseUrl');
const controls = analyticsControls(baseUrl);
const SHOES = '/maple/womens-running-shoes';

type Credited = StoredEvent & {
  attribution?: Array<{ listing: string; position: number; listing_view_id: string | null; click_id: string } | null>;
};

describe.each(engines)('conversions in the report (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });
  beforeEach(() => controls.reset());

  it("credits the card slot's add to cart and the checkout to the listing and position of the shopper's click", async () => {
    const page = await openListing(engine(), baseUrl, `${SHOES}?cart=1`);
    const slotButton = `${APP_CARD} button.shop-add`;
    await page.waitForSelector(slotButton, 30_000);
    // The second card: a product the shopper opens, then comes back for.
    const { id, price } = await page.evaluate((selector) => {
      const card = document.querySelectorAll(selector)[1]!;
      return { id: card.getAttribute('data-product-id')!, price: card.textContent ?? '' };
    }, APP_CARD);
    const card = `${APP_CARD}[data-product-id="${id}"]`;
    await page.click(`${card} a`);
    await page.waitFor((path) => location.pathname !== path, SHOES, { what: 'the product page' });
    await page.back();
    await page.waitForSelector(`${card} button.shop-add`, 30_000);
    await page.click(`${card} button.shop-add`);
    await page.waitFor(() => document.querySelector('[data-cart="count"]')?.textContent === '1', undefined, {
      what: 'the cart holding one product',
    });
    await page.click('[data-cart="checkout"]');
    expect(await page.errors()).toEqual([]);

    const events = async (event: string) =>
      (await storedEvents(baseUrl, 'maple')).filter((e) => e.event === event) as Credited[];
    await expect.poll(async () => (await events('ecommerce:purchase')).length, { timeout: 20_000 }).toBe(1);
    const [click] = (await events('ecommerce:product_click')).filter((e) => e.data.metadata?.product_id === id);
    expect(click).toBeDefined();
    // The click names the listing view it happened in, as that view's impressions do; the credit names it too.
    const view = click!.data.metadata!.listing_view_id;
    expect(view).toMatch(/^[0-9a-f-]{36}$/);
    const credit = {
      listing: SHOES,
      position: click!.data.metadata!.list_position,
      listing_view_id: view,
      click_id: click!.id,
    };
    const [added] = await events('ecommerce:add_to_cart');
    const [bought] = await events('ecommerce:purchase');
    for (const conversion of [added!, bought!]) {
      expect(conversion.data.metadata).toMatchObject({ items: [{ product_id: id, quantity: 1 }], currency: 'USD' });
      expect(conversion.attribution).toEqual([expect.objectContaining(credit)]);
    }
    const paid = (bought!.data.metadata!.items as Array<{ price: number }>)[0]!.price;
    // The price reported is the one the card showed.
    expect(price).toContain(paid.toFixed(2));

    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const period = `from=${day(Date.now() - 86_400_000)}&to=${day(Date.now() + 86_400_000)}&min_sample=1`;
    const report = await fetch(`${baseUrl}/analytics/v3/report?shop_id=maple&${period}`, { headers: adminHeaders });
    const { listings, sales } = (await report.json()) as {
      listings: Array<{
        listing: string;
        addsToCart: number;
        conversions: number;
        revenue: number;
        byPosition: unknown[];
      }>;
      sales: { conversions: number; attributedRevenue: number };
    };
    const shoes = listings.find((l) => l.listing === SHOES)!;
    expect(shoes).toMatchObject({ addsToCart: 1, conversions: 1, revenue: paid });
    expect(shoes.byPosition).toContainEqual(
      expect.objectContaining({ position: credit.position, addsToCart: 1, conversions: 1, revenue: paid }),
    );
    expect(sales).toMatchObject({ conversions: 1, attributedRevenue: paid });
    await page.close();
  });

  it('holds an add to cart in memory until the shopper consents, where the tenant requires it, then records it', async () => {
    const page = await openListing(engine(), baseUrl, '/prairie/camping-tents?cart=1');
    const button = `${APP_CARD} button.shop-add`;
    await page.waitForSelector(button, 30_000);
    const id = await page.evaluate(
      (selector) => document.querySelector(selector)!.getAttribute('data-product-id')!,
      APP_CARD,
    );
    await page.click(button);
    await page.waitFor(() => document.querySelector('[data-cart="count"]')?.textContent === '1', undefined, {
      what: 'the cart holding one product',
    });
    const held = () =>
      page.evaluate(() => ({
        stored: localStorage.length,
        held: (
          window as unknown as { Aisle: { debug: { snapshot(): { analytics: { held: number } } } } }
        ).Aisle.debug.snapshot().analytics.held,
      }));
    expect((await held()).stored).toBe(0);
    expect((await held()).held).toBeGreaterThanOrEqual(1);
    expect(await storedEvents(baseUrl, 'prairie')).toEqual([]);
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-consent="accept"]')!.click());
    await expect
      .poll(async () => (await storedEvents(baseUrl, 'prairie')).filter((e) => e.event === 'ecommerce:add_to_cart'), {
        timeout: 20_000,
      })
      .toEqual([
        expect.objectContaining({
          data: expect.objectContaining({
            metadata: expect.objectContaining({
              items: [expect.objectContaining({ product_id: id })],
              currency: 'CAD',
            }),
          }),
          // Added without a click: credited to no listing.
          attribution: [null],
        }),
      ]);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});
