import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { jsonForScript } from '../server/http.js';
import { useChromium } from './support/browser.js';
import { searchSettled, waitForListing } from './support/dlp.js';
import { watchErrors } from './support/page.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });

/** The stack answers on localhost too: another origin than the page's 127.0.0.1. */
const searchHost = baseUrl.replace('127.0.0.1', 'localhost');
const PATH = '/maple/mens-rain-jackets';
const CONTEXT = /(<script type="application\/json" id="aisle-context">)([\s\S]*?)(<\/script>)/;

/**
 * Opens the stack's Men's Rain Jackets page with its render context pointed at the search host on
 * the other origin; `inline: false` drops the context's data, so even the first results come from there.
 */
async function openCrossOrigin(inline: boolean): Promise<Page> {
  const page = await chromium().newPage({ viewport: { width: 1280, height: 900 } });
  // A page the test fulfils counts as public to Chromium, which then refuses its requests to a
  // loopback host: the test passes them on to the stack itself (they stay cross-origin, with CORS).
  await page.route(`${searchHost}/**`, async (route) => route.fulfill({ response: await route.fetch() }));
  await page.route(`${baseUrl}${PATH}`, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const match = CONTEXT.exec(html);
    if (!match) throw new Error('the demo page has no render context');
    const context = JSON.parse(match[2]!) as { config: Record<string, unknown>; data?: unknown };
    context.config.searchHost = searchHost;
    if (!inline) delete context.data;
    await route.fulfill({ response, body: html.replace(CONTEXT, `$1${jsonForScript(context)}$3`) });
  });
  await page.goto(`${baseUrl}${PATH}`);
  await waitForListing(page);
  return page;
}

/** The absolute addresses of every card's product link and image, as the browser reads them. */
function cardAddresses(page: Page): Promise<{ links: string[]; images: string[] }> {
  return page.evaluate(() => {
    const cards = [...document.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]')];
    return {
      links: cards.flatMap((card) => [...card.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href)),
      images: cards.flatMap((card) =>
        [...card.querySelectorAll('img[src]')].map((img) => (img as HTMLImageElement).src),
      ),
    };
  });
}

/** Closes the page; images still passed on to the stack then are dropped quietly. */
async function close(page: Page): Promise<void> {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.close();
}

function expectOnOrigin(addresses: string[], origin: string): void {
  expect(addresses.length).toBeGreaterThan(0);
  expect(addresses.filter((address) => new URL(address).origin !== origin)).toEqual([]);
}

describe('product links with the search on another origin', () => {
  it('stay on the retailer’s origin after a sort, while images come from the search host', async () => {
    const page = await openCrossOrigin(true);
    const { errors } = watchErrors(page);
    expectOnOrigin((await cardAddresses(page)).links, baseUrl);

    const searches: string[] = [];
    page.on('request', (request) => request.url().endsWith('/search') && searches.push(request.url()));
    await page.click('.aisle-dropdown__button');
    await page.click('[role="option"]:has-text("Low to High")');
    await page.waitForURL(/sort=price_asc/);
    await searchSettled(page);
    expect(searches.every((url) => url.startsWith(searchHost))).toBe(true);
    expect(searches.length).toBeGreaterThan(0);

    const { links, images } = await cardAddresses(page);
    expectOnOrigin(links, baseUrl);
    expectOnOrigin(images, searchHost);
    expect(new URL(links[0]!).pathname).toMatch(/^\/maple\/p\//);
    expect(errors).toEqual([]);
    await close(page);
  });

  it('stay on the retailer’s origin from the first results when the page carries no data', async () => {
    const page = await openCrossOrigin(false);
    const { links, images } = await cardAddresses(page);
    expectOnOrigin(links, baseUrl);
    expectOnOrigin(images, searchHost);

    // A click goes to the retailer's product page, not the search API's.
    await page.locator('[data-aisle="grid"] [data-aisle="product"] a[href]').first().click();
    await page.waitForURL((url) => url.pathname.startsWith('/maple/p/'));
    expect(new URL(page.url()).origin).toBe(baseUrl);
    await close(page);
  });
});
