/**
 * Aisle on pages behind a strict Content-Security-Policy: each case of docs/security.md (the local
 * stack's `?csp=`, server/demo/csp.ts) in every engine that enforces it. The page's own watcher
 * records each `securitypolicyviolation` event; the listing must work with none at all: the app's
 * grid, a lazily loaded filter panel, the sanitised SEO text and the structured data.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { engines, useEngine, type EnginePage } from '../support/drivers/index.js';
import { APP_CARD } from '../support/dlp.js';
import { countOf, openFilter, openListing } from '../support/listing.js';

const baseUrl = inject('baseUrl');
const LISTING = '/maple/womens-running-shoes';
/** A page drawn in the browser, and one the retailer's server rendered (Aisle adopts its markup). */
const PAGES = [`${LISTING}?render=browser`, '/northwind/womens-running-shoes?render=server'];

/**
 * Every case in every engine: Chromium, Firefox ESR (153) and WebKitGTK all enforce the `script-src`
 * cases and Trusted Types (each refuses a plain string at innerHTML under `require-trusted-types-for`).
 */
const CASES = ['self', 'nonce-strict-dynamic', 'nonce', 'trusted-types', 'strict'];

/** The violations the page's watcher recorded so far. */
const violations = (page: EnginePage): Promise<unknown[]> =>
  page.evaluate(() => JSON.parse(document.documentElement.getAttribute('data-csp-violations') ?? 'null') as unknown[]);

describe.each(engines)('Aisle under a strict CSP (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it.each(CASES)('runs with no violation under ?csp=%s', async (csp) => {
    for (const path of PAGES) {
      const page = await openListing(engine(), baseUrl, `${path}&csp=${csp}`);
      // The watcher ran: a page without it would count nothing and prove nothing.
      expect(await violations(page)).toEqual([]);
      expect(await countOf(page, APP_CARD)).toBeGreaterThanOrEqual(24);
      // The sanitiser's chunk loaded and its output reached the page.
      await page.waitForSelector('[data-aisle="seo"][data-aisle-ready]');
      await page.waitFor(
        () => (document.querySelector('[data-aisle="seo"]')?.textContent ?? '').trim().length > 20,
        undefined,
        {
          what: 'the SEO text',
        },
      );
      await page.waitFor(
        () => (document.querySelector('script[type="application/ld+json"]')?.textContent ?? '').includes('ItemList'),
        undefined,
        { what: 'the structured data' },
      );
      // A filter panel lives in a chunk of its own, loaded on demand.
      await openFilter(page, 'Brand');
      await page.waitForSelector('[data-aisle="filter-panel"][data-filter-key="brand"] input[type="checkbox"]');
      expect(await violations(page)).toEqual([]);
      expect(await page.errors()).toEqual([]);
      await page.close();
    }
  });

  it('the watcher counts what the policy refuses (so a zero above means something)', async () => {
    const page = await engine().newPage();
    await page.goto(`${baseUrl}${LISTING}?csp=self&render=browser`);
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.title = "ran"';
      document.head.appendChild(script);
    });
    await page.waitFor(
      () => (document.documentElement.getAttribute('data-csp-violations') ?? '[]') !== '[]',
      undefined,
      {
        what: 'the refused inline script to be counted',
      },
    );
    expect(await page.evaluate(() => document.title)).not.toBe('ran');
    await page.close();
  });
});
