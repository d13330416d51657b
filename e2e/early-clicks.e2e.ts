/**
 * A product link followed from the first paint (drawn by aisle.js before the app arrives) is on
 * record: the service ends up with one product click and one visit for that page view, whether the
 * app never came to that page or came after the click.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { storedEvents, type StoredEvent } from './support/analytics.js';
import { useChromium } from './support/browser.js';
import { holdApp } from './support/holds.js';
import { waitForListing } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });
const LISTING = '/summit/running-shorts';
const PAINT_CARD = '[data-aisle-first-paint] [data-aisle="grid"] [data-aisle="product"]';

beforeEach(async () => {
  await fetch(`${baseUrl}/analytics/__control/reset`, { method: 'POST' });
  await fetch(`${baseUrl}/analytics/__control/faults`, { method: 'DELETE' });
});

/** The shop's stored events of one kind. */
async function stored(kind: string): Promise<StoredEvent[]> {
  return (await storedEvents(baseUrl, 'summit')).filter((e) => e.event === kind);
}

/** The visits of the listing page (not of the pages visited after it). */
const listingVisits = async (): Promise<StoredEvent[]> =>
  (await stored('navigate:visit_page')).filter((e) => new URL(e.url).pathname === LISTING);

/** Waits until this page's analytics session has nothing left to send. */
async function sessionSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    type Snapshot = { analytics: { events: Array<{ state: string }> } };
    const { analytics } = (window as unknown as { Aisle: { debug: { snapshot(): Snapshot } } }).Aisle.debug.snapshot();
    return analytics.events.length > 0 && analytics.events.every((e) => e.state === 'acknowledged');
  });
}

/** Opens the listing with the app held back and returns the third card's product id and the release. */
async function openPainted(context: BrowserContext): Promise<{ page: Page; product: string; release: () => void }> {
  const page = await context.newPage();
  const release = await holdApp(page);
  await page.goto(`${baseUrl}${LISTING}`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector(PAINT_CARD);
  const product = (await page.locator(PAINT_CARD).nth(2).getAttribute('data-product-id'))!;
  return { page, product, release };
}

describe('a product click before the app has arrived', () => {
  it('reaches the service as one click and one visit, delivered by the shop’s next Aisle page', async () => {
    const context = await chromium().newContext({ viewport: { width: 375, height: 800 } });
    const { page, product, release } = await openPainted(context);
    await Promise.all([
      page.waitForURL(`**/summit/p/${product}`),
      page.locator(`${PAINT_CARD} a.aisle-card__link`).nth(2).click(),
    ]);
    // The product page is the retailer's own: nothing of Aisle runs there to send them.
    expect(await stored('ecommerce:product_click')).toEqual([]);
    release();
    await page.goto(`${baseUrl}/summit/vsm/`);
    await page.waitForSelector('.aisle-mount [data-aisle="vsm"]');
    await sessionSettled(page);
    const clicks = await stored('ecommerce:product_click');
    expect(clicks).toHaveLength(1);
    expect(clicks[0]!.data.metadata).toMatchObject({
      list_name: 'search_results',
      list_position: 3,
      product_id: product,
    });
    expect(new URL(clicks[0]!.url).pathname).toBe(LISTING);
    const visits = await listingVisits();
    expect(visits).toHaveLength(1);
    expect(visits[0]!.data.page_type).toBe('dlp');
    // In the order the shopper acted: the page's visit, then the click.
    expect(visits[0]!.seq).toBeLessThan(clicks[0]!.seq);
    await context.close();
  });

  it('opened in a new tab, the listing stays: the app arriving later follows the paint’s visit, not a second one', async () => {
    const context = await chromium().newContext({ viewport: { width: 1280, height: 900 } });
    const { page, product, release } = await openPainted(context);
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page
        .locator(`${PAINT_CARD} a.aisle-card__link`)
        .nth(2)
        .click({ modifiers: ['Control'] }),
    ]);
    await tab.close();
    release();
    await waitForListing(page);
    await sessionSettled(page);
    expect(await listingVisits()).toHaveLength(1);
    const clicks = await stored('ecommerce:product_click');
    expect(clicks.map((c) => c.data.metadata?.product_id)).toEqual([product]);
    await context.close();
  });

  it('a click after the app has taken over is the app’s own, recorded once with the page’s one visit', async () => {
    const context = await chromium().newContext({ viewport: { width: 1280, height: 900 } });
    const { page, product, release } = await openPainted(context);
    release();
    await waitForListing(page);
    await Promise.all([
      page.waitForURL(`**/summit/p/${product}`),
      page.locator('.aisle-mount:not([data-aisle-first-paint]) a.aisle-card__link').nth(2).click(),
    ]);
    await page.goto(`${baseUrl}/summit/vsm/`);
    await page.waitForSelector('.aisle-mount [data-aisle="vsm"]');
    await sessionSettled(page);
    expect((await stored('ecommerce:product_click')).map((c) => c.data.metadata?.list_position)).toEqual([3]);
    expect(await listingVisits()).toHaveLength(1);
    await context.close();
  });
});
