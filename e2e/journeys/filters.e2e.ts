/** A shopper filters, prices and sorts a listing: the same journey in every engine. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { engines, useEngine, type EnginePage } from '../support/drivers/index.js';
import {
  countOf,
  itemCount,
  openFilter,
  openListing,
  query,
  searchSettled,
  textOf,
  waitForUrl,
} from '../support/listing.js';

const baseUrl = inject('baseUrl');
const LISTING = '/maple/womens-running-shoes';
const CHIP = '[data-aisle="chips"] .aisle-chip';
const unpicked = (key: string) => `[data-filter-key="${key}"] button[aria-pressed="false"]:not([disabled])`;

/** Waits for the address to carry `pattern`, then for the search it started to land. */
async function applied(page: EnginePage, pattern: RegExp | ((url: URL) => boolean)): Promise<void> {
  await waitForUrl(page, pattern);
  await searchSettled(page);
}

describe.each(engines)('a shopper filters, prices and sorts (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it('filters by a checkbox and a colour, removes a chip, then clears', async () => {
    const page = await openListing(engine(), baseUrl, LISTING);
    const before = await itemCount(page);
    await openFilter(page, 'Brand');
    await page.click('[data-aisle="filter-panel"][data-filter-key="brand"] input[type="checkbox"]');
    await applied(page, /filters=brand~/);
    expect(await itemCount(page)).toBeLessThan(before);
    await page.press('Escape');

    await openFilter(page, 'Color');
    await page.click(unpicked('color'));
    await applied(page, /filters=color~/);
    await page.press('Escape');
    expect(await countOf(page, CHIP)).toBe(2);
    expect(await textOf(page, '[data-aisle="all-filters"] .aisle-badge [aria-hidden="true"]')).toBe('2');
    await page.waitForSelector('[data-aisle="clear-filters"]');

    await page.click(CHIP);
    await applied(page, (url) => !url.search.includes('brand~'));
    expect(await countOf(page, CHIP)).toBe(1);
    expect(await countOf(page, '[data-aisle="clear-filters"]')).toBe(0);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('filters by size and rating, and Clear Filters brings every item back', async () => {
    const page = await openListing(engine(), baseUrl, LISTING);
    const before = await itemCount(page);
    await openFilter(page, 'Size');
    await page.click(unpicked('size'));
    await applied(page, /filters=size~/);
    await page.press('Escape');
    const sized = await itemCount(page);
    expect(sized).toBeGreaterThan(0);
    expect(sized).toBeLessThan(before);

    await openFilter(page, 'Rating');
    await page.click(unpicked('rating'));
    await applied(page, /rating~/);
    await page.press('Escape');
    expect(await itemCount(page)).toBeLessThanOrEqual(sized);
    expect(await countOf(page, CHIP)).toBe(2);

    await page.click('[data-aisle="clear-filters"]');
    await applied(page, (url) => !url.search.includes('filters='));
    expect(await countOf(page, CHIP)).toBe(0);
    expect(await itemCount(page)).toBe(before);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('moves the price slider with the keyboard and by dragging, in steps of 10', async () => {
    const page = await openListing(engine(), baseUrl, LISTING);
    await openFilter(page, 'Price');
    await page.waitForSelector('.aisle-slider__thumb');
    await page.evaluate(() => document.querySelector<HTMLElement>('.aisle-slider__thumb')!.focus());
    for (let i = 0; i < 3; i++) await page.press('ArrowRight');
    await applied(page, /price=\d+\/\d+/);
    const [min] = (await query(page)).price![0]!.split('/').map(Number);
    expect(min! % 10).toBe(0);
    expect(min).toBeGreaterThan(0);

    const [, top] = (await query(page)).price![0]!.split('/').map(Number);
    await page.drag({ selector: '.aisle-slider__thumb', nth: 1 }, -120, 0);
    await applied(page, (url) => !url.searchParams.get('price')?.endsWith(`/${top}`));
    const [low, high] = (await query(page)).price![0]!.split('/').map(Number);
    expect(high).toBeLessThan(top!);
    expect(high! - low!).toBeGreaterThanOrEqual(10);
    expect(high! % 10).toBe(0);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('types a price and commits it with Enter, snapped to the slider rules', async () => {
    const page = await openListing(engine(), baseUrl, LISTING);
    await openFilter(page, 'Price');
    const from = { selector: '.aisle-price-input__field', nth: 0 };
    await page.waitForSelector(from);
    const low = Number(
      await page.evaluate(() => document.querySelector<HTMLInputElement>('input.aisle-price-input__field')!.value),
    );
    await page.type(from, String(low + 24));
    expect((await query(page)).price).toBeUndefined();
    await page.press('Enter');
    await applied(page, /price=\d+\/\d+/);
    // 24 above the bottom rounds to the nearest step: 20 above it.
    expect((await query(page)).price![0]!.split('/')[0]).toBe(String(low + 20));
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('sorts by price, low to high', async () => {
    const page = await openListing(engine(), baseUrl, '/northwind/womens-running-shoes');
    await page.click('.aisle-dropdown__button');
    await page.click({ selector: '[role="option"]', text: 'Low to High' });
    await applied(page, /sort=price_asc/);
    const prices = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-aisle="grid"] .aisle-card__price > span:first-child'), (e) =>
        Number((e.textContent ?? '').replace(/[^0-9.]/g, '')),
      ),
    );
    expect(prices.length).toBeGreaterThan(10);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});
