/**
 * The history of inspected page loads survives a restart of Firefox ESR, as in Chromium
 * (e2e/extension-history.e2e.ts): Firefox is closed and started again on the same profile, the
 * extension installed again (a temporary add-on, whose storage the profile keeps), and the panel's
 * History shows the page load of the session before, marked so and never "live".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { firefoxPage } from '../support/drivers/firefox.js';
import { axeViolationsIn } from '../support/engineAxe.js';
import { engines } from '../support/drivers/index.js';
import { pollUntil } from '../support/drivers/poll.js';
import {
  buildFirefoxExtensionIfStale,
  launchFirefoxWithExtension,
  openExtensionTab,
  tabIdOf,
} from '../support/firefoxExtension.js';
import { analyticsControls } from '../support/inspector.js';

const baseUrl = inject('baseUrl');
const controls = analyticsControls(baseUrl);
const dlp = `${baseUrl}/maple/womens-running-shoes`;
const text = (page: Page, selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);
const count = (page: Page, selector: string) => page.evaluate((s) => document.querySelectorAll(s).length, selector);
const ACKNOWLEDGED = '[data-testid="event"][data-event="search:display_results"][data-state="acknowledged"]';

/** How many page loads the history's index lists (read through an extension page). */
const keptLoads = (page: Page) =>
  page.evaluate(async () => {
    type Local = { get(key: string): Promise<Record<string, { entries?: unknown[] } | undefined>> };
    const local = (globalThis as unknown as { browser: { storage: { local: Local } } }).browser.storage.local;
    return (await local.get('aisle:history'))['aisle:history']?.entries?.length ?? 0;
  });

/** The side panel (opened as a tab) of a new tab showing `url`. */
async function panelOn(browser: Browser, url: string): Promise<Page> {
  const tab = await browser.newPage();
  await tab.goto(url);
  const helper = await openExtensionTab(browser, 'popup.html');
  const tabId = await tabIdOf(helper, url);
  await helper.close();
  const panel = await openExtensionTab(browser, `sidepanel.html?tabId=${tabId}`);
  await panel.setViewport({ width: 1280, height: 800 });
  return panel;
}

describe.skipIf(!engines.includes('firefox'))('the history of inspected page loads in Firefox ESR', () => {
  const profile = mkdtempSync(join(tmpdir(), 'aisle-firefox-history-'));
  let browser: Browser | undefined;

  beforeAll(async () => {
    buildFirefoxExtensionIfStale();
    await controls.reset();
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('comes back after Firefox restarts, marked as from a previous browser session, never live', async () => {
    browser = await launchFirefoxWithExtension(profile);
    const panel = await panelOn(browser, dlp);
    await pollUntil(async () => (await count(panel, ACKNOWLEDGED)) > 0, 30_000, 'the acknowledged rows');
    const seen = await count(panel, '[data-testid="event"]');
    // The history saves a page load a couple of seconds after its last change.
    await pollUntil(async () => (await keptLoads(panel)) > 0, 15_000, 'the history to be saved');
    await browser.close();

    browser = await launchFirefoxWithExtension(profile);
    const after = await panelOn(browser, `${baseUrl}/`);
    expect(await count(after, '[data-testid="event"]')).toBe(0);
    await after.click('button[name="history"]');
    await pollUntil(async () => (await count(after, '[data-testid="history-banner"]')) > 0, 10_000, 'the history');
    expect(await text(after, '[data-testid="history-banner"]')).toContain('(1 from a previous browser session)');
    expect(await text(after, '[data-testid="load-kept"]')).toContain('from a previous browser session, last saved');
    expect(await count(after, '[data-testid="event"]')).toBe(seen);
    expect(await count(after, ACKNOWLEDGED)).toBeGreaterThan(0);
    expect(await count(after, '[data-testid="liveness"]')).toBe(0);
    expect(await axeViolationsIn(firefoxPage(after), '.inspector')).toEqual([]);
  });
});
