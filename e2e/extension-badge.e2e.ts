/**
 * The toolbar icon, the popup and the page say the same about a previewed tab, in each state the
 * popup can show on a retailer's page, through fragment, query and route changes and a local
 * stack that stops answering (Chromium; Firefox's version: e2e/journeys/extension-firefox-badge.e2e.ts).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readIcon, readPage, readPopup, startStackProxy, waitForAgreement } from './support/badgeAgreement.js';
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
const CARDS = '[data-aisle="grid"] [data-aisle="product"]';
let browser: ExtensionBrowser;
let retailer: RetailerSite;
let stack: Awaited<ReturnType<typeof startStackProxy>>;
let shop: Page;
let popup: Page;
let tabId: number;

beforeAll(async () => {
  buildExtensionIfStale();
  retailer = await startRetailerSite();
  stack = await startStackProxy(baseUrl);
  browser = await launchWithExtension();
  shop = await browser.context.newPage();
  await shop.goto(`${retailer.origin}/maple/womens-running-shoes`);
  const helper = await openExtensionPage(browser, 'popup.html');
  tabId = await tabIdOf(helper, `${retailer.origin}/maple/womens-running-shoes`);
  await helper.close();
  popup = await openExtensionPage(browser, `popup.html?tabId=${tabId}`);
  await popup.setViewportSize(POPUP_SIZE);
});
afterAll(async () => {
  await browser?.close();
  await retailer?.close();
  await stack?.stop();
});

const { choose, typeField, setEnabled, reopenPopup } = popupDriver(
  () => popup,
  () => tabId,
);

/** Waits until the popup shows `kind` and the icon agrees with it, then checks all three. */
async function agreeOn(kind: string): Promise<void> {
  const read = async () => ({
    popup: await popup.evaluate(readPopup),
    icon: await popup.evaluate(readIcon, tabId),
    page: await shop.evaluate(readPage),
  });
  await waitForAgreement(kind, read);
}

/** Moves the shop's address without a page load, as a single-page site's router does. */
async function route(how: 'hash' | 'push', to: string): Promise<void> {
  await shop.evaluate(([how, to]) => (how === 'hash' ? (location.hash = to) : history.pushState(null, '', to)), [
    how,
    to,
  ] as const);
  await popup.waitForFunction(
    async ([id, end]) => {
      const tab = await (
        globalThis as unknown as { chrome: { tabs: { get(id: number): Promise<{ url?: string }> } } }
      ).chrome.tabs.get(id);
      return tab.url?.endsWith(end) ?? false;
    },
    [tabId, to] as const,
  );
  await reopenPopup();
}

describe('the icon, the popup and the page', () => {
  it('agree while the site is off', async () => {
    await popup.waitForSelector('[data-testid="status"]');
    await agreeOn('off');
  });

  it('agree once the listing is shown, counting the grid’s products only', async () => {
    await choose('environment', 'development');
    await typeField('localStack', stack.origin);
    await choose('tenantId', 'maple');
    await Promise.all([shop.waitForEvent('load'), setEnabled(true)]);
    await shop.waitForSelector(CARDS, { timeout: 20_000 });
    await agreeOn('shown');
  });

  it('agree after a change of the fragment alone, and of the query alone', async () => {
    await route('hash', '#reviews');
    await agreeOn('shown');
    await route('push', '/maple/womens-running-shoes?color=red');
    await agreeOn('shown');
  });

  it('agree when a route leaves the path patterns, and when it comes back', async () => {
    await route('push', '/maple/p/rain-jacket');
    await agreeOn('idle');
    await route('push', '/maple/womens-running-shoes');
    await shop.waitForSelector(CARDS, { timeout: 20_000 });
    await agreeOn('shown');
  });

  it('lead a product link to the stack’s own product page, not to the retailer’s origin', async () => {
    const link = shop.locator(`${CARDS} a[href]`).first();
    const href = await link.evaluate((a) => (a as HTMLAnchorElement).href);
    expect(href).toMatch(new RegExp(`^${stack.origin}/maple/p/`));
    await link.click();
    await shop.waitForURL((url) => url.href.startsWith(`${stack.origin}/maple/p/`));
    expect(await shop.locator('h1').count()).toBeGreaterThan(0);
    await shop.goBack();
    await shop.waitForSelector(CARDS, { timeout: 20_000 });
    await reopenPopup();
    await agreeOn('shown');
  });

  it('agree on an invalid main element, in the page’s words, and again once it is corrected', async () => {
    await typeField('mainSelector', 'main[[');
    await agreeOn('failed');
    expect((await popup.evaluate(readPopup)).text).toContain('"main[[" is not a valid CSS selector');
    await typeField('mainSelector', '');
    await shop.waitForSelector(CARDS, { timeout: 20_000 });
    await reopenPopup();
    await agreeOn('shown');
  });

  it('agree when the local stack stops answering: a red "!" with that cause', async () => {
    await stack.stop();
    await reopenPopup();
    await agreeOn('failed');
    const { text } = await popup.evaluate(readPopup);
    if (!text.includes(`The local stack at ${stack.origin} does not answer`)) throw new Error(text);
  });
});
