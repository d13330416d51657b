import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/dlp.js';
import {
  buildExtensionIfStale,
  launchWithExtension,
  openExtensionPage,
  startRetailerSite,
  stopServiceWorker,
  tabIdOf,
  workerRestarted,
  type ExtensionBrowser,
  type RetailerSite,
} from './support/extension.js';
import { POPUP_SIZE, popupDriver } from './support/popup.js';

const baseUrl = inject('baseUrl');
let browser: ExtensionBrowser;
let retailer: RetailerSite;
let shop: Page;
let popup: Page;
let shopTabId: number;

beforeAll(async () => {
  buildExtensionIfStale();
  retailer = await startRetailerSite();
  browser = await launchWithExtension();
  shop = await browser.context.newPage();
  await shop.goto(`${retailer.origin}/maple/womens-running-shoes`);
  const helper = await openExtensionPage(browser, 'popup.html');
  shopTabId = await tabIdOf(helper, `${retailer.origin}/maple/womens-running-shoes`);
  await helper.close();
  popup = await openExtensionPage(browser, `popup.html?tabId=${shopTabId}`);
  await popup.setViewportSize(POPUP_SIZE);
});
afterAll(async () => {
  await browser?.close();
  await retailer?.close();
});

const productCards = '[data-aisle="grid"] [data-aisle="product"]';
const { status, choose, typeField, statusContains, setEnabled, badgeText, reopenPopup, popupShot } = popupDriver(
  () => popup,
  () => shopTabId,
);

