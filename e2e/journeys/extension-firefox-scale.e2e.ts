/**
 * The inspector at scale in Firefox ESR, as Chromium runs it in e2e/inspector.e2e.ts and
 * e2e/extension-inspector-anchor.e2e.ts: 10,000 events in the side panel, and the rows in view
 * staying put while a full page load turns over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { feedInspector, type FeedOptions } from '../../bench/inspector.js';
import { engines } from '../support/drivers/index.js';
import { pollUntil } from '../support/drivers/poll.js';
import {
  buildFirefoxExtensionIfStale,
  launchFirefoxWithExtension,
  openExtensionTab,
} from '../support/firefoxExtension.js';

describe.skipIf(!engines.includes('firefox'))('the inspector at scale in Firefox ESR', () => {
  let browser: Browser;

  /** An extension tab that reports `options`' page loads as Aisle's bridge would (bench/inspector.ts). */
  async function feed(options: FeedOptions): Promise<{ feeder: Page; tabId: number }> {
    const feeder = await openExtensionTab(browser, 'popup.html');
    await feeder.evaluate(() => {
      const scope = globalThis as unknown as { __name: unknown; chrome: unknown; browser: unknown };
      scope.__name = (f: unknown) => f;
      // The feeder speaks the promise API, which Firefox offers as `browser`.
      Object.defineProperty(globalThis, 'chrome', { value: scope.browser, configurable: true });
    });
    return { feeder, tabId: await feeder.evaluate(feedInspector, options) };
  }

  beforeAll(async () => {
    buildFirefoxExtensionIfStale();
    browser = await launchFirefoxWithExtension();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('draws only the rows in view of 10,000 events; the keys reach the last row and the first', async () => {
    const { feeder, tabId: feedTab } = await feed({ loads: 20, perLoad: 500, perSecond: 0 });
    const side = await openExtensionTab(browser, `sidepanel.html?tabId=${feedTab}`);
    await side.setViewport({ width: 420, height: 820 });
    await side.bringToFront();
    await pollUntil(
      () =>
        side.evaluate(
          () => Number(document.querySelector('[data-testid="events"]')?.getAttribute('aria-rowcount')) >= 10_021,
        ),
      60_000,
      '10,000 rows',
    );
    expect(await side.evaluate(() => document.querySelectorAll('[data-testid="events"] tbody tr').length)).toBeLessThan(
      100,
    );
    const focused = () =>
      side.evaluate(() => {
        const row = document.activeElement as HTMLElement;
        const pane = document.querySelector('.list')!.getBoundingClientRect();
        const box = row.getBoundingClientRect();
        return { id: row.dataset.id, inView: box.top >= pane.top - 1 && box.bottom <= pane.bottom + 1 };
      });
    await side.focus('[data-testid="events"]');
    await side.keyboard.press('End');
    await pollUntil(
      async () => (await focused()).id === `00000000-0000-4000-8000-${'500'.padStart(12, '0')}`,
      10_000,
      'End',
    );
    expect((await focused()).inView).toBe(true);
    await side.keyboard.press('Home');
    await pollUntil(
      async () => (await focused()).id === `00000000-0000-4000-8000-${'9501'.padStart(12, '0')}`,
      10_000,
      'Home',
    );
    expect((await focused()).inView).toBe(true);
    await side.close();
    await feeder.close();
  });

  it('keeps the rows in view where they are as a full page load’s oldest event goes for each new one', async () => {
    // Two page loads of 500 events (the most a load keeps), events arriving in the newest, drawn
    // first: each arrival removes a row above the view and adds one below it.
    const { feeder, tabId: feedTab } = await feed({ loads: 2, perLoad: 500, perSecond: 5 });
    const side = await openExtensionTab(browser, `sidepanel.html?tabId=${feedTab}`);
    await side.setViewport({ width: 420, height: 820 });
    await side.bringToFront();
    await pollUntil(
      () =>
        side.evaluate(
          () => Number(document.querySelector('[data-testid="events"]')?.getAttribute('aria-rowcount')) >= 1003,
        ),
      30_000,
      '1,000 rows',
    );
    await side.evaluate(() => void (document.querySelector('.list')!.scrollTop = 200 * 22));
    const rowInView = (id: string | null) =>
      side.evaluate((wanted) => {
        const pane = document.querySelector('.list')!.getBoundingClientRect();
        const heads = document.querySelector('.events thead')!.getBoundingClientRect();
        const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="event"]')];
        const row = wanted
          ? rows.find((r) => r.dataset.id === wanted)
          : rows.find((r) => r.getBoundingClientRect().top >= heads.bottom);
        if (!row) return null;
        return {
          id: row.dataset.id!,
          top: Math.round(row.getBoundingClientRect().top - pane.top),
          rowIndex: Number(row.getAttribute('aria-rowindex')),
        };
      }, id);
    let before: Awaited<ReturnType<typeof rowInView>> = null;
    await pollUntil(async () => ((before = await rowInView(null))?.rowIndex ?? 0) > 150, 10_000, 'a row 150 down');
    const seen = before!;
    await pollUntil(
      async () => ((await rowInView(seen.id))?.rowIndex ?? Infinity) <= seen.rowIndex - 5,
      20_000,
      'five arrivals',
    );
    expect(await rowInView(seen.id)).toMatchObject({ id: seen.id, top: seen.top });
    await side.close();
    await feeder.close();
  });
});
