/**
 * A shared preview link in Firefox ESR (Chromium's version: e2e/extension-share.e2e.ts): one
 * Firefox copies the link from its popup, another opens it, confirms, and shows the same preview.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
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
const shopPath = '/maple/womens-running-shoes';
const heading = (page: Page) => page.evaluate(() => document.querySelector('[data-aisle="heading"]')?.textContent);

describe.skipIf(!engines.includes('firefox'))('a shared preview link in Firefox ESR', () => {
  let retailer: RetailerSite;
  const browsers: Browser[] = [];
  let link: string;

  beforeAll(async () => {
    buildFirefoxExtensionIfStale();
    retailer = await startRetailerSite();
  });
  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await retailer?.close();
  });

  /** A Firefox with the extension, a tab on the retailer's page and the popup for that tab. */
  async function firefoxOn(): Promise<{ browser: Browser; shop: Page; popup: Page }> {
    const browser = await launchFirefoxWithExtension();
    browsers.push(browser);
    const shop = await browser.newPage();
    await shop.setViewport({ width: 1280, height: 900 });
    await shop.goto(`${retailer.origin}${shopPath}`);
    const helper = await openExtensionTab(browser, 'popup.html');
    const tabId = await tabIdOf(helper, `${retailer.origin}${shopPath}`);
    await helper.close();
    const popup = await openExtensionTab(browser, `popup.html?tabId=${tabId}`);
    await popup.waitForSelector('[data-testid="status"]');
    return { browser, shop, popup };
  }

  it('is copied from the popup with the tenant, environment, locale, patterns and page', async () => {
    const { shop, popup } = await firefoxOn();
    const { choose, typeField, setEnabled } = firefoxPopup(() => popup);
    await choose('environment', 'development');
    await typeField('localStack', baseUrl);
    await choose('tenantId', 'lakeshore');
    await typeField('pathPatterns', '/maple/*\n!/maple/p/*');
    await choose('locale', 'fr');
    await choose('pageSource', 'typed');
    await typeField('page', 'bed-sheets');
    await setEnabled(true);
    await pollUntil(async () => (await heading(shop)) === 'Draps', 20_000, 'the preview in French');
    await popup.click('button[name="share"]');
    await popup.waitForSelector('[data-testid="share-message"]');
    link = await popup.evaluate(() => document.querySelector<HTMLInputElement>('input[name="shareLink"]')!.value);
    expect(link.startsWith(`${retailer.origin}${shopPath}#aisle-preview=`)).toBe(true);
  });

  it('opens the same preview in a colleague’s Firefox, after an explicit confirmation there', async () => {
    const { browser, shop, popup } = await firefoxOn();
    // The local stack is each person's own: the colleague's points at the same one here.
    await firefoxPopup(() => popup).typeField('localStack', baseUrl);
    await shop.bringToFront();
    await shop.evaluate((href) => (location.href = href), link);
    let share: Page | undefined;
    // BiDi reports an extension page's address as about:blank: each tab is asked its own.
    const shareTab = async (): Promise<Page | undefined> => {
      for (const p of await browser.pages())
        if ((await p.evaluate(() => location.href).catch(() => '')).includes('/share.html')) return p;
      return undefined;
    };
    await pollUntil(async () => (share = await shareTab()) !== undefined, 20_000, 'the confirmation tab').catch(
      async (error: unknown) => {
        const urls = (await browser.pages()).map((p) => p.url());
        throw new Error(
          `no confirmation tab; the shop is at ${await shop.evaluate(() => location.href)}, tabs: ${urls.join(', ')}`,
          {
            cause: error,
          },
        );
      },
    );
    const page = share!;
    await pollUntil(
      () => page.evaluate(() => document.querySelector('[data-testid="share-settings"]') !== null),
      20_000,
      'the confirmation',
    );
    const settings = await page.evaluate(() => document.querySelector('[data-testid="share-settings"]')!.textContent);
    for (const words of ['lakeshore', 'development', 'ca, fr', 'bed-sheets', '/maple/*'])
      expect(settings).toContain(words);
    expect(await shop.evaluate(() => location.href)).toBe(`${retailer.origin}${shopPath}`);
    expect(await shop.evaluate(() => document.querySelector('main')?.textContent)).toContain("The shop's own listing");
    await page.click('button[name="apply"]');
    await shop.bringToFront();
    await pollUntil(async () => (await heading(shop).catch(() => null)) === 'Draps', 30_000, 'the shared preview');
  });
});
