import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/dlp.js';
import {
  buildExtensionIfStale,
  launchWithExtension,
  openExtensionPage,
  stopServiceWorker,
  tabIdOf,
  workerRestarted,
  type ExtensionBrowser,
} from './support/extension.js';

const baseUrl = inject('baseUrl');
let browser: ExtensionBrowser;
let shop: Page;
let popup: Page;
let shopTabId: number;

beforeAll(async () => {
  buildExtensionIfStale();
  browser = await launchWithExtension();
  shop = await browser.context.newPage();
  await shop.goto(`${baseUrl}/plain/shop`);
  const helper = await openExtensionPage(browser, 'popup.html');
  shopTabId = await tabIdOf(helper, `${baseUrl}/plain/shop`);
  await helper.close();
  popup = await openExtensionPage(browser, `popup.html?tabId=${shopTabId}`);
  await popup.setViewportSize({ width: 360, height: 720 });
});
afterAll(async () => {
  await browser?.close();
});

const productCards = '[data-aisle="grid"] [data-aisle="product"]';

async function choose(name: string, value: string): Promise<void> {
  await popup.selectOption(`select[name="${name}"]`, value);
}

async function typeField(name: string, value: string): Promise<void> {
  await popup.fill(`input[name="${name}"]`, value);
  await popup.locator(`input[name="${name}"]`).blur();
}

describe('the preview', () => {
  it('leaves a page alone until the site is enabled', async () => {
    expect(await shop.textContent('main')).toContain("The shop's own listing");
    expect(await popup.textContent('[data-testid="status"]')).toContain('Off for this site');
  });

  it('shows the chosen tenant on a page without Aisle once enabled', async () => {
    await choose('environment', 'development');
    await typeField('localStack', baseUrl);
    await choose('tenantId', 'maple');
    await choose('pageSource', 'typed');
    await typeField('page', 'womens-running-shoes');
    await popup.check('input[name="enabled"]'); // reloads the shop's tab
    await shop.waitForSelector(productCards, { timeout: 20_000 });
    expect(await shop.textContent('[data-aisle="heading"]')).toBe("Women's Running Shoes");
    expect(new URL(shop.url()).pathname).toBe('/plain/shop');
    await popup.waitForFunction(() =>
      document.querySelector('[data-testid="status"]')?.textContent?.includes('Aisle is shown'),
    );
    expect(await popup.textContent('[data-testid="status"]')).toContain('The page had no Aisle of its own');
    await screenshot(popup, 'extension-popup');
    await screenshot(shop, 'extension-preview');
  });

  it('follows a change of tenant and locale', async () => {
    await choose('tenantId', 'lakeshore');
    await choose('region', 'ca');
    await typeField('page', 'bed-sheets');
    await choose('locale', 'fr');
    await shop.waitForFunction(() => document.querySelector('[data-aisle="heading"]')?.textContent === 'Draps');
    await shop.waitForSelector(productCards);
    expect(await shop.textContent('[data-aisle="grid"] .aisle-card__price')).toMatch(/\d,\d\d\s\$/);
  });

  it('gets into a page served with a strict CSP', async () => {
    await shop.goto(`${baseUrl}/plain/csp`);
    await shop.waitForSelector(productCards, { timeout: 20_000 });
    expect(await shop.evaluate(() => document.documentElement.dataset.shopScript)).toBe('ran');
    expect(await shop.textContent('[data-aisle="heading"]')).toBe('Draps');
  });
});

describe('the inspector', () => {
  let panel: Page;

  const events = (selector = '') => panel.locator(`[data-testid="event"]${selector}`);

  it('shows the visit and product events arriving, with their states', async () => {
    await shop.goto(`${baseUrl}/plain/shop`);
    await shop.waitForSelector(productCards);
    panel = await openExtensionPage(browser, 'devtools-panel.html', { devtoolsTabId: shopTabId });
    await panel.setViewportSize({ width: 1000, height: 900 });
    await events('[data-event="navigate:visit_page"][data-state="acknowledged"]').first().waitFor();
    await events('[data-event="search:display_results"][data-state="acknowledged"]').first().waitFor();
    // A product click that opens a new tab is still recorded and delivered.
    await shop
      .locator(`${productCards} a`)
      .first()
      .click({ modifiers: ['ControlOrMeta'] });
    await events('[data-event="ecommerce:product_click"][data-state="acknowledged"]').first().waitFor();
    expect(await panel.textContent('[data-testid="session-status"]')).toBe('ready');
    expect(await panel.textContent('[data-testid="token-expiry"]')).toMatch(/in \d+/);
    await screenshot(panel, 'extension-inspector');
  });

  it('keeps the events across a reload and a stopped service worker', async () => {
    const before = await events().count();
    await shop.reload();
    await shop.waitForSelector(productCards);
    await panel.waitForFunction(() => document.querySelectorAll('[data-testid="page-load"]').length >= 2);
    await stopServiceWorker(browser, shop);
    // The panel's port died with the worker: it reconnects, and the restarted worker reads the
    // buffer back from storage.session.
    await panel.waitForSelector('.live');
    await panel.waitForFunction((n) => document.querySelectorAll('[data-testid="event"]').length >= n, before);
    expect(await workerRestarted(browser)).toBe(true);
    await panel.reload();
    await panel.waitForFunction((n) => document.querySelectorAll('[data-testid="event"]').length >= n, before);
    // New events after the restart join the same buffer.
    await shop.reload();
    await shop.waitForSelector(productCards);
    await panel.waitForFunction(() => document.querySelectorAll('[data-testid="page-load"]').length >= 3);
    expect(await events('[data-event="navigate:visit_page"]').count()).toBeGreaterThanOrEqual(3);
  });
});

describe('a page that runs its own Aisle', () => {
  const ownPage = `${baseUrl}/maple/mens-rain-jackets`;
  const status = () => popup.textContent('[data-testid="status"]');

  it('stands aside when asked: the page keeps its own Aisle, and the popup says so', async () => {
    await shop.goto(ownPage);
    // Changing the choice reloads the tab.
    await Promise.all([shop.waitForEvent('load'), choose('onExistingAisle', 'stand-aside')]);
    await shop.waitForSelector(productCards);
    expect(await shop.textContent('[data-aisle="heading"]')).toBe("Men's Rain Jackets");
    await popup.waitForFunction(() =>
      document.querySelector('[data-testid="status"]')?.textContent?.includes('stood aside'),
    );
    expect(await status()).toContain('stood aside');
  });

  it("takes over when asked: the extension's tenant replaces the page's own Aisle", async () => {
    await Promise.all([shop.waitForEvent('load'), choose('onExistingAisle', 'takeover')]);
    await shop.waitForFunction(() => document.querySelector('[data-aisle="heading"]')?.textContent === 'Draps');
    await popup.waitForFunction(() =>
      document.querySelector('[data-testid="status"]')?.textContent?.includes('took over'),
    );
    expect(await status()).toContain("It took over the page's own Aisle");
  });
});

describe('the side panel', () => {
  it("shows the same inspector for the shop's tab", async () => {
    const side = await openExtensionPage(browser, `sidepanel.html?tabId=${shopTabId}`);
    await side.waitForSelector('[data-testid="event"][data-event="navigate:visit_page"]');
    expect(await side.textContent('[data-testid="session-status"]')).toBe('ready');
    await side.close();
  });
});
