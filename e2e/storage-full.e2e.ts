import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { storedEvents } from './support/analytics.js';
import { useChromium } from './support/browser.js';
import { fullStorage } from './support/holds.js';
import { searchSettled, waitForListing } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });
const SHOP = 'maple';
const LISTING = '/maple/womens-running-shoes';
beforeEach(async () => {
  await fetch(`${baseUrl}/analytics/__control/reset`, { method: 'POST' });
  await fetch(`${baseUrl}/analytics/__control/faults`, { method: 'DELETE' });
});

type Debug = { source: string; phase: string; id?: string; seq?: number; persisted?: boolean };
type Snapshot = { analytics: { unpersisted: number; storage?: string; events: Array<{ id: string; seq: number }> } };

/** Every `aisle:debug` event of a page, kept from its first script on. */
function recordDebug(): void {
  const w = window as unknown as { __debug: unknown[] };
  w.__debug = [];
  addEventListener('aisle:debug', (event) => w.__debug.push((event as CustomEvent).detail));
}
const debugOf = (page: Page) => page.evaluate(() => (window as unknown as { __debug: Debug[] }).__debug);
const snapshotOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { Aisle: { debug: { snapshot(): Snapshot } } }).Aisle.debug.snapshot());

/** Fills the origin's real localStorage until it refuses even one more character. */
async function fillStorage(page: Page): Promise<void> {
  await page.evaluate(() => {
    let size = 1 << 20;
    for (let n = 0; size >= 1; n++) {
      try {
        localStorage.setItem(`filler-${n}`, 'x'.repeat(size));
      } catch {
        size = Math.floor(size / 2);
      }
    }
  });
}

async function sortBy(page: Page, text: string): Promise<void> {
  await page.click('.aisle-dropdown__button');
  await page.click(`[role="option"]:has-text("${text}")`);
  await searchSettled(page);
}

/**
 * Two tabs of one shop take turns (and the first reloads), then both close. Returns what the tabs
 * said: the `queued` debug events, the ids their snapshots track, which tabs heard storage refuse and
 * what their snapshots say of storage.
 */
async function twoTabs(context: BrowserContext, prepare: (page: Page) => Promise<void>) {
  const first = await context.newPage();
  await first.goto(`${baseUrl}${LISTING}`);
  await waitForListing(first);
  await prepare(first);
  const second = await context.newPage();
  await second.goto(`${baseUrl}${LISTING}?sort=price_desc`);
  await waitForListing(second);
  for (const [page, sort] of [
    [first, 'Low to High'],
    [second, 'Low to High'],
    [first, 'High to Low'],
    [second, 'Top Rated'],
  ] as const)
    await sortBy(page, sort);
  await first.reload();
  await waitForListing(first);
  await sortBy(first, 'Low to High');

  const queued: Debug[] = [];
  const tracked: string[] = [];
  const refused: boolean[] = [];
  const storage: Array<string | undefined> = [];
  for (const page of [first, second]) {
    const debug = await debugOf(page);
    queued.push(...debug.filter((d) => d.source === 'analytics' && d.phase === 'queued'));
    const { analytics } = await snapshotOf(page);
    refused.push(debug.some((d) => d.source === 'analytics' && d.phase === 'storage_refused'));
    if (refused.at(-1)) expect(analytics.unpersisted).toBeGreaterThan(0);
    storage.push(analytics.storage);
    tracked.push(...analytics.events.map((e) => e.id));
  }
  // Leaving: what only the tabs' memory holds goes out with the pages (keepalive).
  await second.close({ runBeforeUnload: true });
  await first.close({ runBeforeUnload: true });
  return { queued, tracked: [...new Set(tracked)], refused, storage };
}

/** Every tracked event stored once, every event said to be stored among them, unique numbers, three visits. */
async function expectDeliveredOnce(run: { queued: Debug[]; tracked: string[] }): Promise<void> {
  await expect
    .poll(async () => new Set((await storedEvents(baseUrl, SHOP)).map((e) => e.id)).size, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(run.tracked.length);
  const stored = await storedEvents(baseUrl, SHOP);
  const ids = stored.map((e) => e.id);
  for (const id of run.tracked)
    expect(
      ids.filter((x) => x === id),
      `event ${id}`,
    ).toHaveLength(1);
  // No claim of a write that was not made: every event said to be stored reached the service.
  for (const event of run.queued.filter((d) => d.persisted)) expect(ids).toContain(event.id);
  // Unique sequence numbers, across the tabs and the reload.
  expect(new Set(stored.map((e) => e.seq)).size).toBe(stored.length);
  expect(stored.filter((e) => e.event === 'navigate:visit_page')).toHaveLength(3);
}

describe('chaos: localStorage full, two tabs of one shop', () => {
  it('full from the start: says storage refused, numbers events uniquely and delivers them all once the tabs close', async () => {
    const context = await chromium().newContext();
    await context.addInitScript(recordDebug);
    await context.addInitScript(fullStorage);
    const run = await twoTabs(context, async () => undefined);
    expect(run.refused).toEqual([true, true]);
    expect(run.storage).toEqual(['refused', 'refused']);
    await expectDeliveredOnce(run);
    await context.close();
  });

  it('filled to its quota while a tab is open: whatever was stored or not, nothing is lost or numbered twice', async () => {
    const context = await chromium().newContext();
    await context.addInitScript(recordDebug);
    const run = await twoTabs(context, fillStorage);
    expect(run.refused).toContain(true);
    await expectDeliveredOnce(run);
    await context.close();
  });
});
