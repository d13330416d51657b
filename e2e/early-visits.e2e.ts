import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { storedEvents } from './support/analytics.js';
import { useChromium } from './support/browser.js';
import { waitForListing } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });
const LISTING = '/maple/womens-running-shoes';
beforeEach(async () => {
  await fetch(`${baseUrl}/analytics/__control/reset`, { method: 'POST' });
  await fetch(`${baseUrl}/analytics/__control/faults`, { method: 'DELETE' });
});

const visits = async () => (await storedEvents(baseUrl, 'maple')).filter((e) => e.event === 'navigate:visit_page');

/** Opens the listing and leaves it the moment the app has mounted (Aisle's own `aisle:mount` measure). */
async function visitAndLeave(page: Page): Promise<void> {
  await page.goto(`${baseUrl}${LISTING}`);
  await page.waitForFunction(() => performance.getEntriesByName('aisle:mount').length > 0, undefined, {
    polling: 'raf',
  });
  await page.goto('about:blank');
}

describe('a visit is on record the moment the page shows a listing', () => {
  it('pages left the moment Aisle mounts keep their visits; the next page delivers them', async () => {
    const context: BrowserContext = await chromium().newContext();
    const page = await context.newPage();
    for (let i = 0; i < 4; i++) await visitAndLeave(page);
    await page.goto(`${baseUrl}${LISTING}`);
    await waitForListing(page);
    await expect.poll(async () => (await visits()).length, { timeout: 15_000 }).toBe(5);
    const stored = await visits();
    expect(new Set(stored.map((v) => v.id)).size).toBe(5);
    expect(stored.every((v) => v.data.page_type === 'dlp')).toBe(true);
    await context.close();
  });

  it('a page whose analytics code never arrives still has its visit, delivered once by the next page', async () => {
    const context: BrowserContext = await chromium().newContext();
    const page = await context.newPage();
    // The session's chunk fails on the first page (offline for it, a blocked script): the listing shows.
    await page.route('**/embed/chunks/wire-*.js', (route) => route.abort());
    await page.goto(`${baseUrl}${LISTING}`);
    await waitForListing(page);
    await page.unroute('**/embed/chunks/wire-*.js');
    await page.goto(`${baseUrl}${LISTING}?sort=price_asc`);
    await waitForListing(page);
    await expect.poll(async () => (await visits()).length, { timeout: 15_000 }).toBe(2);
    const urls = (await visits()).map((v) => new URL(v.url).search);
    expect(urls).toEqual(['', '?sort=price_asc']);
    // Once this page has nothing left to send, there are still two: the first was not recorded twice.
    await page.waitForFunction(() => {
      type Snapshot = { analytics: { events: Array<{ state: string }> } };
      const { analytics } = (
        window as unknown as { Aisle: { debug: { snapshot(): Snapshot } } }
      ).Aisle.debug.snapshot();
      return analytics.events.length > 0 && analytics.events.every((e) => e.state === 'acknowledged');
    });
    expect(await visits()).toHaveLength(2);
    await context.close();
  });
});
