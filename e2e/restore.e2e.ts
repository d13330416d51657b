import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/browser.js';
import { APP_CARD, gridIds, pageTwoThenProduct, searchSettled } from './support/dlp.js';
import { storedEvents as storedEventsOf } from './support/analytics.js';

const baseUrl = inject('baseUrl');
// Playwright turns Chromium's back/forward cache off by default; these tests need it on.
let browser: Browser | undefined;
beforeAll(async () => {
  browser = await launchChromium({ ignoreDefaultArgs: ['--disable-back-forward-cache'] });
});
afterAll(async () => {
  await browser?.close();
});
const chromium = (): Browser => browser!;
beforeEach(async () => {
  await fetch(`${baseUrl}/analytics/__control/reset`, { method: 'POST' });
});

const CARD = '[data-aisle="grid"] [data-aisle="product"]';

async function storedEvents(shop: string): Promise<string[]> {
  return (await storedEventsOf(baseUrl, shop)).map((e) => e.event);
}
const countOf = (events: string[], name: string) => events.filter((e) => e === name).length;

/**
 * Opens a listing in a fresh page. Without the back/forward cache the page gets an `unload`
 * listener, which makes Chromium refuse to keep it in that cache; either way `pageshow` is recorded.
 */
async function openListing(path: string, bfcache: boolean): Promise<Page> {
  const page = await chromium().newPage({ viewport: { width: 1280, height: 900 } });
  await page.addInitScript((keep) => {
    const w = window as unknown as { __pageshows: boolean[] };
    w.__pageshows = [];
    addEventListener('pageshow', (e) => w.__pageshows.push(e.persisted));
    if (!keep) addEventListener('unload', () => undefined);
  }, bfcache);
  await page.goto(`${baseUrl}${path}`);
  await page.waitForSelector(APP_CARD);
  return page;
}

/**
 * Closes a page once its analytics events are delivered: a close flushes what is pending, and an
 * event arriving after the next test reset the service would be counted there.
 */
async function closeSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    type Snapshot = { analytics: { events: Array<{ state: string }> } | null };
    const aisle = (window as unknown as { Aisle?: { debug: { snapshot(): Snapshot } } }).Aisle;
    const events = aisle?.debug.snapshot().analytics?.events ?? [];
    return events.every((e) => e.state === 'acknowledged' || e.state === 'dead_lettered');
  });
  await page.close();
}

async function sortBy(page: Page, text: string): Promise<void> {
  await page.click('.aisle-dropdown__button');
  await page.click(`[role="option"]:has-text("${text}")`);
  await searchSettled(page);
}

/** Counts the search requests the page makes from now on. */
function countSearches(page: Page): { count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/(search|vehicle-selector)$/.test(new URL(request.url()).pathname))
      counter.count++;
  });
  return counter;
}

interface Journey {
  name: string;
  shop: string;
  path: string;
  infinite: boolean;
}

const journeys: Journey[] = [
  { name: 'infinite tenant', shop: 'maple', path: '/maple/mens-rain-jackets', infinite: true },
  { name: 'paged tenant', shop: 'summit', path: '/summit/running-shorts', infinite: false },
  // Back within its own listing does not reload for this tenant; coming back from a product page must still restore.
  // A backend that sends only the documented fields.
  { name: 'infinite tenant, strict backend', shop: 'driftwood', path: '/driftwood/mens-rain-jackets', infinite: true },
  { name: 'paged tenant, strict backend', shop: 'cedar', path: '/cedar/mens-rain-jackets', infinite: false },
  {
    name: 'infinite tenant whose back button does not reload',
    shop: 'harbor',
    path: '/harbor/lipsticks',
    infinite: true,
  },
];

