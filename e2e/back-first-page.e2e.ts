/**
 * Back to an infinite listing whose host page embeds only its first page of results, whatever the
 * address says: a shopper who scrolls at once keeps their scroll position, and every card they had
 * loaded comes back around them. Chromium's own: the search is held until they have scrolled. The
 * return without scrolling runs in every engine (e2e/journeys/back-first-page.e2e.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { useChromium } from './support/browser.js';
import { APP_CARD, gridIds, pageTwoThenProduct, scrollSettled, searchSettled } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });
const CARD = '[data-aisle="grid"] [data-aisle="product"]';
const PATH = '/maple/mens-rain-jackets';
// The demo page writes its first page of results into the page, whatever its page number says.
const FIRST_PAGE_ONLY = 'embed=first-page';
beforeEach(async () => {
  await fetch(`${baseUrl}/analytics/__control/reset`, { method: 'POST' });
});

describe('Back to an infinite listing whose page embeds page 1 only', () => {
  it('brings every card back around a shopper who scrolls at once, and keeps their scroll', async () => {
    const page = await chromium().newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}${PATH}?${FIRST_PAGE_ONLY}`);
    await page.waitForSelector(APP_CARD);
    const ids = await pageTwoThenProduct(page);
    expect(ids).toHaveLength(48);
    // The search for the rest of the listing is answered once the shopper has scrolled.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (u) => u.pathname.endsWith('/search'),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForSelector(APP_CARD);
    await page.mouse.move(640, 450);
    for (let i = 0; i < 4; i++) await page.mouse.wheel(0, 150);
    const scrolled = await scrollSettled(page);
    // Where their wheel took them from the top: nothing pulled them to the card they had opened.
    expect(scrolled).toBeGreaterThan(0);
    expect(scrolled).toBeLessThanOrEqual(600);
    release();
    await page.waitForFunction((n) => document.querySelectorAll(`.aisle-mount ${n.card}`).length >= n.count, {
      card: CARD,
      count: ids.length,
    });
    await searchSettled(page);
    expect(page.url()).toContain(`${PATH}?${FIRST_PAGE_ONLY}&pageNumber=2`);
    expect(await gridIds(page)).toEqual(ids);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.close();
  });
});
