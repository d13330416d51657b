/**
 * The listing in the HTML the retailer's server sends (Northwind renders its pages on the server):
 * what a crawler without JavaScript reads, and, in Chromium (where the app's script can be held back
 * and the page watched from its first moment), that the app adopts the very elements the server sent,
 * without a layout shift, keeping what the shopper pressed before it arrived.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium } from './support/browser.js';
import { holdApp } from './support/holds.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });
const LISTING = '/northwind/womens-running-shoes';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';

/**
 * Opens the server-rendered listing with the app's script held back until `release()`; the page
 * keeps the cards the server sent (`__served`) and the layout shifts it saw (`__shift`).
 */
async function openServed(width: number, userAgent?: string): Promise<{ page: Page; release: () => void }> {
  const context = await chromium().newContext({
    viewport: { width, height: 900 },
    ...(userAgent ? { userAgent } : {}),
  });
  const page = await context.newPage();
  page.on('close', () => void context.close());
  const release = await holdApp(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __served: Element[]; __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => (w.__shift += (e as PerformanceEntry & { value: number }).value)),
    ).observe({ type: 'layout-shift', buffered: true });
    document.addEventListener('DOMContentLoaded', () => {
      w.__served = [...document.querySelectorAll('[data-aisle="product"]')];
    });
  });
  await page.goto(`${baseUrl}${LISTING}`, { waitUntil: 'domcontentloaded' });
  return { page, release };
}

const tookOver = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('aisle:take-over').length > 0, null, { timeout: 30_000 });

describe('a listing rendered on the server, in Chromium', () => {
  it('is adopted: the cards after the take-over are the very elements the server sent, and nothing moved', async () => {
    for (const [width, agent] of [
      [1280, undefined],
      [375, PHONE],
    ] as const) {
      const { page, release } = await openServed(width, agent);
      // Before the app: the server's listing is on show and aisle.js drew nothing over it.
      expect(await page.locator('[data-aisle-first-paint]').count()).toBe(0);
      expect(await page.locator('main > .aisle-mount [data-aisle="grid"] [data-aisle="product"]').count()).toBe(48);
      release();
      await tookOver(page);
      // The sections below the grid are adopted once their code arrives.
      await page.waitForFunction(() => document.querySelector('[data-aisle="structured-data"] script') !== null);
      const adopted = await page.evaluate(() => {
        const w = window as unknown as { __served: Element[]; __shift: number };
        const now = [...document.querySelectorAll('[data-aisle="product"]')];
        return { served: w.__served.length, same: w.__served.every((card, i) => card === now[i]), shift: w.__shift };
      });
      expect(adopted, `${width}px`).toEqual({ served: 64, same: true, shift: 0 });
      await page.close();
    }
  });

  it('keeps a press made before the app arrived: a filter button pressed on the server markup is open after', async () => {
    const { page, release } = await openServed(1280);
    await page.locator('[data-aisle="filter-button"]').first().click();
    release();
    await tookOver(page);
    await expect
      .poll(() => page.locator('[data-aisle="filter-button"][aria-expanded="true"]').count(), { timeout: 10_000 })
      .toBe(1);
    expect(await page.locator('.aisle-popover[role="dialog"]').count()).toBe(1);
    await page.close();
  });
});

describe('a crawler that runs no JavaScript', () => {
  it('reads the heading, the count, every product with its link, name and price, the crumbs, page links, related pages, SEO text and JSON-LD', async () => {
    const context = await chromium().newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${baseUrl}${LISTING}`);
    expect(await page.locator('main h1').textContent()).toBe("Women's Running Shoes");
    expect(await page.locator('[data-aisle="item-count"]').textContent()).toMatch(/^\d[\d,]* items$/);
    const cards = await page.locator('[data-aisle="grid"] [data-aisle="product"]').evaluateAll((all) =>
      all.map((card) => ({
        href: card.querySelector('a.aisle-card__link')?.getAttribute('href') ?? '',
        name: card.querySelector('.aisle-card__title')?.textContent ?? '',
        price: card.querySelector('.aisle-card__price')?.textContent ?? '',
      })),
    );
    expect(cards).toHaveLength(48);
    for (const card of cards) {
      expect(card.href).toMatch(/^\/northwind\/p\//);
      expect(card.name.length).toBeGreaterThan(0);
      expect(card.price).toMatch(/\$\d+\.\d\d/);
    }
    expect(await page.locator('[data-aisle="breadcrumbs"] a[href]').count()).toBeGreaterThanOrEqual(2);
    expect(await page.locator('.aisle-pagination a[href*="pageNumber=2"]').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-aisle="related"] a[href]').count()).toBeGreaterThan(0);
    expect((await page.locator('[data-aisle="seo"]').textContent())?.length).toBeGreaterThan(60);
    const types = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) =>
        scripts.flatMap((s) => JSON.parse(s.textContent ?? '[]')).map((n: { '@type': string }) => n['@type']),
      );
    expect(types).toEqual(['ItemList', 'BreadcrumbList']);
    // It is styled for a reader too: Aisle's rules come with the page.
    expect(await page.locator('link[rel="stylesheet"][data-aisle-css]').count()).toBe(1);
    await page.screenshot({ path: 'e2e/artifacts/chromium-server-render-no-js.png' });
    await context.close();
  });
});
