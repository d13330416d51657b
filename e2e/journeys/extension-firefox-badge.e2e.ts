/**
 * The toolbar icon, the popup and the page say the same about a previewed tab, in Firefox ESR:
 * the same states and address changes as Chromium's e2e/extension-badge.e2e.ts.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { readIcon, readPage, readPopup, startStackProxy, waitForAgreement } from '../support/badgeAgreement.js';
import { firefoxPage } from '../support/drivers/firefox.js';
import { engines } from '../support/drivers/index.js';
import { pollUntil } from '../support/drivers/poll.js';
import { startRetailerSite, type RetailerSite } from '../support/extension.js';
import {
  buildFirefoxExtensionIfStale,
  firefoxPopup,
  launchFirefoxWithExtension,
  openExtensionTab,
  tabIdOf,
} from '../support/firefoxExtension.js';

const baseUrl = inject('baseUrl');
const CARDS = '[data-aisle="grid"] [data-aisle="product"]';

describe.skipIf(!engines.includes('firefox'))('the icon, the popup and the page in Firefox ESR', () => {
  let browser: Browser;
  let retailer: RetailerSite;
  let stack: Awaited<ReturnType<typeof startStackProxy>>;
  let shop: Page;
  let popup: Page;
  let tabId: number;
  const { choose, typeField, setEnabled, reopen } = firefoxPopup(() => popup);
  const shopPath = '/maple/womens-running-shoes';

  beforeAll(async () => {
    buildFirefoxExtensionIfStale();
    retailer = await startRetailerSite();
    stack = await startStackProxy(baseUrl);
    browser = await launchFirefoxWithExtension();
    shop = await browser.newPage();
    await shop.setViewport({ width: 1280, height: 900 });
    await shop.goto(`${retailer.origin}${shopPath}`);
    popup = await openExtensionTab(browser, 'popup.html');
    tabId = await tabIdOf(popup, `${retailer.origin}${shopPath}`);
    await popup.close();
    popup = await openExtensionTab(browser, `popup.html?tabId=${tabId}`);
    await popup.waitForSelector('[data-testid="status"]');
  });
  afterAll(async () => {
    await browser?.close();
    await retailer?.close();
    await stack?.stop();
  });

  /** Waits until the popup, the icon and the page agree on `kind` (late parts included), then checks them. */
  async function agreeOn(kind: string): Promise<void> {
    const read = async () => ({
      popup: await popup.evaluate(readPopup),
      icon: await popup.evaluate(readIcon, tabId),
      page: await shop.evaluate(readPage),
    });
    await waitForAgreement(kind, read);
  }

  /** Moves the shop's address without a page load, then reopens the popup on the new address. */
  async function route(how: 'hash' | 'push', to: string): Promise<void> {
    await shop.evaluate(
      (how, to) => (how === 'hash' ? (location.hash = to) : history.pushState(null, '', to)),
      how,
      to,
    );
    await popup.waitForFunction(
      async (id: number, end: string) => {
        type Tabs = { get(id: number): Promise<{ url?: string }> };
        const tab = await (globalThis as unknown as { browser: { tabs: Tabs } }).browser.tabs.get(id);
        return tab.url?.endsWith(end) ?? false;
      },
      { polling: 100 },
      tabId,
      to,
    );
    await reopen();
  }

  it('agree while the site is off', async () => {
    await agreeOn('off');
  });

  it('agree once the listing is shown, counting the grid’s products only', async () => {
    await choose('environment', 'development');
    await typeField('localStack', stack.origin);
    await choose('tenantId', 'maple');
    await setEnabled(true);
    await shop.bringToFront();
    await shop.waitForSelector(CARDS, { timeout: 20_000 });
    await agreeOn('shown');
  });

  it('agree after a change of the fragment alone, and of the query alone', async () => {
    await route('hash', '#reviews');
    await agreeOn('shown');
    await route('push', `${shopPath}?color=red`);
    await agreeOn('shown');
  });

  it('agree when a route leaves the path patterns, and when it comes back', async () => {
    await route('push', '/maple/p/rain-jacket');
    await agreeOn('idle');
    await route('push', shopPath);
    await shop.bringToFront();
    await shop.waitForSelector(CARDS, { timeout: 20_000 });
    await agreeOn('shown');
  });

  it('lead a product link to the stack’s own product page, not to the retailer’s origin', async () => {
    const href = await shop.evaluate((s) => document.querySelector<HTMLAnchorElement>(`${s} a[href]`)!.href, CARDS);
    expect(href).toMatch(new RegExp(`^${stack.origin}/maple/p/`));
    await shop.bringToFront();
    await firefoxPage(shop).click(`${CARDS} a[href]`);
    await pollUntil(
      () =>
        shop.evaluate(
          (origin) => location.href.startsWith(`${origin}/maple/p/`) && document.readyState === 'complete',
          stack.origin,
        ),
      20_000,
      'the stack’s product page',
    );
    expect(await shop.evaluate(() => document.querySelectorAll('h1').length)).toBeGreaterThan(0);
    await shop.goBack();
    await shop.waitForSelector(CARDS, { timeout: 20_000 });
    await reopen();
    await agreeOn('shown');
  });

  it('agree when the page’s Content-Security-Policy blocks the search: a red "!" naming it', async () => {
    await shop.goto(`${retailer.origin}${shopPath}?csp=strict`);
    await reopen();
    await agreeOn('failed');
    const { text } = await popup.evaluate(readPopup);
    expect(text).toContain('Content-Security-Policy (connect-src)');
    await shop.goto(`${retailer.origin}${shopPath}`);
    await shop.waitForSelector(CARDS, { timeout: 20_000 });
    await reopen();
    await agreeOn('shown');
  });

  it('agree on an invalid main element, in the page’s words, and again once it is corrected', async () => {
    // The field saves when it loses focus, which a tab in the background never gives it.
    await popup.bringToFront();
    await typeField('mainSelector', 'main[[');
    await agreeOn('failed');
    expect((await popup.evaluate(readPopup)).text).toContain('"main[[" is not a valid CSS selector');
    await typeField('mainSelector', '');
    await shop.bringToFront();
    await shop.waitForSelector(CARDS, { timeout: 20_000 });
    await reopen();
    await agreeOn('shown');
  });

  it('agree when the local stack stops answering: a red "!" with that cause', async () => {
    await stack.stop();
    await reopen();
    await agreeOn('failed');
    const { text } = await popup.evaluate(readPopup);
    if (!text.includes(`The local stack at ${stack.origin} does not answer`)) throw new Error(text);
  });
});
