import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe.js';
import { useChromium } from './support/browser.js';
import { screenshot, waitForListing } from './support/dlp.js';
import { watchErrors } from './support/page.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });

const head = (page: Page) =>
  page.evaluate(() => ({
    title: document.title,
    titles: document.querySelectorAll('title').length,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
  }));

async function openSitemap(path: string, width = 1280): Promise<Page> {
  const page = await chromium().newPage({ viewport: { width, height: 900 } });
  await page.goto(`${baseUrl}${path}`);
  await page.waitForSelector('[data-aisle="vsm-section"]');
  // Head tags follow the first render by a moment.
  await page.waitForSelector('title[data-aisle-head]', { state: 'attached' });
  return page;
}

describe.each([
  { locale: 'en', path: '/lakeshore/vsm/', heading: 'Popular Categories', price: /CA\$\d/, suffix: '' },
  {
    locale: 'fr',
    path: '/lakeshore/vsm/?locale=fr_CA',
    heading: 'Catégories populaires',
    price: /\d,\d\d\s\$/,
    suffix: '?locale=fr_CA',
  },
  // A tenant whose backend sends only the documented fields, sitemap data included.
  { locale: 'en, strict backend', path: '/cedar/vsm/', heading: 'Popular Categories', price: /^\$\d/, suffix: '' },
])('sitemap → DLP → back → forward ($locale)', ({ path, heading, price, suffix }) => {
  it('moves in place, updates the head and restores each screen', async () => {
    const page = await openSitemap(path);
    const { errors } = watchErrors(page);
    expect(await page.textContent('[data-aisle="vsm"] h1')).toBe(heading);
    const sitemapHead = await head(page);
    const link = page.locator('[data-aisle="vsm-section"] a').first();
    const href = (await link.getAttribute('href'))!;
    expect(href.endsWith(suffix)).toBe(true);
    const title = (await link.textContent())!;
    const loads: string[] = [];
    page.on('framenavigated', (f) => f === page.mainFrame() && loads.push(f.url()));
    await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
    await link.click();
    await waitForListing(page);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    const dlpHead = await head(page);
    expect(dlpHead.titles).toBe(1);
    expect(dlpHead.title).not.toBe(sitemapHead.title);
    expect(dlpHead.canonical).not.toBe(sitemapHead.canonical);
    expect(await page.textContent('[data-aisle="heading"]')).toBeTruthy();
    expect(title.length).toBeGreaterThan(0);
    expect(await page.textContent('[data-aisle="grid"] .aisle-card__price')).toMatch(price);

    await page.goBack();
    await page.waitForSelector('[data-aisle="vsm-section"]');
    expect(await page.textContent('[data-aisle="vsm"] h1')).toBe(heading);
    expect((await head(page)).title).toBe(sitemapHead.title);
    await page.goForward();
    await waitForListing(page);
    expect((await head(page)).title).toBe(dlpHead.title);
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the sitemap', () => {
  it('the jump bar moves focus to the section', async () => {
    const page = await openSitemap('/boreal/vsm/');
    const pair = page.locator('[data-aisle="vsm-letters"] button').nth(2);
    const label = (await pair.textContent())!;
    await pair.click();
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(label.split('-')).toContain(focused);
    await page.close();
  });

  it.each([1280, 375])('has no axe violations at %i px', async (width) => {
    const page = await openSitemap('/boreal/vsm/', width);
    await screenshot(page, `vsm-${width}`);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
