/** Paging, infinite scroll, and Back and Forward through a listing's states, in every engine. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { engines, useEngine, type EnginePage } from '../support/drivers/index.js';
import { APP_CARD } from '../support/dlp.js';
import {
  CARD,
  countOf,
  gridIds,
  itemCount,
  openFilter,
  openListing,
  searchSettled,
  textOf,
  waitForUrl,
} from '../support/listing.js';

const baseUrl = inject('baseUrl');

async function sortBy(page: EnginePage, text: string): Promise<void> {
  await page.click('.aisle-dropdown__button');
  await page.click({ selector: '[role="option"]', text });
}

const chips = (page: EnginePage) =>
  page.evaluate(() => Array.from(document.querySelectorAll('[data-aisle="chips"] .aisle-chip'), (e) => e.textContent));

describe.each(engines)('paging and history (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it('Back and Forward restore each state of the listing; a copied address opens the same one', async () => {
    const page = await openListing(engine(), baseUrl, '/maple/mens-rain-jackets');
    const initial = await gridIds(page);
    await openFilter(page, 'Rating');
    await page.click('[data-filter-key="rating"] button:not([disabled])');
    await waitForUrl(page, /filters=rating~/);
    await searchSettled(page);
    await page.press('Escape');
    const filtered = await gridIds(page);
    await sortBy(page, 'High to Low');
    await waitForUrl(page, /sort=price_desc/);
    await searchSettled(page);
    const sorted = await gridIds(page);
    expect(sorted).not.toEqual(filtered);

    await page.back();
    await waitForUrl(page, (url) => !url.search.includes('sort='));
    await searchSettled(page);
    expect(await gridIds(page)).toEqual(filtered);
    await page.back();
    await waitForUrl(page, (url) => !url.search.includes('filters='));
    await searchSettled(page);
    expect(await gridIds(page)).toEqual(initial);
    await page.forward();
    await waitForUrl(page, /filters=rating~/);
    await page.forward();
    await waitForUrl(page, /sort=price_desc/);
    await searchSettled(page);
    expect(await gridIds(page)).toEqual(sorted);

    // The copied address in a new tab (after closing this one: WebKitWebDriver drives one at a time).
    const address = new URL(await page.url());
    const shownChips = await chips(page);
    await page.close();
    const copied = await openListing(engine(), baseUrl, address.pathname + address.search);
    expect(await gridIds(copied)).toEqual(sorted);
    expect(await chips(copied)).toEqual(shownChips);
    expect(await textOf(copied, '.aisle-dropdown__button')).toContain('High to Low');
    expect(await copied.errors()).toEqual([]);
    await copied.close();
  });

  it('Back from a product page brings the listing back as it was left, from the cache or not', async () => {
    const page = await openListing(engine(), baseUrl, '/northwind/mens-rain-jackets');
    await sortBy(page, 'High to Low');
    await waitForUrl(page, /sort=price_desc/);
    await searchSettled(page);
    const listing = await page.url();
    const ids = await gridIds(page);
    await page.evaluate(() =>
      addEventListener('pageshow', (e) => ((window as unknown as { __fromCache: boolean }).__fromCache = e.persisted)),
    );
    await page.click('[data-aisle="grid"] [data-aisle="product"] .aisle-card__link');
    await waitForUrl(page, /\/northwind\/p\//);
    await page.back();
    await waitForUrl(page, (url) => url.href === listing);
    await page.waitForSelector(APP_CARD);
    await searchSettled(page);
    expect(await gridIds(page)).toEqual(ids);
    expect(await textOf(page, '.aisle-dropdown__button')).toContain('High to Low');
    // Which of the two it was differs by engine and by what the page holds: both must restore.
    const fromCache = await page.evaluate(() => (window as unknown as { __fromCache?: boolean }).__fromCache ?? false);
    console.info(`${name}: the listing came back ${fromCache ? 'from the back/forward cache' : 'by a new load'}`);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('a paged listing: page 2 replaces the grid, updates the address and scrolls to the top', async () => {
    const page = await openListing(engine(), baseUrl, '/summit/running-shorts');
    const first = await gridIds(page);
    // The shopper reaches the pagination once the page below the grid has come in.
    await page.waitForSelector('[data-aisle="seo"][data-aisle-ready]');
    await page.evaluate(() => {
      const w = window as unknown as { __pageClicks: string[] };
      w.__pageClicks = [];
      document.addEventListener(
        'click',
        (e) => w.__pageClicks.push((e.target as Element).outerHTML.slice(0, 80)),
        true,
      );
    });
    await page.click({ selector: '.aisle-pagination a', text: '2' });
    await waitForUrl(page, /pageNumber=2/).catch(async (error: unknown) => {
      // Say what the click reached and what Aisle was doing, so that a failure explains itself.
      const seen = await page.evaluate(() => ({
        url: location.href,
        clicks: (window as unknown as { __pageClicks: string[] }).__pageClicks,
        search: (window as unknown as { Aisle: { debug: { snapshot(): { search: unknown } } } }).Aisle.debug.snapshot()
          .search,
      }));
      throw new Error(`page 2 did not open: ${JSON.stringify(seen)}`, { cause: error });
    });
    await searchSettled(page);
    const second = await gridIds(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.some((id) => first.includes(id))).toBe(false);
    await page.waitFor(() => window.scrollY < 400, undefined, { what: 'the scroll back to the top' });
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('an infinite listing: scrolling loads pages until everything is shown', async () => {
    const page = await openListing(engine(), baseUrl, '/maple/mens-rain-jackets');
    const total = await itemCount(page);
    for (let i = 0; i < 20; i++) {
      const shown = await countOf(page, CARD);
      if (shown >= total) break;
      // The shopper scrolls to the end of the grid, where the sentinel comes into view.
      await page.waitForSelector('[data-aisle="sentinel"]');
      await page.evaluate(() => document.querySelector('[data-aisle="sentinel"]')!.scrollIntoView());
      await page.waitFor(
        (n) => document.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]').length > n,
        shown,
      );
      await searchSettled(page);
    }
    expect(await countOf(page, CARD)).toBe(total);
    expect(new Set(await gridIds(page)).size).toBe(total);
    expect(await textOf(page, '[data-aisle="sentinel"]')).toContain(`${total} of ${total}`);
    await waitForUrl(page, /pageNumber=/);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});
