/**
 * The history of inspected page loads survives a browser restart: Chromium is closed and started
 * again on the same profile, and the panel's History shows the loads of the session before,
 * marked so and never "live", within the cap the banner states; Forget the history empties it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
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
const profile = mkdtempSync(join(tmpdir(), 'aisle-history-'));
let browser: ExtensionBrowser | undefined;

/** The history's index as storage.local holds it (read through an extension page). */
const keptLoads = (page: Page) =>
  page.evaluate(async () => {
    type Local = { get(key: string): Promise<Record<string, { entries?: unknown[] } | undefined>> };
    const local = (globalThis as unknown as { chrome: { storage: { local: Local } } }).chrome.storage.local;
    return (await local.get('aisle:history'))['aisle:history']?.entries?.length ?? 0;
  });

/** The side panel of a tab showing `url` (a new one is opened on it). */
async function panelOn(b: ExtensionBrowser, url: string): Promise<Page> {
  const tab = await b.context.newPage();
  await tab.goto(url);
  const helper = await openExtensionPage(b, 'popup.html');
  const tabId = await tabIdOf(helper, url);
  await helper.close();
  const panel = await openExtensionPage(b, `sidepanel.html?tabId=${tabId}`);
  await panel.setViewportSize({ width: 1280, height: 800 });
  return panel;
}

beforeAll(async () => {
  buildExtensionIfStale();
  await controls.reset();
});
afterAll(async () => {
  await browser?.close();
  rmSync(profile, { recursive: true, force: true });
});

describe('the history of inspected page loads', () => {
  it('comes back after a browser restart, marked as from a previous browser session, never live', async () => {
    browser = await launchWithExtension(profile);
    const panel = await panelOn(browser, dlp);
    await waitForRow(panel, '[data-event="search:display_results"][data-state="acknowledged"]');
    const seen = await panel.locator('[data-testid="event"]').count();
    // The history saves a page load a couple of seconds after its last change.
    await vi.waitFor(async () => expect(await keptLoads(panel)).toBeGreaterThan(0), { timeout: 15_000, interval: 200 });
    await browser.close();

    browser = await launchWithExtension(profile);
    const after = await panelOn(browser, `${baseUrl}/`);
    expect(await keptLoads(after)).toBeGreaterThan(0);
    // The new tab's own buffer starts empty: the earlier loads are only in the history.
    expect(await after.locator('[data-testid="event"]').count()).toBe(0);
    await after.click('button[name="history"]');
    const banner = after.locator('[data-testid="history-banner"]');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(
      /\(1 from a previous browser session\).*at most 100 page loads and 4\.0 MB; the oldest go first/,
    );
    const kept = after.locator('[data-testid="load-kept"]').first();
    expect(await kept.getAttribute('data-previous-session')).toBe('true');
    expect(await kept.textContent()).toContain('from a previous browser session, last saved');
    expect(await after.locator('[data-testid="event"]').count()).toBe(seen);
    await waitForRow(after, '[data-event="search:display_results"][data-state="acknowledged"]');
    expect(await after.locator('[data-testid="liveness"]').count()).toBe(0);
    expect(await axeOnExtensionPage(after, 'main')).toEqual([]);
    await screenshot(after, 'extension-inspector-history');
    await after.setViewportSize({ width: 380, height: 800 });
    await screenshot(after, 'extension-inspector-history-narrow');

    await after.click('button[name="forgetHistory"]');
    await banner.waitFor({ state: 'detached' });
    await after.click('button[name="history"]');
    expect(await banner.textContent()).toContain('0 from a previous browser session');
  });
});