describe.each(journeys)('back from a product page ($name)', ({ shop, path, infinite }) => {
  it.each([true, false])('restores the listing exactly (back/forward cache: %s)', async (bfcache) => {
    const page = await openListing(path, bfcache);
    // Every search is a display of results: the first listing came with the page.
    const shown = countSearches(page);
    await sortBy(page, 'High to Low');
    await page.waitForURL(/sort=price_desc/);
    if (infinite) {
      const before = await page.locator(CARD).count();
      await page.locator('[data-aisle="sentinel"]').scrollIntoViewIfNeeded();
      await page.waitForFunction(
        (n) => document.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]').length > n,
        before,
      );
      await searchSettled(page);
      await page.waitForURL(/pageNumber=2/);
    } else {
      await page.locator('.aisle-pagination').scrollIntoViewIfNeeded();
      await page.click('.aisle-pagination a:has-text("2")');
      await page.waitForURL(/pageNumber=2/);
      await searchSettled(page);
    }
    // A card on the second page, far enough from the end that the sentinel stays out of view.
    const index = infinite ? Math.min((await page.locator(CARD).count()) - 8, 26) : 9;
    const card = page.locator(CARD).nth(index);
    const id = (await card.getAttribute('data-product-id'))!;
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -200));
    // A keyboard shopper opens the product (focusing the link may scroll it fully into view).
    await card.locator('a').first().focus();
    await searchSettled(page);
    const displayed = 1 + shown.count;
    await expect.poll(async () => countOf(await storedEvents(shop), 'search:display_results')).toBe(displayed);
    const url = page.url();
    const ids = await gridIds(page);
    const offset = await card.evaluate((el) => el.getBoundingClientRect().top);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/p\//);
    const searches = countSearches(page);
    // A page restored from the cache fires no load event: wait for the address only.
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForURL(url, { waitUntil: 'commit' });
    await page.waitForSelector(APP_CARD);
    await page.waitForFunction(
      (wanted) => document.activeElement?.closest('[data-aisle="product"]')?.getAttribute('data-product-id') === wanted,
      id,
    );

    const pageshows = await page.evaluate(() => (window as unknown as { __pageshows: boolean[] }).__pageshows);
    expect(pageshows.at(-1)).toBe(bfcache);
    expect(await gridIds(page)).toEqual(ids);
    expect(await page.textContent('.aisle-dropdown__button')).toContain('High to Low');
    const restoredOffset = await page
      .locator(CARD)
      .nth(index)
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(restoredOffset - offset)).toBeLessThan(8);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('A');
    expect(searches.count).toBe(0);
    expect(await page.evaluate(() => history.scrollRestoration)).toBe('manual');

    // The analytics session still works; events arrive in order, so once the next display_results
    // is stored any duplicate sent by the restore would be stored too.
    await sortBy(page, 'Low to High');
    await expect.poll(async () => countOf(await storedEvents(shop), 'search:display_results')).toBe(displayed + 1);
    const events = await storedEvents(shop);
    // A fresh page load after Back is a new page view; a page from the cache is the same one.
    expect(countOf(events, 'navigate:visit_page')).toBe(bfcache ? 1 : 2);
    expect(countOf(events, 'ecommerce:product_click')).toBe(1);
    await closeSettled(page);
  });
});

describe('back from a product page (paged tenant after Show All)', () => {
  it('comes back with every item, the card in place and no search', async () => {
    const page = await openListing('/summit/running-shorts', false);
    await page.locator('.aisle-paging button:has-text("Show All")').click();
    await page.waitForURL(/pageSize=\d+/);
    await searchSettled(page);
    const ids = await gridIds(page);
    expect(ids.length).toBeGreaterThan(24);
    const card = page.locator(CARD).nth(ids.length - 3);
    await card.scrollIntoViewIfNeeded();
    await card.locator('a').first().focus();
    const offset = await card.evaluate((el) => el.getBoundingClientRect().top);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/p\//);
    const searches = countSearches(page);
    await page.goBack();
    await page.waitForSelector(APP_CARD);
    await page.waitForFunction(() => document.activeElement?.tagName === 'A');
    expect(await gridIds(page)).toEqual(ids);
    const restored = await page
      .locator(CARD)
      .nth(ids.length - 3)
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(Math.abs(restored - offset)).toBeLessThan(8);
    expect(searches.count).toBe(0);
    await closeSettled(page);
  });
});

describe('back from a product page (paged tenant whose back button does not reload)', () => {
  it('comes back to the listing that was on show, even after Back within the listing', async () => {
    const page = await openListing('/lakeshore/bed-sheets', false);
    await sortBy(page, 'High to Low');
    await page.waitForURL(/sort=price_desc/);
    const ids = await gridIds(page);
    // Back within the listing changes the address only: this tenant keeps the listing as it is.
    await page.goBack();
    await page.waitForURL((u) => !u.search.includes('sort='));
    expect(await gridIds(page)).toEqual(ids);
    await page.locator(CARD).nth(5).locator('a').first().click();
    await page.waitForURL(/\/p\//);
    await page.goBack();
    await page.waitForSelector(APP_CARD);
    expect(page.url()).toContain('sort=price_desc');
    expect(await gridIds(page)).toEqual(ids);
    expect(await page.textContent('.aisle-dropdown__button')).toContain('High to Low');
    await closeSettled(page);
  });
});

describe('back to a listing left by an in-place move', () => {
  it('puts the shopper back where they were instead of at the top', async () => {
    const page = await openListing('/maple/mens-rain-jackets', true);
    const ids = await gridIds(page);
    const card = page.locator(CARD).nth(9);
    await card.scrollIntoViewIfNeeded();
    const offset = await card.evaluate((el) => el.getBoundingClientRect().top);
    const id = await card.getAttribute('data-product-id');
    const related = page.locator('[data-aisle="related"] a').first();
    // Clicked without scrolling it into view first, so the place is the one the shopper had.
    await related.evaluate((a) => (a as HTMLAnchorElement).click());
    await page.waitForURL((u) => u.pathname !== '/maple/mens-rain-jackets');
    await searchSettled(page);
    const searches = countSearches(page);
    await page.goBack({ waitUntil: 'commit' });
    await page.waitForURL(/\/maple\/mens-rain-jackets$/, { waitUntil: 'commit' });
    await page.waitForFunction((wanted) => {
      const cards = document.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]');
      return cards[9]?.getAttribute('data-product-id') === wanted && window.scrollY > 0;
    }, id);
    expect(await gridIds(page)).toEqual(ids);
    const restored = await page
      .locator(CARD)
      .nth(9)
      .evaluate((el) => el.getBoundingClientRect().top);
    // The anchor is the first card in view, so the place comes back to within a card's height.
    expect(Math.abs(restored - offset)).toBeLessThan(8);
    expect(searches.count).toBe(0);
    await closeSettled(page);
  });
});

