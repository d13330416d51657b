/**
 * The extension's Firefox build in Firefox ESR, as a temporary add-on: the preview on a retailer
 * page of another origin (inject, switch tenant and locale, turn off) and the inspector (events
 * arrive, their states change, export). Chromium's versions: e2e/extension.e2e.ts, inspector.e2e.ts.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
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
import { analyticsControls } from '../support/inspector.js';

const baseUrl = inject('baseUrl');
const controls = analyticsControls(baseUrl);
const CARDS = '[data-aisle="grid"] [data-aisle="product"]';
const text = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);

// The extension ships a Chrome build and a Firefox build; WebKit (Safari) gets none, so these
// journeys are Firefox's alone, and run whenever Firefox is among the engines.
describe.skipIf(!engines.includes('firefox'))('the extension in Firefox ESR', () => {
  let browser: Browser;
  let retailer: RetailerSite;
  let shop: Page;
  let popup: Page;
  let shopTabId: number;
  const { status, choose, typeField, statusContains, setEnabled, reopen } = firefoxPopup(() => popup);
  const shopPath = '/maple/womens-running-shoes';

  beforeAll(async () => {
    buildFirefoxExtensionIfStale();
    await controls.reset();
    retailer = await startRetailerSite();
    browser = await launchFirefoxWithExtension();
    shop = await browser.newPage();
    await shop.setViewport({ width: 1280, height: 900 });
    await shop.goto(`${retailer.origin}${shopPath}`);
    popup = await openExtensionTab(browser, 'popup.html');
    shopTabId = await tabIdOf(popup, `${retailer.origin}${shopPath}`);
    await popup.close();
    popup = await openExtensionTab(browser, `popup.html?tabId=${shopTabId}`);
    await popup.waitForSelector('[data-testid="status"]');
  });
  afterAll(async () => {
    await controls.clearFaults();
    await browser?.close();
    await retailer?.close();
  });

  /** Waits for the shop's tab to show Aisle's grid (after the reload the popup asks for). */
  const listingShown = () => shop.waitForSelector(CARDS, { timeout: 20_000 });

  it('previews Aisle on a retailer page of another origin once the site is enabled', async () => {
    expect(await text(shop, 'main')).toContain("The shop's own listing");
    expect(await status()).toContain('Off for this site');
    await choose('environment', 'development');
    await typeField('localStack', baseUrl);
    await choose('tenantId', 'maple');
    await setEnabled(true);
    await listingShown();
    expect(await text(shop, '[data-aisle="heading"]')).toBe("Women's Running Shoes");
    expect(new URL(shop.url()).origin).toBe(retailer.origin);
    await statusContains('Aisle is shown');
  });

  it('follows a change of tenant and locale', async () => {
    await choose('pageSource', 'typed');
    await typeField('page', 'bed-sheets');
    await choose('tenantId', 'lakeshore');
    // Lakeshore's own patterns cover /lakeshore/*: keep the preview on this shop's pages.
    await typeField('pathPatterns', '/maple/*\n!/maple/p/*');
    await popup.waitForFunction(
      () => document.querySelector<HTMLSelectElement>('select[name="region"]')?.value === 'ca',
    );
    await choose('locale', 'fr');
    await shop.waitForFunction(() => document.querySelector('[data-aisle="heading"]')?.textContent === 'Draps', {
      timeout: 20_000,
    });
    await listingShown();
    expect(await text(shop, '[data-aisle="grid"] .aisle-card__price')).toMatch(/\d,\d\d\s\$/);
    await statusContains('Aisle is shown');
  });

  it('previews with no CSP violation under a nonce, strict-dynamic and Trusted Types, and says "Shown" only with every part', async () => {
    await shop.goto(`${retailer.origin}${shopPath}?csp=script`);
    await listingShown();
    // The sanitised SEO text and the JSON-LD came too (an empty part would make the popup amber).
    await shop.waitForFunction(
      () => (document.querySelector('[data-aisle="seo"][data-aisle-ready]')?.textContent ?? '').trim().length > 20,
      { timeout: 20_000 },
    );
    expect(await shop.evaluate(() => document.querySelectorAll('script[type="application/ld+json"]').length)).toBe(1);
    expect(await shop.evaluate(() => document.documentElement.getAttribute('data-csp-violations'))).toBe('[]');
    await reopen();
    await statusContains('Aisle is shown');
    expect(await status()).not.toContain('with a problem');
  });

  it('turns the preview off: the next load shows the shop’s own page', async () => {
    // A mark on the previewed document tells the reloaded one from it.
    await shop.evaluate(() => ((window as unknown as { __previewed: boolean }).__previewed = true));
    await setEnabled(false);
    await shop.waitForFunction(
      () =>
        !(window as unknown as { __previewed?: boolean }).__previewed &&
        document.readyState === 'complete' &&
        document.querySelector('[data-retailer-listing]') !== null,
      { timeout: 20_000 },
    );
    expect(await shop.evaluate(() => 'Aisle' in window)).toBe(false);
    await reopen();
    expect(await status()).toContain('Off for this site');
  });

  describe('the inspector', () => {
    let panel: Page;
    // Polled from here: the panel may be a background tab, where puppeteer's own waiting (on
    // animation frames) stalls.
    const row = (selector: string) =>
      pollUntil(
        () => panel.evaluate((s) => document.querySelector(s) !== null, `[data-testid="event"]${selector}`),
        30_000,
        `an inspector row ${selector}`,
      ).catch(async (error: unknown) => {
        // Say what the table showed instead.
        const rows = await panel.evaluate(() =>
          Array.from(
            document.querySelectorAll<HTMLElement>('[data-testid="event"]'),
            (r) => `${r.dataset.event}:${r.dataset.state}`,
          ),
        );
        throw new Error(`no row ${selector}; the inspector shows ${rows.join(', ')}`, { cause: error });
      });

    it('shows the events of the shop’s own Aisle arriving, acknowledged by the service', async () => {
      await shop.goto(`${baseUrl}${shopPath}`);
      await shop.waitForSelector(CARDS);
      panel = await openExtensionTab(browser, `sidepanel.html?tabId=${shopTabId}`);
      await row('[data-event="navigate:visit_page"][data-state="acknowledged"]');
      await row('[data-event="search:display_results"][data-state="acknowledged"]');
    });

    it('shows an event waiting while the service refuses it, then delivered', async () => {
      await controls.fault({ mode: 'status', status: 503, count: 1000, paths: ['/v3/event', '/v3/batch'] });
      // A tab in the background gets no animation frames: the shopper's tab comes to the front.
      await shop.bringToFront();
      const page = firefoxPage(shop);
      await page.click('.aisle-dropdown__button');
      await page.click({ selector: '[role="option"]', text: 'Low to High' });
      // The outbox sends in order: the sort waits behind whichever event the service refused first.
      await row('[data-state="retry_scheduled"]');
      await row('[data-event="search:sort"]:is([data-state="retry_scheduled"], [data-state="queued"])');
      await controls.clearFaults();
      await row('[data-event="search:sort"][data-state="acknowledged"]');
    });

    it('follows a closed tab’s events to the tab of the shop that delivers them, never “live”', async () => {
      const closingUrl = `${baseUrl}/maple/mens-rain-jackets`;
      const closing = await browser.newPage();
      await closing.setViewport({ width: 1280, height: 900 });
      await closing.goto(closingUrl);
      await closing.waitForSelector(CARDS);
      const closingId = await tabIdOf(popup, closingUrl);
      const closedPanel = await openExtensionTab(browser, `sidepanel.html?tabId=${closingId}`);
      const on = (selector: string, what: string) =>
        pollUntil(() => closedPanel.evaluate((s) => document.querySelector(s) !== null, selector), 30_000, what).catch(
          async (error: unknown) => {
            const shown = await text(closedPanel, '.inspector');
            throw new Error(`${what}: the view shows ${shown}`, { cause: error });
          },
        );
      await on('[data-testid="event"][data-state="acknowledged"]', 'the closing tab’s first events');
      await controls.fault({ mode: 'status', status: 503, count: 1000, paths: ['/v3/event', '/v3/batch'] });
      await closing.bringToFront();
      const page = firefoxPage(closing);
      await page.click('.aisle-dropdown__button');
      await page.click({ selector: '[role="option"]', text: 'Low to High' });
      await on('[data-event="search:sort"]:is([data-state="retry_scheduled"], [data-state="queued"])', 'the sort held');
      await closing.close();
      await on('[data-testid="liveness"][data-liveness="closed"]', 'the view to say the tab closed');
      expect(await text(closedPanel, '[data-testid="liveness"]')).toMatch(/^tab closed at \d/);
      expect(await text(closedPanel, '[data-event="search:sort"] .chip')).toMatch(/^unconfirmed since \d/);
      await controls.clearFaults();
      const other = await browser.newPage();
      await other.goto(`${baseUrl}${shopPath}`);
      await other.waitForSelector(CARDS);
      await on('[data-event="search:sort"][data-shown-state="acknowledged"]', 'the sort delivered by the other tab');
      const states = await closedPanel.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('[data-testid="event"]'), (r) => r.dataset.shownState),
      );
      expect(states.filter((s) => s === 'in_flight' || s === 'retry_scheduled' || s === 'queued')).toEqual([]);
      expect(await closedPanel.evaluate(() => document.querySelector('.live'))).toBeNull();
      await closedPanel.close();
      await other.close();
    });

    it('exports the table as JSON', async () => {
      // The file itself is the browser's business: the test keeps the blob the panel hands it.
      await panel.evaluate(() => {
        const kept = window as unknown as { __exported?: Blob };
        const create = URL.createObjectURL.bind(URL);
        URL.createObjectURL = (blob: Blob | MediaSource) => {
          if (blob instanceof Blob) kept.__exported = blob;
          return create(blob);
        };
        HTMLAnchorElement.prototype.click = function () {};
      });
      const shown = await panel.evaluate(() => document.querySelectorAll('[data-testid="event"]').length);
      await panel.click('[data-testid="export-json"]');
      await pollUntil(
        () => panel.evaluate(() => (window as unknown as { __exported?: Blob }).__exported !== undefined),
        10_000,
        'the export',
      );
      const exported = JSON.parse(
        await panel.evaluate(() => (window as unknown as { __exported: Blob }).__exported.text()),
      ) as { format: string };
      expect(exported).toMatchObject({ format: 'aisle-inspector/1' });
      // Every row on show is exported (a late event may have joined them since they were counted).
      const exportedCount = Number(
        /Exported (\d+) events as JSON/.exec((await text(panel, '[data-testid="feedback"]')) ?? '')?.[1],
      );
      expect(exportedCount).toBeGreaterThanOrEqual(shown);
    });
  });
});
