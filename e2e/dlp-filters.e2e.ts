import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useChromium } from './support/browser.js';
import { openDlp, query, searchSettled } from './support/dlp.js';
import { watchErrors } from './support/page.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });

const count = (page: import('playwright-core').Page) => page.textContent('[data-aisle="item-count"]');

describe('shopper filters a DLP (desktop)', () => {
  it('filters by a checkbox, a colour swatch and removes a chip, then clears', async () => {
    const page = await openDlp(chromium(), baseUrl, '/maple/womens-running-shoes');
    const { errors } = watchErrors(page);
    const before = await count(page);
    await page.click('[data-aisle="filter-button"]:has-text("Brand")');
    await page.locator('[data-aisle="filter-panel"][data-filter-key="brand"] input[type="checkbox"]').first().check();
    await page.waitForURL(/filters=brand~/);
    await searchSettled(page);
    expect(await count(page)).not.toBe(before);
    await page.keyboard.press('Escape');

    await page.click('[data-aisle="filter-button"]:has-text("Color")');
    await page.locator('[data-filter-key="color"] button[aria-pressed="false"]:not([disabled])').first().click();
    await page.waitForURL(/filters=color~/);
    await searchSettled(page);
    await page.keyboard.press('Escape');
    expect(await page.locator('[data-aisle="chips"] .aisle-chip').count()).toBe(2);
    await expect.poll(() => page.locator('[data-aisle="clear-filters"]').count()).toBe(1);

    await page.locator('[data-aisle="chips"] .aisle-chip').first().click();
    await page.waitForURL((url) => !url.search.includes('brand~'));
    await searchSettled(page);
    expect(await page.locator('[data-aisle="chips"] .aisle-chip').count()).toBe(1);
    expect(await page.locator('[data-aisle="clear-filters"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('filters by price with the keyboard: one request 300 ms after the last key', async () => {
    const page = await openDlp(chromium(), baseUrl, '/maple/womens-running-shoes');
    const searches: string[] = [];
    page.on('request', (r) => r.url().endsWith('/search') && searches.push(r.postData() ?? ''));
    await page.click('[data-aisle="filter-button"]:has-text("Price")');
    const thumb = page.locator('.aisle-slider__thumb').first();
    await thumb.waitFor();
    await thumb.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.waitForURL(/price=\d+\/\d+/);
    await searchSettled(page);
    expect(searches).toHaveLength(1);
    const [min] = query(page).price![0]!.split('/').map(Number);
    expect(min! % 10).toBe(0);
    const prices = await page.$$eval('[data-aisle="grid"] .aisle-card__price', (els) => els.map((e) => e.textContent));
    expect(prices.length).toBeGreaterThan(0);
    await page.close();
  });

  it('filters by price by dragging the maximum thumb', async () => {
    const page = await openDlp(chromium(), baseUrl, '/maple/womens-running-shoes');
    await page.click('[data-aisle="filter-button"]:has-text("Price")');
    const thumb = page.locator('.aisle-slider__thumb').nth(1);
    await thumb.waitFor();
    const box = (await thumb.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 120, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.waitForURL(/price=\d+\/\d+/);
    await searchSettled(page);
    const [min, max] = query(page).price![0]!.split('/').map(Number);
    expect(max! - min!).toBeGreaterThanOrEqual(10);
    expect(max! % 10).toBe(0);
    await page.close();
  });

  it('sorts by price, low to high', async () => {
    const page = await openDlp(chromium(), baseUrl, '/northwind/womens-running-shoes');
    await page.click('.aisle-dropdown__button');
    await page.click('[role="option"]:has-text("Low to High")');
    await page.waitForURL(/sort=price_asc/);
    await searchSettled(page);
    const prices = await page.$$eval('[data-aisle="grid"] .aisle-card__price > span:first-child', (els) =>
      els.map((e) => Number((e.textContent ?? '').replace(/[^0-9.]/g, ''))),
    );
    expect(prices.length).toBeGreaterThan(10);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    await page.close();
  });
});
