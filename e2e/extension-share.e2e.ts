/**
 * A shared preview link (Chromium; Firefox's version: e2e/journeys/extension-firefox-share.e2e.ts):
 * one browser copies the link from its popup, another browser with the extension opens it, confirms,
 * and shows the same preview; nothing is applied before the confirmation.
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
import { axeOnExtensionPage } from './support/inspector.js';
import { POPUP_SIZE, popupDriver } from './support/popup.js';

const baseUrl = inject('baseUrl');
const CARDS = '[data-aisle="grid"] [data-aisle="product"]';
let retailer: RetailerSite;
const browsers: ExtensionBrowser[] = [];

beforeAll(async () => {
  buildExtensionIfStale();
  retailer = await startRetailerSite();
});
afterAll(async () => {
  await Promise.all(browsers.map((b) => b.close()));
  await retailer?.close();
});

/** A browser with the extension, a tab on `url` and the popup for that tab. */
async function browserOn(url: string): Promise<{ browser: ExtensionBrowser; shop: Page; popup: Page }> {
  const browser = await launchWithExtension();
  browsers.push(browser);
  const shop = await browser.context.newPage();
  await shop.goto(url);
  const helper = await openExtensionPage(browser, 'popup.html');
  const tabId = await tabIdOf(helper, url);
  await helper.close();
  const popup = await openExtensionPage(browser, `popup.html?tabId=${tabId}`);
  await popup.setViewportSize(POPUP_SIZE);
  await popup.waitForSelector('[data-testid="status"]');
  return { browser, shop, popup };
}

describe('a shared preview link', () => {
  let link: string;

  it('is copied from the popup with the tenant, environment, locale, patterns and page', async () => {
    const { shop, popup } = await browserOn(`${retailer.origin}/maple/womens-running-shoes`);
    const { choose, typeField, setEnabled } = popupDriver(
      () => popup,
      () => 0,
    );
    await choose('environment', 'development');
    await typeField('localStack', baseUrl);
    await choose('tenantId', 'lakeshore');
    await typeField('pathPatterns', '/maple/*\n!/maple/p/*');
    await choose('locale', 'fr');
    await choose('pageSource', 'typed');
    await typeField('page', 'bed-sheets');
    await Promise.all([shop.waitForEvent('load'), setEnabled(true)]);
    await shop.waitForFunction(() => document.querySelector('[data-aisle="heading"]')?.textContent === 'Draps');
    await popup.click('button[name="share"]');
    await popup.waitForSelector('[data-testid="share-message"]');
    link = await popup.inputValue('input[name="shareLink"]');
    expect(await axeOnExtensionPage(popup, '.share-box')).toEqual([]);
    expect(link.startsWith(`${retailer.origin}/maple/womens-running-shoes#aisle-preview=`)).toBe(true);
  });

  it('opens the same preview in a colleague’s browser, after an explicit confirmation there', async () => {
    const { browser, shop, popup } = await browserOn(`${retailer.origin}/maple/womens-running-shoes`);
    // The local stack is each person's own: the colleague's points at the same one here.
    await popupDriver(
      () => popup,
      () => 0,
    ).typeField('localStack', baseUrl);
    // The link pasted over the page already open: only the fragment changes, no page load.
    await shop.evaluate((href) => (location.href = href), link);
    let share: Page | undefined;
    await expect
      .poll(() => (share = browser.context.pages().find((p) => p.url().includes('/share.html'))), { timeout: 20_000 })
      .toBeDefined();
    share = share!;
    await share.waitForSelector('[data-testid="share-settings"]');
    const settings = await share.textContent('[data-testid="share-settings"]');
    for (const words of ['lakeshore', 'development', 'ca, fr', 'bed-sheets', '/maple/*'])
      expect(settings).toContain(words);
    expect(await axeOnExtensionPage(share, '.share')).toEqual([]);
    // Nothing is applied before the confirmation: the page is still the shop's own, without the payload.
    expect(shop.url()).toBe(`${retailer.origin}/maple/womens-running-shoes`);
    expect(await shop.textContent('main')).toContain("The shop's own listing");
    await share.click('button[name="apply"]');
    await shop.waitForFunction(() => document.querySelector('[data-aisle="heading"]')?.textContent === 'Draps', null, {
      timeout: 20_000,
    });
    await shop.waitForSelector(CARDS);
    await popup.reload();
    await popup.waitForSelector('[data-testid="status"]');
    expect(await popup.inputValue('select[name="tenantId"]')).toBe('lakeshore');
    expect(await popup.inputValue('select[name="locale"]')).toBe('fr');
  });
});
