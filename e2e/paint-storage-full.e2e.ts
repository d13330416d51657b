/**
 * A product link followed from the first paint while the origin's storage is full: nothing can be
 * written for a later page to deliver, so the click and the page's visit leave at once by a keepalive
 * request. The service ends up with exactly one of each (Chromium: it holds the app's script back
 * with request interception, which the other engines' drivers do not offer).
 */
import { afterAll, beforeAll, beforeEach, expect, inject, it } from 'vitest';
import { storedEvents, type StoredEvent } from './support/analytics.js';
import { useChromium } from './support/browser.js';
import { fullStorage, holdApp } from './support/holds.js';
import { analyticsControls } from './support/inspector.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });
const LISTING = '/summit/running-shorts';
const PAINT_CARD = '[data-aisle-first-paint] [data-aisle="grid"] [data-aisle="product"]';

beforeEach(() => analyticsControls(baseUrl).reset());

const stored = async (kind: string): Promise<StoredEvent[]> =>
  (await storedEvents(baseUrl, 'summit')).filter((e) => e.event === kind);

it('a first-paint click with storage full reaches the service exactly once, with the page’s visit', async () => {
  const context = await chromium().newContext({ viewport: { width: 375, height: 800 } });
  await context.addInitScript(fullStorage);
  const page = await context.newPage();
  const release = await holdApp(page);
  await page.goto(`${baseUrl}${LISTING}`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector(PAINT_CARD);
  const product = (await page.locator(PAINT_CARD).nth(2).getAttribute('data-product-id'))!;
  await Promise.all([
    page.waitForURL(`**/summit/p/${product}`),
    page.locator(`${PAINT_CARD} a.aisle-card__link`).nth(2).click(),
  ]);
  // The product page is the retailer's own and nothing was stored: only the keepalive request can bring them.
  await expect.poll(async () => (await stored('ecommerce:product_click')).length, { timeout: 15_000 }).toBe(1);
  const [click] = await stored('ecommerce:product_click');
  expect(click!.data.metadata).toMatchObject({ list_name: 'search_results', list_position: 3, product_id: product });
  const visits = (await stored('navigate:visit_page')).filter((e) => new URL(e.url).pathname === LISTING);
  expect(visits).toHaveLength(1);
  expect(visits[0]!.visitor_id).toBe(click!.visitor_id);
  expect(visits[0]!.seq).toBeLessThan(click!.seq);
  // A later Aisle page (the app no longer held) has nothing of that page to send again.
  release();
  await page.goto(`${baseUrl}/summit/vsm/`);
  await page.waitForSelector('.aisle-mount [data-aisle="vsm"]');
  await page.waitForFunction(() => {
    type Snapshot = { analytics: { events: Array<{ state: string }> } };
    const { analytics } = (window as unknown as { Aisle: { debug: { snapshot(): Snapshot } } }).Aisle.debug.snapshot();
    return analytics.events.length > 0 && analytics.events.every((e) => e.state === 'acknowledged');
  });
  expect(await stored('ecommerce:product_click')).toHaveLength(1);
  expect((await stored('navigate:visit_page')).filter((e) => new URL(e.url).pathname === LISTING)).toHaveLength(1);
  await context.close();
});
