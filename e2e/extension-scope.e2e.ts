/**
 * The preview's scope in a real browser: an excluded page with a query (the browser injects the
 * preview there, and the popup must say so) and a single-page site's route changes.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  buildExtensionIfStale,
  launchWithExtension,
  openExtensionPage,
  startRetailerSite,
  tabIdOf,
  type ExtensionBrowser,
  type RetailerSite,
} from './support/extension.js';
import { POPUP_SIZE, popupDriver } from './support/popup.js';

const baseUrl = inject('baseUrl');
const productCards = '[data-aisle="grid"] [data-aisle="product"]';
let browser: ExtensionBrowser;
let retailer: RetailerSite;

beforeAll(async () => {
  buildExtensionIfStale();
  retailer = await startRetailerSite();
  browser = await launchWithExtension();
});
afterAll(async () => {
  await browser?.close();
  await retailer?.close();
});

/** A tab at `url` and its popup, the site enabled for the local stack's maple. */
async function previewed(url: string, patterns?: string) {
  const shop = await browser.context.newPage();
  await shop.goto(url);
  const helper = await openExtensionPage(browser, 'popup.html');
  const tabId = await tabIdOf(helper, url);
  await helper.close();
  const popup: Page = await openExtensionPage(browser, `popup.html?tabId=${tabId}`);
  await popup.setViewportSize(POPUP_SIZE);
  const driver = popupDriver(
    () => popup,
    () => tabId,
  );
  await driver.choose('environment', 'development');
  await driver.typeField('localStack', baseUrl);
  await driver.choose('tenantId', 'maple');
  if (patterns) {
    await popup.fill('textarea[name="pathPatterns"]', patterns);
    await popup.locator('textarea[name="pathPatterns"]').blur();
  }
  await Promise.all([shop.waitForEvent('load'), driver.setEnabled(true)]);
  return { shop, popup, ...driver };
}

/**
 * Opens `url` in `page`; a navigation the extension aborted by reloading the tab (it reloads a tab
 * whose preview it has just switched on, sometimes after the first load) ends in that reload's load.
 */
async function gotoSettled(page: Page, url: string): Promise<void> {
  try {
    await page.goto(url);
  } catch (error) {
    if (!/ERR_ABORTED|interrupted by another navigation/.test(String(error))) throw error;
    await page.waitForLoadState('load');
    if (page.url() !== url) await page.goto(url);
  }
}

describe('a page that runs its own Aisle, excluded by an exact pattern', () => {
  it('is never left broken: without a query its own Aisle runs, with one the preview takes over and says so', async () => {
    const own = `${baseUrl}/maple/mens-rain-jackets`;
    const { shop, popup, statusContains, reopenPopup } = await previewed(own, '/maple/*\n!/maple/mens-rain-jackets');
    await gotoSettled(shop, own);
    await shop.waitForSelector(productCards);
    await reopenPopup();
    await statusContains('outside the path patterns');
    // The browser matches the query too: this address is not excluded, and the preview runs there.
    await shop.goto(`${own}?sort=price_desc`);
    await shop.waitForSelector(productCards, { timeout: 20_000 });
    await reopenPopup();
    await statusContains('Aisle is shown');
    expect(await popup.getAttribute('.status', 'data-kind')).toBe('shown');
    await popup.close();
    await shop.close();
  });
});

describe('a single-page site', () => {
  it('steps back when a route leaves the patterns, and shows the new listing when a route comes back', async () => {
    const { shop, popup, statusContains, reopenPopup, badgeText } = await previewed(
      `${retailer.origin}/maple/womens-running-shoes`,
    );
    await shop.waitForSelector(productCards, { timeout: 20_000 });
    await statusContains('Aisle is shown');
    await shop.evaluate(() => history.pushState(null, '', '/maple/p/rain-jacket'));
    await shop.waitForFunction(() => !document.querySelector('[data-aisle="grid"]'));
    await reopenPopup();
    await statusContains('outside the path patterns');
    await expect.poll(badgeText).toBe('');
    await shop.evaluate(() => history.pushState(null, '', '/maple/mens-rain-jackets'));
    await shop.waitForFunction(
      () => document.querySelector('[data-aisle="heading"]')?.textContent === "Men's Rain Jackets",
      undefined,
      { timeout: 20_000 },
    );
    await reopenPopup();
    await statusContains('Aisle is shown');
    await expect.poll(badgeText).toBe('ON');
    await popup.close();
    await shop.close();
  });
});
