import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { useChromium } from './support/browser.js';
import { BACKENDS, expectStrictOptions } from './support/backends.js';
import { gridIds, openDlp, query, searchSettled } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });

const chips = (page: Page) => page.$$eval('[data-aisle="chips"] .aisle-chip', (els) => els.map((e) => e.textContent));

async function sortBy(page: Page, text: string): Promise<void> {
  await page.click('.aisle-dropdown__button');
  await page.click(`[role="option"]:has-text("${text}")`);
}

describe.each(BACKENDS)('URL state, history and paging ($backend backend)', ({ backend, infinite, pagedListing }) => {
  const strict = backend === 'strict';

  it('back and forward restore the state; a copied URL opens the same page', async () => {
    const page = await openDlp(chromium(), baseUrl, `${infinite}/mens-rain-jackets`);
    const initial = await gridIds(page);
    await page.click('[data-aisle="filter-button"]:has-text("Rating")');
    if (strict) await expectStrictOptions(page, '[data-aisle="filter-panel"][data-filter-key="rating"]');
    await page.locator('[data-filter-key="rating"] button:not([disabled])').first().click();
    await page.waitForURL(/filters=rating~/);
    await searchSettled(page);
    await page.keyboard.press('Escape');
    const filtered = await gridIds(page);
    await sortBy(page, 'High to Low');
    await page.waitForURL(/sort=price_desc/);
    await searchSettled(page);
    const sorted = await gridIds(page);
    expect(sorted).not.toEqual(filtered);

    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('sort='));
    await searchSettled(page);
    expect(await gridIds(page)).toEqual(filtered);
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('filters='));
    await searchSettled(page);
    expect(await gridIds(page)).toEqual(initial);
    await page.goForward();
    await page.goForward();
    await page.waitForURL(/sort=price_desc/);
    await searchSettled(page);
    expect(await gridIds(page)).toEqual(sorted);

    const copied = await openDlp(chromium(), baseUrl, new URL(page.url()).pathname + new URL(page.url()).search);
    expect(await gridIds(copied)).toEqual(sorted);
    expect(await chips(copied)).toEqual(await chips(page));
    expect(await copied.textContent('.aisle-dropdown__button')).toContain('High to Low');
    await copied.close();
    await page.close();
  });

  it('paged tenant: page 2 replaces the grid, updates the URL and scrolls to the top', async () => {
    const page = await openDlp(chromium(), baseUrl, pagedListing);
    const first = await gridIds(page);
    await page.locator('.aisle-pagination').scrollIntoViewIfNeeded();
    await page.click('.aisle-pagination a:has-text("2")');
    await page.waitForURL(/pageNumber=2/);
    await searchSettled(page);
    const second = await gridIds(page);
    expect(second.some((id) => first.includes(id))).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(400);
    await page.close();
  });

  it('infinite tenant: scrolling loads pages until everything is shown', async () => {
    const page = await openDlp(chromium(), baseUrl, `${infinite}/mens-rain-jackets`);
    const total = Number((await page.textContent('[data-aisle="item-count"]'))!.replace(/\D/g, ''));
    for (let i = 0; i < 20; i++) {
      const shown = await page.locator('[data-aisle="grid"] [data-aisle="product"]').count();
      if (shown >= total) break;
      await page.locator('[data-aisle="sentinel"]').scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]').length > n,
        shown,
      );
      await searchSettled(page);
    }
    expect(await page.locator('[data-aisle="grid"] [data-aisle="product"]').count()).toBe(total);
    expect(new Set(await gridIds(page)).size).toBe(total);
    expect(await page.textContent('[data-aisle="sentinel"]')).toContain(`${total} of ${total}`);
    expect(query(page).pageNumber).toBeDefined();
    await page.close();
  });

  it('while a search runs the dimmed grid takes no clicks, and takes them again once the results are in', async () => {
    const page = await openDlp(chromium(), baseUrl, `${infinite}/mens-rain-jackets`);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/search', async (route) => {
      await released;
      await route.continue();
    });
    /** What a click at the middle of the first card's image would reach. */
    const hit = () =>
      page.evaluate(() => {
        const card = document.querySelector('[data-aisle="grid"] [data-aisle="product"]')!;
        const box = card.getBoundingClientRect();
        const target = document.elementFromPoint(box.left + box.width / 2, box.top + 40);
        return { inCard: card.contains(target), isGrid: target?.matches('[data-aisle="grid"]') ?? false };
      });
    await page.locator('[data-aisle="grid"] [data-aisle="product"]').first().scrollIntoViewIfNeeded();
    expect(await hit()).toEqual({ inCard: true, isGrid: false });
    await sortBy(page, 'Low to High');
    await page.waitForSelector('[data-aisle="grid"][aria-busy="true"]');
    expect(await hit()).toEqual({ inCard: false, isGrid: true });
    release();
    await searchSettled(page);
    await page.waitForSelector('[data-aisle="grid"]:not([aria-busy])');
    expect(await hit()).toEqual({ inCard: true, isGrid: false });
    await page.close();
  });
});

// How the embed survives a failing or slow search does not depend on the fields a backend sends.
describe('URL state under a failing or slow search', () => {
  it('a failed search keeps the results on screen', async () => {
    const page = await openDlp(chromium(), baseUrl, '/northwind/mens-rain-jackets');
    const before = await gridIds(page);
    const messages: string[] = [];
    page.on('console', (m) => m.type() === 'error' && messages.push(m.text()));
    // The failure is held until the address has shown the request, since Aisle then puts the address
    // back to the results on show.
    let fail!: () => void;
    const failing = new Promise<void>((resolve) => (fail = resolve));
    await page.route('**/search', async (route) => {
      await failing;
      await route.fulfill({ status: 503, body: 'down' });
    });
    await sortBy(page, 'Low to High');
    await page.waitForURL(/sort=price_asc/);
    fail();
    await page.waitForURL((url) => !url.search.includes('sort=price_asc'));
    await searchSettled(page);
    expect(await gridIds(page)).toEqual(before);
    expect(messages.some((m) => m.includes('Failed to fetch search results'))).toBe(true);
    await page.close();
  });

  it('a slow reply overtaken by a newer one never replaces it', async () => {
    const page = await openDlp(chromium(), baseUrl, '/northwind/mens-rain-jackets');
    let held: Route | undefined;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/search', async (route) => {
      const body = route.request().postDataJSON() as { sort?: string };
      if (body.sort === 'price_asc' && !held) {
        held = route;
        await released;
        await route.continue().catch(() => undefined);
      } else await route.continue();
    });
    await sortBy(page, 'Low to High');
    await page.waitForURL(/sort=price_asc/);
    await sortBy(page, 'High to Low');
    await page.waitForURL(/sort=price_desc/);
    await searchSettled(page);
    const newest = await gridIds(page);
    release();
    await page.waitForFunction(() => true);
    await searchSettled(page);
    expect(await gridIds(page)).toEqual(newest);
    expect(await page.textContent('.aisle-dropdown__button')).toContain('High to Low');
    await page.close();
  });
});
