import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { feedInspector } from '../bench/inspector.js';
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
import { analyticsControls, axeOnExtensionPage, tableRows, waitForRow } from './support/inspector.js';

const baseUrl = inject('baseUrl');
const dlp = `${baseUrl}/maple/womens-running-shoes`;
const controls = analyticsControls(baseUrl);
const productCards = '[data-aisle="grid"] [data-aisle="product"]';
let browser: ExtensionBrowser;
let shop: Page;
let panel: Page;
let tabId: number;

beforeAll(async () => {
  buildExtensionIfStale();
  await controls.reset();
  browser = await launchWithExtension();
  shop = await browser.context.newPage();
  // The retailer's own Aisle: the inspector works without the preview.
  await shop.goto(dlp);
  await shop.waitForSelector(productCards);
  const helper = await openExtensionPage(browser, 'popup.html');
  tabId = await tabIdOf(helper, dlp);
  await helper.close();
  panel = await openExtensionPage(browser, 'devtools-panel.html', { devtoolsTabId: tabId });
  await panel.setViewportSize({ width: 1280, height: 800 });
});
afterAll(async () => {
  await controls.clearFaults();
  await browser?.close();
});

const ids = async () => (await tableRows(panel)).map((r) => r.id);
/** The id the bench's feeder gives its `n`th event. */
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function sortBy(text: string): Promise<void> {
  await shop.click('.aisle-dropdown__button');
  await shop.click(`[role="option"]:has-text("${text}")`);
}

