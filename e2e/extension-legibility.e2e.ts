/**
 * The inspector legible at real sizes (Chromium; Firefox's version:
 * e2e/journeys/extension-firefox-legibility.e2e.ts): 8-digit sequence numbers fit their column in
 * the narrow side panel and a wide panel, and the health line says the worst unresolved state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/dlp.js';
import {
  buildExtensionIfStale,
  launchWithExtension,
  openExtensionPage,
  type ExtensionBrowser,
} from './support/extension.js';
import { feedLongSequences, overlappingSequences } from './support/legibility.js';

let browser: ExtensionBrowser;
let feeder: Page;
let panel: Page;

beforeAll(async () => {
  buildExtensionIfStale();
  browser = await launchWithExtension();
  feeder = await openExtensionPage(browser, 'popup.html');
  const tabId = await feeder.evaluate(feedLongSequences);
  panel = await openExtensionPage(browser, `sidepanel.html?tabId=${tabId}`);
});
afterAll(async () => {
  await browser?.close();
});

describe('the inspector at real sizes', () => {
  it.each([
    ['narrow', 360, 700],
    ['wide', 1280, 800],
  ])('fits 8-digit sequence numbers in the %s panel', async (name, width, height) => {
    await panel.setViewportSize({ width, height });
    await panel.waitForFunction(() => document.querySelectorAll('[data-testid="event"]').length === 12);
    expect(await panel.evaluate(overlappingSequences)).toEqual([]);
    await screenshot(panel, `chromium-extension-inspector-seq-${name}`);
  });

  it('says the worst unresolved state: retrying, then unconfirmed once the tab is gone', async () => {
    await panel.waitForFunction(() => document.querySelector('[data-testid="health"]')?.textContent?.includes('503'));
    expect(await panel.textContent('[data-testid="health"]')).toContain(
      'Delivery is retrying: the analytics service answers HTTP 503',
    );
    await feeder.close();
    await panel.waitForSelector('[data-testid="liveness"][data-liveness="closed"]');
    expect(await panel.textContent('[data-testid="health"]')).toMatch(
      /^4 events are unconfirmed since \d.*, the last answer HTTP 503/,
    );
    await screenshot(panel, 'chromium-extension-inspector-closed-wide');
  });
});
