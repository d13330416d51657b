/**
 * The inspector legible at real sizes in Firefox ESR (Chromium's version:
 * e2e/extension-legibility.e2e.ts): 8-digit sequence numbers fit their column in a narrow and a
 * wide panel, and the health line says the worst unresolved state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { screenshotPath } from '../support/drivers/artifacts.js';
import { engines } from '../support/drivers/index.js';
import { pollUntil } from '../support/drivers/poll.js';
import {
  buildFirefoxExtensionIfStale,
  launchFirefoxWithExtension,
  openExtensionTab,
} from '../support/firefoxExtension.js';
import { feedLongSequences, overlappingSequences } from '../support/legibility.js';

describe.skipIf(!engines.includes('firefox'))('the inspector at real sizes in Firefox ESR', () => {
  let browser: Browser;
  let feeder: Page;
  let panel: Page;
  const health = () => panel.evaluate(() => document.querySelector('[data-testid="health"]')?.textContent ?? '');

  beforeAll(async () => {
    buildFirefoxExtensionIfStale();
    browser = await launchFirefoxWithExtension();
    feeder = await openExtensionTab(browser, 'popup.html');
    const tabId = await feeder.evaluate(feedLongSequences);
    panel = await openExtensionTab(browser, `sidepanel.html?tabId=${tabId}`);
    await panel.bringToFront();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it.each([
    ['narrow', 360, 700],
    ['wide', 1280, 800],
  ])('fits 8-digit sequence numbers in the %s panel', async (name, width, height) => {
    await panel.setViewport({ width, height });
    await pollUntil(
      () => panel.evaluate(() => document.querySelectorAll('[data-testid="event"]').length === 12),
      20_000,
      'the 12 rows',
    );
    expect(await panel.evaluate(overlappingSequences)).toEqual([]);
    await panel.screenshot({ path: screenshotPath('firefox', `extension-inspector-seq-${name}`) });
  });

  it('says the worst unresolved state: retrying, then unconfirmed once the tab is gone', async () => {
    await pollUntil(async () => (await health()).includes('503'), 20_000, 'the health line');
    expect(await health()).toContain('Delivery is retrying: the analytics service answers HTTP 503');
    await feeder.close();
    await pollUntil(
      () => panel.evaluate(() => document.querySelector('[data-liveness="closed"]') !== null),
      20_000,
      'the view to say the tab closed',
    );
    expect(await health()).toMatch(/^4 events are unconfirmed since \d.*, the last answer HTTP 503/);
    await panel.screenshot({ path: screenshotPath('firefox', 'extension-inspector-closed-wide') });
  });
});
