import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium } from './support/browser.js';
import { APP_CARD, gridIds, scrollSettled, searchSettled } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });
const CARD = '[data-aisle="grid"] [data-aisle="product"]';
const PATH = '/maple/mens-rain-jackets';
beforeEach(async () => {
  await fetch(`${baseUrl}/analytics/__control/reset`, { method: 'POST' });
});

/** An infinite listing with three pages loaded, left for a related listing shown in place. */
async function threePagesThenRelated(page: Page): Promise<string[]> {
  await page.goto(`${baseUrl}${PATH}`);
  await page.waitForSelector(APP_CARD);
  for (const n of [2, 3]) {
    await page.locator('[data-aisle="sentinel"]').scrollIntoViewIfNeeded();
    await page.waitForURL(new RegExp(`pageNumber=${n}`));
    await searchSettled(page);
  }
  const ids = await gridIds(page);
  await page.locator(CARD).nth(50).scrollIntoViewIfNeeded();
  await page
    .locator('[data-aisle="related"] a')
    .first()
    .evaluate((a) => (a as HTMLAnchorElement).click());
  await page.waitForURL((u) => u.pathname !== PATH);
  await searchSettled(page);
  return ids;
}

const frames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

describe('Back to an infinite listing while the shopper already scrolls', () => {
  it('keeps their scroll position and brings back every page they had loaded, above and below them', async () => {
    const page = await chromium().newPage({ viewport: { width: 1280, height: 900 } });
    const ids = await threePagesThenRelated(page);
    expect(ids).toHaveLength(72);
    // The listing's page is read while the shopper scrolls: it arrives once they have.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (u) => u.pathname === PATH,
      async (route) => {
        await released;
        await route.continue();
      },
    );
    const asked = page.waitForRequest((r) => new URL(r.url()).pathname === PATH);
    await page.goBack({ waitUntil: 'commit' });
    await asked;
    await page.mouse.move(640, 450);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 200);
    const scrolled = await scrollSettled(page);
    expect(scrolled).toBeGreaterThan(0);
    release();
    await page.waitForFunction(
      (first) =>
        document.querySelector('[data-aisle="grid"] [data-aisle="product"]')?.getAttribute('data-product-id') === first,
      ids[0],
    );
    await searchSettled(page);
    await frames(page);
    expect(page.url()).toContain(`${PATH}?pageNumber=3`);
    expect(await gridIds(page)).toEqual(ids);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    // Cards of the listing lie above and below where the shopper stands.
    const sides = await page.evaluate(() => {
      const tops = [...document.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]')].map(
        (card) => card.getBoundingClientRect().top,
      );
      return { above: tops.filter((top) => top < 0).length, below: tops.filter((top) => top > innerHeight).length };
    });
    expect(sides.above).toBeGreaterThan(0);
    expect(sides.below).toBeGreaterThan(0);
    await page.close();
  });
});
