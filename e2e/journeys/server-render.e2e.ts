import { describe, expect, inject, it, beforeAll, afterAll } from 'vitest';
import { engines, useEngine } from '../support/drivers/index.js';
import { APP_CARD } from '../support/dlp.js';
import { axeViolationsIn } from '../support/engineAxe.js';
import { CARD, countOf, openListing, textOf } from '../support/listing.js';

const baseUrl = inject('baseUrl');

/** What the app says it did with the page's server render (its debug snapshot). */
const serverMarkup = (page: Awaited<ReturnType<typeof openListing>>) =>
  page.evaluate(() => {
    const w = window as unknown as { Aisle?: { debug: { snapshot(): { mount: { serverMarkup?: string } } } } };
    return w.Aisle?.debug.snapshot().mount.serverMarkup ?? null;
  });

/** Waits until the app has taken the main element over. */
const tookOver = (page: Awaited<ReturnType<typeof openListing>>) =>
  page.waitFor(() => performance.getEntriesByName('aisle:take-over').length > 0, undefined, { what: 'the take-over' });

describe.each(engines)('a listing the retailer rendered on the server (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it('is adopted by the app, not drawn again, at a desktop and a phone width', async () => {
    for (const width of [1280, 375]) {
      const page = await openListing(engine(), baseUrl, '/northwind/womens-running-shoes', width);
      await tookOver(page);
      expect(await serverMarkup(page)).toBe('adopted');
      // The server's container is the app's: no second one, no first paint, one JSON-LD.
      expect(await countOf(page, 'main > .aisle-mount[data-aisle-markup]')).toBe(1);
      expect(await countOf(page, '[data-aisle-first-paint]')).toBe(0);
      expect(await countOf(page, CARD)).toBe(48);
      expect(await countOf(page, 'script[type="application/ld+json"]')).toBe(1);
      await page.screenshot(`server-render-${width}`);
      expect(await axeViolationsIn(page)).toEqual([]);
      expect(await page.errors()).toEqual([]);
      await page.close();
    }
  });

  it('answers as the app once adopted: a filter button of the server-rendered toolbar opens its panel', async () => {
    const page = await openListing(engine(), baseUrl, '/prairie/yoga-mats?locale=fr_CA', 1280);
    await tookOver(page);
    expect(await serverMarkup(page)).toBe('adopted');
    expect(await textOf(page, '[data-aisle="all-filters"]')).toContain('Tous les filtres');
    await page.click({ selector: '[data-aisle="filter-button"]', nth: 0 });
    await page.waitForSelector('.aisle-popover[role="dialog"]');
    expect(await countOf(page, '[data-aisle="filter-button"][aria-expanded="true"]')).toBe(1);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('keeps the region and locale in every link and in the JSON-LD once adopted (French Canada)', async () => {
    const page = await openListing(engine(), baseUrl, '/prairie/yoga-mats?locale=fr_CA', 1280);
    await tookOver(page);
    const found = await page.evaluate(() => {
      const hrefs = (selector: string) =>
        [...document.querySelectorAll<HTMLAnchorElement>(`${selector} a[href]`)].map((a) => a.href);
      const ld = document.querySelector('script[type="application/ld+json"]')?.textContent ?? '';
      return {
        products: hrefs('[data-aisle="grid"]'),
        crumbs: hrefs('[data-aisle="breadcrumbs"]'),
        currencies: [...new Set(ld.match(/"priceCurrency":"[A-Z]+"/g) ?? [])],
      };
    });
    expect(found.products.length).toBeGreaterThan(0);
    expect(found.products.filter((href) => !href.endsWith('locale=fr_CA'))).toEqual([]);
    expect(found.crumbs.filter((href) => !href.endsWith('locale=fr_CA'))).toEqual([]);
    expect(found.currencies).toEqual(['"priceCurrency":"CAD"']);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('draws afresh, cleanly, over markup made from another context (a stale cache)', async () => {
    const page = await openListing(engine(), baseUrl, '/northwind/womens-running-shoes?render=stale', 1280);
    await tookOver(page);
    expect(await serverMarkup(page)).toBe(null);
    // Yesterday's markup is gone whole; today's listing is on show, once.
    expect(await countOf(page, '[data-aisle-markup]')).toBe(0);
    expect(await textOf(page, 'h1')).not.toContain('(yesterday)');
    expect(await countOf(page, APP_CARD)).toBe(48);
    expect(await countOf(page, '[data-aisle="grid"]')).toBe(1);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});
