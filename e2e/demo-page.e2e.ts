import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useChromium } from './support/browser.js';
import { watchErrors } from './support/page.js';
import { waitForListing } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });

describe('demo retailer pages in Chromium', () => {
  it('the index lists every tenant with links to its pages', async () => {
    const page = await chromium().newPage();
    await page.goto(`${baseUrl}/`);
    expect(await page.locator('article.tenant').count()).toBeGreaterThanOrEqual(8);
    await page.close();
  });

  it('a DLP page carries the render context and loads the embed', async () => {
    const page = await chromium().newPage();
    const { errors } = watchErrors(page);
    await page.goto(`${baseUrl}/maple/womens-running-shoes`);
    const context = await page.evaluate(() => JSON.parse(document.getElementById('aisle-context')!.textContent!));
    expect(context.config.id).toBe('maple');
    expect(context.environment).toBe('development');
    expect(context.data.products.length).toBeGreaterThan(0);
    await page.waitForFunction(() => typeof (window as { Aisle?: unknown }).Aisle === 'object');
    expect(await page.evaluate(() => (window as unknown as { Aisle: { version: string } }).Aisle.version)).toMatch(
      /^\d+\.\d+\.\d+$/,
    );
    await page.waitForSelector('main [data-aisle]');
    const jsonLd = await page.waitForFunction(
      () => document.querySelector('script[type="application/ld+json"]')?.textContent,
    );
    const structured = JSON.parse((await jsonLd.jsonValue()) as string) as Array<{
      '@type': string;
      itemListElement?: unknown[];
    }>;
    expect(structured.map((s) => s['@type'])).toEqual(['ItemList', 'BreadcrumbList']);
    expect(structured[0]!.itemListElement).toHaveLength(24);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the first render uses the context data without a request; without data Aisle fetches it', async () => {
    const page = await chromium().newPage();
    const searches: string[] = [];
    page.on('request', (r) => r.url().endsWith('/search') && searches.push(r.url()));
    await page.goto(`${baseUrl}/northwind/mens-jeans`);
    await waitForListing(page);
    expect(searches).toEqual([]);
    await page.route(`${baseUrl}/northwind/mens-jeans?from=cache`, async (route) => {
      // A page sent without data is one its server did not render either (Northwind renders its pages).
      const real = await (await fetch(`${baseUrl}/northwind/mens-jeans?render=browser`)).text();
      const context = JSON.parse(/id="aisle-context">(.*?)<\/script>/s.exec(real)![1]!) as { data?: unknown };
      delete context.data;
      const html = real.replace(
        /id="aisle-context">.*?<\/script>/s,
        `id="aisle-context">${JSON.stringify(context).replace(/</g, '\\u003c')}</script>`,
      );
      await route.fulfill({ contentType: 'text/html', body: html });
    });
    await page.goto(`${baseUrl}/northwind/mens-jeans?from=cache`);
    await waitForListing(page);
    expect(searches).toHaveLength(1);
    await page.close();
  });

  it('dispatches ResultsViewUpdate after each search for the tenant that asks for it', async () => {
    const page = await chromium().newPage();
    await page.goto(`${baseUrl}/summit/running-shorts`);
    await waitForListing(page);
    await page.evaluate(() => {
      (window as unknown as { __updates: unknown[] }).__updates = [];
      window.addEventListener('ResultsViewUpdate', (e) =>
        (window as unknown as { __updates: unknown[] }).__updates.push((e as CustomEvent).detail),
      );
    });
    await page.click('.aisle-dropdown__button');
    await page.click('[role="option"]:has-text("Low to High")');
    await page.waitForFunction(() => (window as unknown as { __updates: unknown[] }).__updates.length === 1);
    const [detail] = await page.evaluate(() => (window as unknown as { __updates: unknown[] }).__updates);
    expect(detail).toMatchObject({ page: 'running-shorts', sort: 'price_asc', pageNumber: 1 });
    await page.close();
  });
});
