/** The sitemap, a French page and a page that does not exist, in every engine. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { engines, useEngine, type EnginePage } from '../support/drivers/index.js';
import { APP_CARD } from '../support/dlp.js';
import { openListing, textOf } from '../support/listing.js';

const baseUrl = inject('baseUrl');

const title = (page: EnginePage) => page.evaluate(() => document.title);

describe.each(engines)('the sitemap, French and not found (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it.each([
    { path: '/lakeshore/vsm/', heading: 'Popular Categories', price: /CA\$\d/ },
    { path: '/lakeshore/vsm/?locale=fr_CA', heading: 'Catégories populaires', price: /\d,\d\d\s\$/ },
  ])('sitemap $path → a listing in place → Back → Forward', async ({ path, heading, price }) => {
    const page = await engine().newPage();
    await page.goto(`${baseUrl}${path}`);
    await page.waitForSelector('[data-aisle="vsm-section"] a');
    await page.waitForSelector('title[data-aisle-head]');
    expect(await textOf(page, '[data-aisle="vsm"] h1')).toBe(heading);
    const sitemapTitle = await title(page);
    // A flag on the window survives only a move in place, not a page load.
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await page.click('[data-aisle="vsm-section"] a');
    await page.waitForSelector(APP_CARD);
    await page.waitFor((before) => document.title !== before, sitemapTitle, { what: 'the listing’s title' });
    const listingTitle = await title(page);
    expect(await page.evaluate(() => document.querySelectorAll('title').length)).toBe(1);
    expect(await textOf(page, '[data-aisle="grid"] .aisle-card__price')).toMatch(price);

    await page.back();
    await page.waitForSelector('[data-aisle="vsm-section"]');
    await page.waitFor((wanted) => document.title === wanted, sitemapTitle, { what: 'the sitemap’s title' });
    expect(await textOf(page, '[data-aisle="vsm"] h1')).toBe(heading);
    await page.forward();
    await page.waitForSelector(APP_CARD);
    await page.waitFor((wanted) => document.title === wanted, listingTitle, { what: 'the listing’s title' });
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('a French page speaks French: labels, prices and the drawer', async () => {
    const page = await openListing(engine(), baseUrl, '/boreal/womens-running-shoes?locale=fr_CA');
    expect(await page.evaluate(() => document.querySelector('.aisle-root')?.getAttribute('lang'))).toBe('fr');
    expect(await textOf(page, '[data-aisle="all-filters"]')).toContain('Tous les filtres');
    expect(await textOf(page, '[data-aisle="grid"] .aisle-card__price')).toMatch(/\d,\d\d\s\$/);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('a page that does not exist says so, and the server answers 404', async () => {
    const path = '/maple/no-such-category';
    expect((await fetch(`${baseUrl}${path}`)).status).toBe(404);
    const page = await engine().newPage();
    await page.goto(`${baseUrl}${path}`);
    await page.waitForSelector('[data-aisle="not-found"][data-aisle-ready]');
    expect((await textOf(page, '[data-aisle="not-found"]'))!.trim().length).toBeGreaterThan(0);
    expect(
      await page.evaluate(() => document.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]').length),
    ).toBe(0);
    // The 404 itself is a console error in some engines: nothing else may be.
    expect((await page.errors()).filter((e) => !/\b404\b/.test(e))).toEqual([]);
    await page.close();
  });
});