describe('while the listing is restored', () => {
  it('a shopper who scrolls first keeps their scroll, and the restore asks for one search only', async () => {
    const path = '/maple/mens-rain-jackets';
    const page = await openListing(path, false);
    const ids = await pageTwoThenProduct(page);

    // The retailer's page comes back without inline data, and the search is held until the shopper scrolled.
    await page.route(
      (u) => u.pathname === path,
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          /(<script type="application\/json" id="aisle-context">)([\s\S]*?)(<\/script>)/,
          (_, open: string, json: string, close: string) => {
            const context = JSON.parse(json) as Record<string, unknown>;
            delete context.data;
            return `${open}${JSON.stringify(context).replace(/</g, '\\u003c')}${close}`;
          },
        );
        await route.fulfill({ response, body: html });
      },
    );
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const searches = countSearches(page);
    await page.route('**/search', async (route) => {
      await released;
      await route.continue();
    });
    const asked = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/search'));
    await page.goBack({ waitUntil: 'commit' });
    await asked;
    await page.mouse.move(640, 450);
    await page.mouse.wheel(0, 120);
    const scrolled = await page.evaluate(() => window.scrollY);
    release();
    await page.waitForSelector(APP_CARD);
    await searchSettled(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await gridIds(page)).toEqual(ids);
    expect(searches.count).toBe(1);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await closeSettled(page);
  });
});

describe('paging links, focus and announcements', () => {
  it('paged listings link every page, and paging moves focus to the heading', async () => {
    const page = await openListing('/summit/running-shorts', true);
    await page.waitForSelector('.aisle-pagination a');
    const links = await page.$$eval('.aisle-pagination a', (as) =>
      as.map((a) => ({ href: a.getAttribute('href'), current: a.getAttribute('aria-current'), text: a.textContent })),
    );
    expect(links.find((l) => l.text === '1')).toMatchObject({ current: 'page' });
    expect(links.find((l) => l.text === '2')?.href).toMatch(/^\/summit\/running-shorts\?(.*&)?pageNumber=2$/);
    expect(await page.locator('.aisle-pagination a').count()).toBeGreaterThan(2);
    await page.locator('.aisle-pagination a:has-text("2")').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/pageNumber=2/);
    await searchSettled(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-aisle'))).toBe('heading');
    expect(await page.getAttribute('.aisle-pagination a[aria-current="page"]', 'href')).toMatch(/pageNumber=2/);
    // The link works on its own too (a crawler, a new tab).
    const second = await gridIds(page);
    const direct = await openListing(links.find((l) => l.text === '2')!.href!, true);
    expect(await gridIds(direct)).toEqual(second);
    await closeSettled(direct);
    await closeSettled(page);
  });

  it('Clear Filters leaves focus on All Filters, and each change is announced once by one live region', async () => {
    const page = await openListing('/maple/mens-rain-jackets', true);
    await page.evaluate(() => {
      const w = window as unknown as { __said: string[] };
      w.__said = [];
      const mount = document.querySelector('.aisle-mount')!;
      new MutationObserver(() => {
        for (const region of mount.querySelectorAll('[role="status"], [aria-live]')) {
          const text = region.textContent?.trim() ?? '';
          if (text && region.getAttribute('data-said') !== region.textContent) w.__said.push(text);
          region.setAttribute('data-said', region.textContent ?? '');
        }
      }).observe(mount, { subtree: true, childList: true, characterData: true });
    });
    const said = () => page.evaluate(() => (window as unknown as { __said: string[] }).__said);
    await sortBy(page, 'High to Low');
    await expect.poll(said).toHaveLength(1);
    expect((await said())[0]).toMatch(/^\d+ items?$/);

    for (const key of ['rating', 'color']) {
      await page.click(
        `[data-aisle="filter-button"][data-filter-key="${key}"], [data-aisle="filter-button"]:has-text("${key === 'rating' ? 'Rating' : 'Color'}")`,
      );
      await page
        .locator(`[data-filter-key="${key}"] button:not([disabled]), [data-filter-key="${key}"] input`)
        .first()
        .click();
      await searchSettled(page);
      await page.keyboard.press('Escape');
    }
    await expect.poll(said).toHaveLength(3);
    await page.click('[data-aisle="clear-filters"]');
    await searchSettled(page);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-aisle'))).toBe('all-filters');
    await expect.poll(said).toHaveLength(4);
    expect(await page.locator('.aisle-mount [role="status"], .aisle-mount [aria-live]').count()).toBe(1);
    await closeSettled(page);
  });
});
