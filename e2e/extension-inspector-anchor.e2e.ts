import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedInspector } from '../bench/inspector.js';
import {
  buildExtensionIfStale,
  launchWithExtension,
  openExtensionPage,
  type ExtensionBrowser,
} from './support/extension.js';

let browser: ExtensionBrowser;

beforeAll(async () => {
  buildExtensionIfStale();
  browser = await launchWithExtension();
});
afterAll(async () => {
  await browser?.close();
});

describe('the inspector’s rows in view inside a full page load', () => {
  it('stay where they are as the load’s oldest event goes for each new one', async () => {
    // Two page loads of 500 events (the most a load keeps), 5 more a second arriving in the newest,
    // which is drawn first: each arrival removes a row above the view and adds one below it.
    const feeder = await openExtensionPage(browser, 'popup.html');
    await feeder.evaluate('globalThis.__name = (f) => f');
    const tabId = await feeder.evaluate(feedInspector, { loads: 2, perLoad: 500, perSecond: 5 });
    const side = await openExtensionPage(browser, `sidepanel.html?tabId=${tabId}`);
    await side.setViewportSize({ width: 420, height: 820 });
    // The column heads, 2 page load headings and 1,000 events.
    await side.waitForFunction(
      () => Number(document.querySelector('[data-testid="events"]')?.getAttribute('aria-rowcount')) >= 1003,
    );
    // About 200 rows into the newest load.
    await side.evaluate(() => void (document.querySelector('.list')!.scrollTop = 200 * 22));
    const rowInView = (id?: string) =>
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
    await side.waitForFunction(() => {
      const pane = document.querySelector('.list')!.getBoundingClientRect();
      return [...document.querySelectorAll('[data-testid="event"]')].some(
        (r) => Number(r.getAttribute('aria-rowindex')) > 150 && r.getBoundingClientRect().top > pane.top,
      );
    });
    const before = (await rowInView())!;
    expect(before.rowIndex).toBeGreaterThan(150);
    // Five events arrived: five rows above it went, so it is five rows higher in the table…
    await side.waitForFunction(
      ({ id, rowIndex }) =>
        Number(document.querySelector(`[data-id="${id}"]`)?.getAttribute('aria-rowindex')) <= rowIndex - 5,
      before,
      { timeout: 10_000 },
    );
    // …and still where it was on the screen.
    expect(await rowInView(before.id)).toMatchObject({ id: before.id, top: before.top });
    await side.close();
    await feeder.close();
  });
});