describe('the popup', () => {
  it('stays usable on an address with a stray %', async () => {
    const sale = await browser.context.newPage();
    await sale.goto(`${retailer.origin}/sale/50%-off-sheets`);
    const helper = await openExtensionPage(browser, 'popup.html');
    const saleTabId = await tabIdOf(helper, `${retailer.origin}/sale/50%-off-sheets`);
    await helper.close();
    const salePopup = await openExtensionPage(browser, `popup.html?tabId=${saleTabId}`);
    await salePopup.waitForSelector('[data-testid="status"]');
    expect(await salePopup.textContent('.popup')).toContain('Shows page: 50%-off-sheets');
    expect(await salePopup.locator('input[name="enabled"]').isVisible()).toBe(true);
    expect(await salePopup.locator('[data-testid="popup-fallback"]').count()).toBe(0);
    // A long tenant name does not widen the popup.
    await salePopup.setViewportSize(POPUP_SIZE);
    expect(await salePopup.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await salePopup.close();
    await sale.close();
  });
});

describe('the preview on a retailer page of another origin', () => {
  it('leaves a page alone until the site is enabled', async () => {
    expect(await shop.textContent('main')).toContain("The shop's own listing");
    expect(await status()).toContain('Off for this site');
  });

  it('says when the local stack does not answer, and leaves the page as it is', async () => {
    await choose('environment', 'development');
    await typeField('localStack', 'http://127.0.0.1:9');
    await choose('tenantId', 'maple');
    await Promise.all([shop.waitForEvent('load'), setEnabled(true)]);
    await statusContains('The local stack at http://127.0.0.1:9 does not answer');
    expect(await popup.getAttribute('.status', 'data-kind')).toBe('failed');
    expect(await shop.textContent('main')).toContain("The shop's own listing");
    // The icon never says ON over a page the preview did not take.
    await expect.poll(badgeText).toBe('!');
    await popupShot('extension-popup-stack-down');
  });

  it('shows the listing with its images from the local stack once the address is right', async () => {
    await typeField('localStack', baseUrl);
    await shop.waitForSelector(productCards, { timeout: 20_000 });
    expect(await shop.textContent('[data-aisle="heading"]')).toBe("Women's Running Shoes");
    expect(new URL(shop.url()).origin).toBe(retailer.origin);
    // Images come from the stack, not from the retailer's origin, and they load.
    await shop.waitForFunction(() => {
      const images = [...document.querySelectorAll<HTMLImageElement>('[data-aisle="product"] img')].slice(0, 4);
      return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
    });
    const sources = await shop.$$eval('[data-aisle="product"] img', (imgs) =>
      imgs.slice(0, 4).map((img) => (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src),
    );
    for (const src of sources) expect(new URL(src).origin).toBe(new URL(baseUrl).origin);
    await statusContains('Aisle is shown');
    expect(await popup.getAttribute('.status', 'data-kind')).toBe('shown');
    await expect.poll(badgeText).toBe('ON');
    expect(await status()).toContain('The page had no Aisle of its own');
    await popupShot('extension-popup');
    await screenshot(shop, 'extension-preview');
  });

  it("names the page's Content-Security-Policy when it blocks Aisle's search", async () => {
    await shop.goto(`${retailer.origin}/maple/womens-running-shoes?csp=strict`);
    await statusContains('Content-Security-Policy (connect-src)');
    expect(await popup.getAttribute('.status', 'data-kind')).toBe('failed');
    expect(await status()).toContain(baseUrl);
    await popupShot('extension-popup-csp');
  });

  it('leaves a product page outside the path patterns alone', async () => {
    await shop.goto(`${retailer.origin}/maple/p/rain-jacket`);
    expect(await shop.textContent('main')).toContain("The shop's own product page");
    // The takeover claims window.Aisle at document_start: it did not run here.
    expect(await shop.evaluate(() => 'Aisle' in window)).toBe(false);
    await reopenPopup();
    expect(await status()).toContain('outside the path patterns');
    await expect.poll(badgeText).toBe('');
    expect(await popup.inputValue('textarea[name="pathPatterns"]')).toBe('/maple/*\n!/maple/p/*');
  });

  it('refuses an invalid main-element selector with an error in the popup', async () => {
    await shop.goto(`${retailer.origin}/maple/womens-running-shoes`);
    await reopenPopup();
    await shop.waitForSelector(productCards, { timeout: 20_000 });
    await typeField('mainSelector', 'main[[');
    await statusContains('not a valid CSS selector');
    expect(await popup.getAttribute('.status', 'data-kind')).toBe('failed');
    await typeField('mainSelector', '');
    await Promise.all([shop.waitForEvent('load'), popup.click('button[name="reload"]')]);
    await shop.waitForSelector(productCards, { timeout: 20_000 });
    await statusContains('Aisle is shown');
  });

  it('reports a page the search service does not know as "page not found", not as shown', async () => {
    await shop.goto(`${retailer.origin}/maple/no-such-category`);
    await statusContains('page not found');
    expect(await popup.getAttribute('.status', 'data-kind')).toBe('not-found');
    expect(await status()).toContain('"no-such-category"');
    expect(await status()).not.toContain('Aisle is shown');
  });

  it('turns the preview off for this origin only', async () => {
    await shop.goto(`${retailer.origin}/maple/womens-running-shoes`);
    await Promise.all([shop.waitForEvent('load'), setEnabled(false)]);
    expect(await shop.textContent('main')).toContain("The shop's own listing");
    expect(await shop.evaluate(() => 'Aisle' in window)).toBe(false);
  });
});

describe('the preview on the local stack’s own pages', () => {
  it('shows the chosen tenant on a page without Aisle once enabled', async () => {
    await shop.goto(`${baseUrl}/plain/shop`);
    await reopenPopup();
    expect(await status()).toContain('Off for this site');
    await choose('environment', 'development');
    await typeField('localStack', baseUrl);
    await choose('tenantId', 'maple');
    await choose('pageSource', 'typed');
    await typeField('page', 'womens-running-shoes');
    await typeField('pathPatterns', '/plain/*\n/maple/*\n!/maple/p/*');
    await setEnabled(true); // reloads the shop's tab
    await shop.waitForSelector(productCards, { timeout: 20_000 });
    expect(await shop.textContent('[data-aisle="heading"]')).toBe("Women's Running Shoes");
    expect(new URL(shop.url()).pathname).toBe('/plain/shop');
    await statusContains('Aisle is shown');
  });

  it('follows a change of tenant and locale', async () => {
    await choose('tenantId', 'lakeshore');
    // The region follows the tenant's (Lakeshore is Canadian).
    await popup.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('select[name="region"]')?.value === 'ca',
    );
    await typeField('page', 'bed-sheets');
    await choose('locale', 'fr');
    await shop.waitForFunction(() => document.querySelector('[data-aisle="heading"]')?.textContent === 'Draps');
    await shop.waitForSelector(productCards);
    expect(await shop.textContent('[data-aisle="grid"] .aisle-card__price')).toMatch(/\d,\d\d\s\$/);
  });

  it('gets into a page served with a strict CSP that allows the stack', async () => {
    await shop.goto(`${baseUrl}/plain/csp`);
    await shop.waitForSelector(productCards, { timeout: 20_000 });
    expect(await shop.evaluate(() => document.documentElement.dataset.shopScript)).toBe('ran');
    expect(await shop.textContent('[data-aisle="heading"]')).toBe('Draps');
    // Trusted Types allow Aisle's one policy only: the sanitised SEO text and the JSON-LD still come.
    await shop.waitForFunction(
      () => (document.querySelector('[data-aisle="seo"][data-aisle-ready]')?.textContent ?? '').trim().length > 20,
    );
    await shop.waitForSelector('[data-aisle="structured-data"] script[type="application/ld+json"]', {
      state: 'attached',
    });
    expect(await shop.evaluate(() => document.documentElement.getAttribute('data-csp-violations'))).toBe('[]');
    await reopenPopup();
    await statusContains('Aisle is shown');
    expect(await status()).not.toContain('with a problem');
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
  const ownPage = () => `${baseUrl}/maple/mens-rain-jackets`;

  it('stands aside when asked: the page keeps its own Aisle, and the popup says so', async () => {
    await shop.goto(ownPage());
    await reopenPopup();
    // Changing the choice reloads the tab.
    await Promise.all([shop.waitForEvent('load'), choose('onExistingAisle', 'stand-aside')]);
    await shop.waitForSelector(productCards);
    expect(await shop.textContent('[data-aisle="heading"]')).toBe("Men's Rain Jackets");
    await statusContains('stood aside');
    expect(await popup.getAttribute('.status', 'data-kind')).toBe('stood-aside');
    await expect.poll(badgeText).toBe('');
  });

  it("takes over when asked: the extension's tenant replaces the page's own Aisle", async () => {
    await Promise.all([shop.waitForEvent('load'), choose('onExistingAisle', 'takeover')]);
    await shop.waitForFunction(() => document.querySelector('[data-aisle="heading"]')?.textContent === 'Draps');
    await statusContains('took over');
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

  // Last: the popup closes itself once the side panel is open.
  it("opens beside the page from the popup's Open inspector", async () => {
    await reopenPopup();
    const cdp = await browser.context.newCDPSession(shop);
    const panels = async () => {
      const { targetInfos } = (await cdp.send('Target.getTargets')) as {
        targetInfos: Array<{ type: string; url: string; title: string }>;
      };
      return targetInfos.filter((t) => t.type === 'page' && new URL(t.url).pathname === '/sidepanel.html');
    };
    expect(await panels()).toEqual([]);
    await popup.click('button[name="inspector"]');
    await vi.waitFor(async () => expect((await panels()).map((t) => t.title)).toEqual(['Aisle inspector']), {
      timeout: 15_000,
    });
    await vi.waitFor(() => expect(popup.isClosed()).toBe(true));
    await cdp.detach();
  });
});
