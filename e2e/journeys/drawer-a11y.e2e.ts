/** The All Filters drawer on a phone, and axe at a phone's and a desktop's width, in every engine. */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { engines, useEngine, type EnginePage } from '../support/drivers/index.js';
import { axeViolationsIn } from '../support/engineAxe.js';
import { countOf, itemCount, openListing, query, searchSettled, textOf, waitForUrl } from '../support/listing.js';

const baseUrl = inject('baseUrl');

const focusInDialog = (page: EnginePage) =>
  page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);

describe.each(engines)('the drawer at 375 px and axe (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it('the drawer is a modal dialog: focus in and trapped, filters inside, See N Results, Escape', async () => {
    const page = await openListing(engine(), baseUrl, '/maple/womens-running-shoes', 375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.click('[data-aisle="all-filters"]');
    await page.waitForSelector('[data-aisle="drawer"][role="dialog"].aisle-drawer--ready');
    await page.waitFor(() => document.activeElement?.closest('[role="dialog"]') !== null);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    for (let i = 0; i < 25; i++) {
      await page.press('Tab');
      expect(await focusInDialog(page)).toBe(true);
    }
    await page.click({ selector: '[data-aisle="drawer"] .aisle-accordion__toggle', text: 'Color' });
    await page.click('[data-aisle="drawer"] [data-filter-key="color"] button[aria-pressed="false"]:not([disabled])');
    await waitForUrl(page, /filters=color~/);
    await searchSettled(page);
    const shown = await itemCount(page);
    expect(await textOf(page, '[data-aisle="drawer"] .aisle-drawer__results')).toBe(
      `See ${shown} Result${shown === 1 ? '' : 's'}`,
    );
    // axe reads colours as painted: mid-fade, the backdrop blends with the cards it covers.
    await page.waitFor(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, {
      what: 'the drawer’s transitions to end',
    });
    await page.screenshot('drawer-375');
    expect(await axeViolationsIn(page, '.aisle-root')).toEqual([]);
    await page.press('Escape');
    await page.waitFor(() => !document.querySelector('[data-aisle="drawer"]'), undefined, {
      what: 'the drawer to close',
    });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-aisle'))).toBe('all-filters');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect((await query(page)).filters?.[0]).toMatch(/^color~/);
    expect(await countOf(page, '[data-aisle="chips"] .aisle-chip')).toBe(1);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it.each([375, 1280])('the listing has no axe violations at %i px', async (width) => {
    const page = await openListing(engine(), baseUrl, '/maple/womens-running-shoes', width);
    await page.waitForSelector('[data-aisle="seo"][data-aisle-ready]');
    await page.screenshot(`listing-${width}`);
    expect(await axeViolationsIn(page)).toEqual([]);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});
