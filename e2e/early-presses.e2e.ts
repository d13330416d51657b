/**
 * Presses on the first paint (drawn by aisle.js before the app arrives) end in the shopper's final
 * state once the app takes over: a toggle opened and closed stays closed, Escape closes All Filters,
 * two sort changes make one search with the last, and a press whose control the app's screen lacks
 * (the window crossed the 1,024 px breakpoint) is dropped, not pressed on another control.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { storedEvents } from './support/analytics.js';
import { useChromium } from './support/browser.js';
import { holdApp } from './support/holds.js';
import { query, searchSettled, waitForListing } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });
const LISTING = '/summit/running-shorts';
const PAINT = '[data-aisle-first-paint]';
const APP = '.aisle-mount:not([data-aisle-first-paint])';

beforeEach(async () => {
  await fetch(`${baseUrl}/analytics/__control/reset`, { method: 'POST' });
});

/**
 * Opens the listing at `width` with the app's script held back until `release()`; `searches` lists
 * the searches the page sends; the hand-over's debug events are kept in the page (see `handover`).
 */
async function openPainted(width: number): Promise<{ page: Page; release: () => void; searches: string[] }> {
  const page = await chromium().newPage({ viewport: { width, height: 900 } });
  const release = await holdApp(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __handover: unknown[] };
    w.__handover = [];
    addEventListener('aisle:debug', (e) => {
      const detail = (e as CustomEvent<{ source?: string }>).detail;
      if (detail?.source === 'first-paint') w.__handover.push(detail);
    });
  });
  const searches: string[] = [];
  page.on('request', (r) => r.url().endsWith('/search') && searches.push(r.postData() ?? ''));
  await page.goto(`${baseUrl}${LISTING}`, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector(`${PAINT} [data-aisle="grid"]`);
  return { page, release, searches };
}

/** The app's screen is in and its replay has run (it runs in the commit's microtask). */
async function tookOver(page: Page): Promise<void> {
  await waitForListing(page);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

const handover = (page: Page) =>
  page.evaluate(() => (window as unknown as { __handover: Array<{ replayed: number; dropped: string[] }> }).__handover);

describe('presses in the window end in the shopper’s final state', () => {
  it('All Filters opened and closed again stays closed', async () => {
    const { page, release } = await openPainted(375);
    await page.click(`${PAINT} [data-aisle="all-filters"]`);
    await page.click(`${PAINT} [data-aisle="all-filters"]`);
    release();
    await tookOver(page);
    expect(await page.locator('[data-aisle="drawer"]').count()).toBe(0);
    expect(await page.getAttribute(`${APP} [data-aisle="all-filters"]`, 'aria-expanded')).toBe('false');
    await page.close();
  });

  it('Escape after All Filters: the drawer the shopper closed does not open', async () => {
    const { page, release } = await openPainted(375);
    await page.click(`${PAINT} [data-aisle="all-filters"]`);
    await page.keyboard.press('Escape');
    release();
    await tookOver(page);
    expect(await page.locator('[data-aisle="drawer"]').count()).toBe(0);
    expect(await page.getAttribute(`${APP} [data-aisle="all-filters"]`, 'aria-expanded')).toBe('false');
    await page.close();
  });

  it('two sort changes make one search and one sort event, with the last choice', async () => {
    const { page, release, searches } = await openPainted(375);
    const select = page.locator(`${PAINT} [data-aisle="sort"] select`);
    const [, second, third] = await select
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    await select.selectOption(second!);
    await select.selectOption(third!);
    release();
    await tookOver(page);
    await searchSettled(page);
    expect(query(page).sort).toEqual([third]);
    expect(searches).toHaveLength(1);
    expect(JSON.parse(searches[0]!).sort).toBe(third);
    await expect
      .poll(async () => (await storedEvents(baseUrl, 'summit')).filter((e) => e.event === 'search:sort'), {
        timeout: 15_000,
      })
      .toHaveLength(1);
    const [sort] = (await storedEvents(baseUrl, 'summit')).filter((e) => e.event === 'search:sort');
    expect(sort!.data.metadata?.sort).toBe(third);
    await page.close();
  });

  it('a sort chosen on a phone layout is dropped once the window is desktop-wide, and nothing else is pressed', async () => {
    const { page, release, searches } = await openPainted(900);
    const select = page.locator(`${PAINT} [data-aisle="sort"] select`);
    const last = await select.locator('option').last().getAttribute('value');
    await select.selectOption(last!);
    // A tablet turned to landscape: the app draws the desktop toolbar, where the sort is a list box.
    await page.setViewportSize({ width: 1280, height: 900 });
    release();
    await tookOver(page);
    expect(searches).toEqual([]);
    expect(query(page).sort).toBeUndefined();
    expect(await page.locator(`${APP} [aria-expanded="true"]`).count()).toBe(0);
    expect(await handover(page)).toEqual([
      expect.objectContaining({ replayed: 0, dropped: [expect.stringMatching(/^sort\|\|select\|/)] }),
    ]);
    await page.close();
  });
});
