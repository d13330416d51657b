import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

/** Where end-to-end tests save their screenshots (docs link to some of them). */
export const ARTIFACTS = 'e2e/artifacts';

/** A card of the app's grid: the first paint's (drawn by aisle.js before the app is in) do not match. */
export const APP_CARD = '.aisle-mount:not([data-aisle-first-paint]) [data-aisle="grid"] [data-aisle="product"]';

/** Waits until the app's listing is on show (not only the first paint). */
export async function waitForListing(page: Page): Promise<void> {
  await page.waitForSelector(APP_CARD);
  // A page the server rendered shows its grid before aisle.js has run: wait until the app holds it.
  await page.waitForFunction(() => {
    const aisle = (window as { Aisle?: { debug: { snapshot(): { mount?: { state?: string } } } } }).Aisle;
    return aisle !== undefined && (aisle.debug.snapshot().mount?.state ?? 'none') !== 'none';
  });
}

/** Opens `path` of the local stack at a viewport width and waits for Aisle's grid. */
export async function openDlp(browser: Browser, baseUrl: string, path: string, width = 1280): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${baseUrl}${path}`);
  await waitForListing(page);
  return page;
}

/** The product ids in the grid, in order. */
export function gridIds(page: Page): Promise<string[]> {
  return page.$$eval('[data-aisle="grid"] [data-aisle="product"]', (cards) =>
    cards.map((c) => c.getAttribute('data-product-id') ?? ''),
  );
}

/** The URL's query parameters as an object of lists. */
export function query(page: Page): Record<string, string[]> {
  const params = new URL(page.url()).searchParams;
  const out: Record<string, string[]> = {};
  for (const [k, v] of params) (out[k] ??= []).push(v);
  return out;
}

/** Waits until the search in flight (if any) has finished and the grid is not busy. */
export async function searchSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const snapshot = (
      window as unknown as { Aisle: { debug: { snapshot(): { search: { loading: boolean } } } } }
    ).Aisle.debug.snapshot();
    return !snapshot.search.loading && !document.querySelector('[aria-busy="true"]');
  });
}

/** Saves a screenshot under e2e/artifacts. */
export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage });
}

/**
 * On an infinite listing on show: scrolls to its sentinel until page 2 is in, then opens the 31st
 * product (on page 2) by its link. Returns the products that were loaded.
 */
export async function pageTwoThenProduct(page: Page): Promise<string[]> {
  await page.locator('[data-aisle="sentinel"]').scrollIntoViewIfNeeded();
  await page.waitForURL(/pageNumber=2/);
  await searchSettled(page);
  const ids = await gridIds(page);
  const card = page.locator('[data-aisle="grid"] [data-aisle="product"]').nth(30);
  await card.scrollIntoViewIfNeeded();
  await card.locator('a').first().click();
  await page.waitForURL(/\/p\//);
  return ids;
}

/** The scroll position once the shopper's wheel has finished moving the page (the same for ten frames). */
export async function scrollSettled(page: Page): Promise<number> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __still?: { y: number; frames: number } };
      const still = w.__still?.y === window.scrollY ? w.__still.frames + 1 : 0;
      w.__still = { y: window.scrollY, frames: still };
      return still >= 10;
    },
    undefined,
    { polling: 'raf' },
  );
  return page.evaluate(() => window.scrollY);
}
