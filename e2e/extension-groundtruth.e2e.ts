import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEV_ANALYTICS_ADMIN_KEY } from '../server/analytics/keys.js';
import { screenshot } from './support/dlp.js';
import {
  buildExtensionIfStale,
  launchWithExtension,
  openExtensionPage,
  tabIdOf,
  type ExtensionBrowser,
} from './support/extension.js';
import { analyticsControls, axeOnExtensionPage, waitForRow } from './support/inspector.js';

const baseUrl = inject('baseUrl');
const dlp = `${baseUrl}/maple/womens-running-shoes`;
const controls = analyticsControls(baseUrl);
let browser: ExtensionBrowser;
let shop: Page;
let panel: Page;

beforeAll(async () => {
  buildExtensionIfStale();
  await controls.reset();
  browser = await launchWithExtension();
  shop = await browser.context.newPage();
  await shop.goto(dlp);
  await shop.waitForSelector('[data-aisle="grid"] [data-aisle="product"]');
  const helper = await openExtensionPage(browser, 'popup.html');
  const tabId = await tabIdOf(helper, dlp);
  await helper.close();
  panel = await openExtensionPage(browser, `sidepanel.html?tabId=${tabId}`);
  await panel.setViewportSize({ width: 1280, height: 800 });
});
afterAll(async () => {
  await browser?.close();
});

async function compare(key: string): Promise<void> {
  await panel.fill('input[name="analyticsHost"]', `${baseUrl}/analytics`);
  await panel.fill('input[name="readKey"]', key);
  await panel.click('.truth-form button:has-text("Save")');
  await panel.click('button[name="compare"]');
}

describe('ground truth for support staff', () => {
  it('compares the panel with what the service stored for the visitor, with the admin key', async () => {
    await waitForRow(panel, '[data-event="navigate:visit_page"][data-state="acknowledged"]');
    await waitForRow(panel, '[data-event="search:display_results"][data-state="acknowledged"]');
    await panel.click('[data-testid="truth"] > summary');
    await compare(DEV_ANALYTICS_ADMIN_KEY);
    await panel.waitForSelector('[data-testid="truth-result"]');
    const count = (id: string) => panel.textContent(`[data-testid="${id}"] summary strong`);
    expect(Number(await count('truth-agreeing'))).toBeGreaterThanOrEqual(2);
    // Every acknowledged row of the panel is stored; nothing stored is missing from the panel.
    expect(await panel.textContent('[data-testid="truth-only-panel"]')).not.toContain('acknowledged');
    expect(await count('truth-only-service')).toBe('0');
    // The key is never shown back in full.
    expect(await panel.content()).not.toContain(DEV_ANALYTICS_ADMIN_KEY);
    expect(await panel.getAttribute('input[name="readKey"]', 'placeholder')).toBe(
      `saved: ••••${DEV_ANALYTICS_ADMIN_KEY.slice(-4)}`,
    );
    await screenshot(panel, 'extension-inspector-ground-truth');
  });

  it('follows one visitor live, as the service stores their events', async () => {
    await panel.click('[data-testid="live"] > summary');
    await panel.click('button[name="liveUseTab"]');
    expect(await panel.inputValue('input[name="liveShop"]')).toBe('maple');
    await panel.click('button[name="liveFollow"]');
    await panel.waitForSelector('[data-testid="live-event"][data-event="navigate:visit_page"]');
    // A new event of the shopper reaches the service, and the live view, without a click here.
    await shop.click('.aisle-dropdown__button');
    await shop.click('[role="option"]:has-text("Low to High")');
    await panel.waitForSelector('[data-testid="live-event"][data-event="search:sort"]', { timeout: 20_000 });
    expect(await panel.textContent('[data-testid="live-status"]')).toMatch(/● following · \d+ events stored/);
    await panel.click('button[name="liveStop"]');
    await screenshot(panel, 'extension-inspector-live');
  });

  it("follows the visitor a pasted token names, and the one the page's code names", async () => {
    // What the shopper's device holds: the token the SDK keeps, and the debug snapshot's code.
    const token = await shop.evaluate(() => localStorage.getItem('analytics-token'));
    const { visitorId, visitorCode } = (
      await shop.evaluate(() =>
        (
          window as unknown as { Aisle: { debug: { snapshot(): { analytics: Record<string, string> } } } }
        ).Aisle.debug.snapshot(),
      )
    ).analytics;
    expect(token).toMatch(/^ey/);
    expect(visitorCode).toMatch(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/);
    const events = '[data-testid="live-event"][data-event="search:sort"]';
    // The panel of the shopper's own tab shows the same code (a support agent can check one read out).
    expect(await panel.textContent('[data-testid="visitor-code"]')).toBe(`Code: ${visitorCode}`);

    await panel.fill('input[name="liveShop"]', '');
    await panel.fill('input[name="liveVisitor"]', '');
    await panel.fill('input[name="liveToken"]', 'nonsense');
    await panel.click('button[name="liveFollowToken"]');
    expect(await panel.textContent('[data-testid="live-error"]')).toContain('this is not a visitor token');
    await panel.fill('input[name="liveToken"]', token!);
    await panel.click('button[name="liveFollowToken"]');
    await panel.waitForSelector(events);
    expect(await panel.inputValue('input[name="liveVisitor"]')).toBe(visitorId);
    expect(await panel.inputValue('input[name="liveShop"]')).toBe('maple');
    expect(await panel.inputValue('input[name="liveToken"]')).toBe('');
    expect(await panel.textContent('[data-testid="live-status"]')).toContain('found by token subject');
    expect(await panel.content()).not.toContain(token!.split('.')[1]);
    await panel.click('button[name="liveStop"]');

    await panel.fill('input[name="liveVisitor"]', '');
    await panel.fill('input[name="liveCode"]', visitorCode!.toLowerCase().replace('-', ' '));
    await panel.press('input[name="liveCode"]', 'Enter');
    await panel.waitForSelector('[data-testid="live-status"]:has-text("found by code")');
    expect(await panel.inputValue('input[name="liveVisitor"]')).toBe(visitorId);
    expect(await panel.textContent('[data-testid="live-status"]')).toContain(`found by code ${visitorCode}`);
    await panel.waitForSelector(events);
    await panel.click('button[name="liveStop"]');
    expect(await axeOnExtensionPage(panel, '[data-testid="live"]')).toEqual([]);
    await screenshot(panel, 'extension-inspector-live-lookup');
    await panel.setViewportSize({ width: 380, height: 800 });
    await screenshot(panel, 'extension-inspector-live-lookup-narrow');
    await panel.setViewportSize({ width: 1280, height: 800 });
  });

  it('says in words when the service refuses the key', async () => {
    await compare('not-a-key');
    await panel.waitForSelector('[data-testid="truth-error"]');
    expect(await panel.textContent('[data-testid="truth-error"]')).toContain('refused the key (HTTP 401)');
  });
});
