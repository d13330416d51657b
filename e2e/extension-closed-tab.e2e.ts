/**
 * A closed tab's inspector follows its events to their end (Chromium; Firefox's version is in
 * e2e/journeys/extension-firefox.e2e.ts): while the service refuses events, the shopper closes the
 * tab; another tab of the shop delivers them, and the closed tab's view says so, never "live".
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  buildExtensionIfStale,
  launchWithExtension,
  openExtensionPage,
  tabIdOf,
  type ExtensionBrowser,
} from './support/extension.js';
import { analyticsControls, tableRows, waitForRow } from './support/inspector.js';

const baseUrl = inject('baseUrl');
const dlp = `${baseUrl}/maple/womens-running-shoes`;
const controls = analyticsControls(baseUrl);
const CARDS = '[data-aisle="grid"] [data-aisle="product"]';
let browser: ExtensionBrowser;

beforeAll(async () => {
  buildExtensionIfStale();
  await controls.reset();
  browser = await launchWithExtension();
});
afterAll(async () => {
  await controls.clearFaults();
  await browser?.close();
});

describe('the inspector of a closed tab', () => {
  let closing: Page;
  let panel: Page;

  it('shows the tab closed, with its refused events unconfirmed rather than counting down', async () => {
    closing = await browser.context.newPage();
    await closing.goto(dlp);
    await closing.waitForSelector(CARDS);
    const helper = await openExtensionPage(browser, 'popup.html');
    const tabId = await tabIdOf(helper, dlp);
    await helper.close();
    panel = await openExtensionPage(browser, `sidepanel.html?tabId=${tabId}`);
    await waitForRow(panel, '[data-event="navigate:visit_page"][data-state="acknowledged"]');
    await controls.fault({ mode: 'status', status: 503, count: 1000, paths: ['/v3/event', '/v3/batch'] });
    await closing.click('.aisle-dropdown__button');
    await closing.click('[role="option"]:has-text("Low to High")');
    await waitForRow(panel, '[data-event="search:sort"][data-state="retry_scheduled"]');
    await closing.close();
    await panel.waitForSelector('[data-testid="liveness"][data-liveness="closed"]');
    expect(await panel.textContent('[data-testid="liveness"]')).toMatch(/^tab closed at \d/);
    expect(await panel.locator('.live').count()).toBe(0);
    const sort = (await tableRows(panel)).find((r) => r.event === 'search:sort')!;
    expect(sort.state).toBe('unconfirmed');
    expect(sort.text).not.toMatch(/in \d+ s/);
  });

  it('follows another tab of the shop that delivers them', async () => {
    await controls.clearFaults();
    const other = await browser.context.newPage();
    await other.goto(dlp);
    await other.waitForSelector(CARDS);
    await waitForRow(panel, '[data-event="search:sort"][data-shown-state="acknowledged"]');
    const rows = await tableRows(panel);
    // Nothing on the closed tab's view claims to be on its way.
    expect(rows.filter((r) => ['in_flight', 'retry_scheduled', 'queued'].includes(r.state))).toEqual([]);
    expect(rows.map((r) => r.text).join('\n')).not.toMatch(/in \d+ s/);
    expect(await panel.locator('[data-testid="liveness"]').getAttribute('data-liveness')).toBe('closed');
    await other.close();
  });
});