describe('the inspector', () => {
  it('shows a product click that navigates away as acknowledged, in one row', async () => {
    await waitForRow(panel, '[data-event="search:display_results"][data-state="acknowledged"]');
    // The click's own send is held past the 2 s the link waits: the page leaves with it in flight.
    await controls.fault({ mode: 'delay', delayMs: 3000, count: 1, paths: ['/v3/event'] });
    await shop.locator(`${productCards} .aisle-card__link`).first().click();
    await shop.waitForURL(/\/maple\/p\//);
    // The product page has no Aisle: nothing there can confirm the click, and the row says so.
    await waitForRow(panel, '[data-event="ecommerce:product_click"][data-shown-state="unconfirmed"]');
    expect(await panel.textContent('[data-event="ecommerce:product_click"] .chip')).toMatch(/^unconfirmed since \d/);
    // The next listing page of the shop settles the question.
    await shop.goto(dlp);
    await shop.waitForSelector(productCards);
    await waitForRow(panel, '[data-event="ecommerce:product_click"][data-shown-state="acknowledged"]');
    const rows = await tableRows(panel);
    expect(rows.filter((r) => r.event === 'ecommerce:product_click')).toHaveLength(1);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    await panel.waitForFunction(
      () => !document.querySelector('[data-testid="event"][data-shown-state="in_flight"][data-state="in_flight"]'),
    );
  });

  it('keeps one row per event id through reloads and a stopped service worker', async () => {
    await sortBy('Low to High');
    await waitForRow(panel, '[data-event="search:sort"][data-state="acknowledged"]');
    const before = await ids();
    await shop.reload();
    await shop.waitForSelector(productCards);
    await panel.waitForFunction((n) => document.querySelectorAll('[data-testid="event"]').length > n, before.length);
    await stopServiceWorker(browser, shop);
    await panel.waitForSelector('.live');
    await shop.reload();
    await shop.waitForSelector(productCards);
    expect(await workerRestarted(browser)).toBe(true);
    await panel.reload();
    await panel.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="event"]').length > n + 1,
      before.length,
    );
    await panel.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="event"]')].every(
          (row) => row.dataset.state === 'acknowledged',
        ),
      undefined,
      { timeout: 20_000 },
    );
    const after = await ids();
    expect(new Set(after).size).toBe(after.length);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(await panel.textContent('[data-testid="health"]')).toContain('Delivering normally');
    // Many events, one open with its payload expanded.
    await panel.click('[data-testid="event"][data-event="ecommerce:product_click"]');
    await panel.click('[data-testid="expand-all"]');
    await screenshot(panel, 'extension-inspector');
    await panel.click('[data-testid="tab-timeline"]');
    expect(await panel.locator('[data-testid="timeline-step"]').count()).toBeGreaterThan(0);
    await screenshot(panel, 'extension-inspector-timeline');
  });

  it('is readable by everyone in the light and the dark theme (axe-core)', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme });
      expect(await axeOnExtensionPage(panel, '.inspector'), colorScheme).toEqual([]);
    }
    await panel.emulateMedia({ colorScheme: 'light' });
  });

  it('fits the narrow side panel, detail under the table, in the dark theme too', async () => {
    const side = await openExtensionPage(browser, `sidepanel.html?tabId=${tabId}`);
    await side.setViewportSize({ width: 420, height: 820 });
    await side.emulateMedia({ colorScheme: 'dark' });
    await side.locator('[data-testid="event"][data-event="ecommerce:product_click"]').click();
    const [list, detail] = await Promise.all(
      ['.list', '[data-testid="detail"]'].map((s) => side.locator(s).boundingBox()),
    );
    expect(detail!.y).toBeGreaterThanOrEqual(list!.y + list!.height - 1);
    expect(await axeOnExtensionPage(side, '.inspector')).toEqual([]);
    await screenshot(side, 'extension-inspector-sidepanel-dark');
    await side.close();
  });

  it('draws only the rows in view of 2,000 events in the side panel; the keys move focus and scroll to any row', async () => {
    // A tab of 5 page loads of 400 events, 2 more arriving a second in the newest (above the older loads).
    const feeder = await openExtensionPage(browser, 'popup.html');
    await feeder.evaluate('globalThis.__name = (f) => f');
    const feedTab = await feeder.evaluate(feedInspector, { loads: 5, perLoad: 400, perSecond: 2 });
    const side = await openExtensionPage(browser, `sidepanel.html?tabId=${feedTab}`);
    await side.setViewportSize({ width: 420, height: 820 });
    const grid = side.locator('[data-testid="events"]');
    // The column heads, 5 page load headings and 2,000 events, and those arriving.
    await side.waitForFunction(
      () => Number(document.querySelector('[data-testid="events"]')?.getAttribute('aria-rowcount')) >= 2006,
    );
    expect(await grid.getAttribute('role')).toBe('grid');
    expect(await side.locator('[data-testid="events"] tbody tr').count()).toBeLessThan(100);
    const focusedRow = () =>
      side.evaluate(() => {
        const row = document.activeElement as HTMLElement;
        const pane = document.querySelector('.list')!.getBoundingClientRect();
        const box = row.getBoundingClientRect();
        const rowCount = Number(document.querySelector('[data-testid="events"]')!.getAttribute('aria-rowcount'));
        return {
          id: row.dataset.id,
          fromEnd: rowCount - Number(row.getAttribute('aria-rowindex')),
          selected: row.getAttribute('aria-selected'),
          inView: box.top >= pane.top && box.bottom <= pane.bottom,
        };
      });
    await grid.focus();
    await side.keyboard.press('End');
    // The oldest load's last event, 2,000 rows down: focused, selected and scrolled into view.
    expect(await focusedRow()).toEqual({ id: uuidOf(400), fromEnd: 0, selected: 'true', inView: true });
    await side.keyboard.press('PageUp');
    await side.keyboard.press('ArrowUp');
    // It stays in view as events arrive above it: once two more have arrived, it is in view again by
    // the next frames (the list keeps its place when it measures the new rows).
    const rowsNow = Number(await grid.getAttribute('aria-rowcount'));
    await side.waitForFunction(
      (before) => Number(document.querySelector('[data-testid="events"]')?.getAttribute('aria-rowcount')) >= before + 2,
      rowsNow,
    );
    await expect
      .poll(focusedRow, { timeout: 3000 })
      .toEqual({ id: uuidOf(389), fromEnd: 11, selected: 'true', inView: true });
    // Up across the oldest load's heading into the load before it.
    for (let i = 0; i < 39; i++) await side.keyboard.press('PageUp');
    expect(await focusedRow()).toMatchObject({ id: uuidOf(799), selected: 'true', inView: true });
    await screenshot(side, 'extension-inspector-sidepanel-2000');
    await side.keyboard.press('Home');
    expect(await focusedRow()).toMatchObject({ id: uuidOf(1601), selected: 'true', inView: true });
    expect(await side.locator('[data-testid="events"] tbody tr').count()).toBeLessThan(100);
    expect(await axeOnExtensionPage(side, '.inspector')).toEqual([]);
    await side.close();
    await feeder.close();
  });

  it('badges an event that breaks the event catalogue, with the reasons', async () => {
    // A page whose Aisle reports a malformed event (a zero-based position, a local time).
    await shop.evaluate(() => {
      type Hook = { debug: { snapshot(): { analytics: { events: unknown[] } } } };
      const aisle = (window as unknown as { Aisle: Hook }).Aisle;
      const original = aisle.debug.snapshot.bind(aisle.debug);
      aisle.debug.snapshot = () => {
        const shot = original();
        shot.analytics.events.push({
          id: '7d3f0c1e-1b2a-4c3d-8e4f-5a6b7c8d9e0f',
          event: 'ecommerce:product_click',
          seq: 9999,
          state: 'acknowledged',
          attempts: 1,
          payload: {
            id: '7d3f0c1e-1b2a-4c3d-8e4f-5a6b7c8d9e0f',
            seq: 9999,
            event: 'ecommerce:product_click',
            data: { metadata: { list_name: 'search_results', list_position: 0, config_id: 'maple' } },
            url: location.href,
            timestamp: '2025-03-01 12:00',
            environment: 'development',
          },
        });
        return shot;
      };
    });
    const bad = '[data-testid="event"][data-id="7d3f0c1e-1b2a-4c3d-8e4f-5a6b7c8d9e0f"]';
    await panel.waitForSelector(`${bad} [data-testid="warning"]`, { timeout: 10_000 });
    await panel.click(bad);
    const reasons = await panel.textContent('[data-testid="warnings"]');
    expect(reasons).toContain('data.metadata.list_position should be one-based (1 or more), not number 0');
    expect(reasons).toContain('timestamp should be an ISO 8601 UTC time');
    // Only the spoofed event breaks the catalogue: the real client's events keep every promise.
    expect(await panel.locator('[data-testid="warning"]').count()).toBe(1);
  });

  it('exports what is shown as JSON, and an import of it reproduces the same table', async () => {
    await panel.selectOption('[data-testid="filter-name"]', 'navigate:visit_page');
    const shown = await tableRows(panel);
    expect(shown.length).toBeGreaterThanOrEqual(3);
    const [download] = await Promise.all([panel.waitForEvent('download'), panel.click('[data-testid="export-json"]')]);
    expect(await panel.textContent('[data-testid="feedback"]')).toContain(`Exported ${shown.length} events as JSON`);
    const path = await download.path();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ format: 'aisle-inspector/1' });
    await panel.selectOption('[data-testid="filter-name"]', '');
    await panel.setInputFiles('[data-testid="import"]', path);
    await panel.waitForSelector('[data-testid="imported"]');
    expect(await tableRows(panel)).toEqual(shown);
    await panel.click('[data-testid="imported"] button');
    await panel.waitForFunction(() => !document.querySelector('[data-testid="imported"]'));
  });

  it('says delivery is stuck while the service refuses every token (HTTP 401)', async () => {
    await shop.reload(); // drops the spoofed snapshot of the previous test
    await shop.waitForSelector(productCards);
    await controls.fault({ mode: 'status', status: 401, count: 1000, paths: ['/v3/event', '/v3/batch'] });
    await sortBy('High to Low');
    await panel.waitForSelector('[data-testid="health"][data-level="stuck"]', { timeout: 20_000 });
    expect(await panel.textContent('[data-testid="health"]')).toContain(
      'Delivery is stuck: the analytics service refuses every token (HTTP 401)',
    );
    await waitForRow(panel, '[data-state="retry_scheduled"] [data-testid="event-waiting"]');
    await screenshot(panel, 'extension-inspector-stuck');
    await controls.clearFaults();
  });

  it('shows the shopper’s consent, and why the page’s events wait', async () => {
    await shop.goto(`${baseUrl}/prairie/camping-tents`);
    await shop.waitForSelector(productCards);
    await panel.waitForSelector('[data-testid="held"]', { timeout: 20_000 });
    expect(await panel.textContent('[data-testid="consent"]')).toContain('required · analytics pending');
    expect(await panel.textContent('[data-testid="held"]')).toContain(
      "held in the page's memory until the shopper consents to analytics",
    );
    await shop.click('[data-demo="consent"] button:has-text("Accept")');
    await panel.waitForFunction(
      () => document.querySelector('[data-testid="consent"]')?.textContent?.includes('analytics granted'),
      undefined,
      { timeout: 20_000 },
    );
    expect(await panel.$('[data-testid="held"]')).toBeNull();
  });
});
