import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { storedEvents } from './support/analytics.js';
import { useChromium } from './support/browser.js';
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

/**
 * The origin's localStorage as it behaves when full: a write that would grow what is stored (a new key,
 * a longer value) is refused with the browser's QuotaExceededError; one that shrinks it goes through.
 */
function fullStorage(): void {
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
    const old = this.getItem(key);
    if (old === null || String(value).length > old.length)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    setItem.call(this, key, value);
  };
}

async function sortBy(page: Page, text: string): Promise<void> {
  await page.click('.aisle-dropdown__button');
  await page.click(`[role="option"]:has-text("${text}")`);
  await searchSettled(page);
}

describe('chaos: localStorage full, two tabs of one shop', () => {
  it('says storage refused, numbers events uniquely, delivers them all when the tabs go away, and claims no write it did not make', async () => {
    const context = await chromium().newContext();
    await context.addInitScript(recordDebug);
    await context.addInitScript(fullStorage);
    const first = await context.newPage();
    await first.goto(`${baseUrl}${LISTING}`);
    await waitForListing(first);
    const second = await context.newPage();
    await second.goto(`${baseUrl}${LISTING}?sort=price_desc`);
    await waitForListing(second);
    // Both tabs act in turns, as a shopper comparing two tabs would.
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
    for (const page of [first, second]) {
      const debug = await debugOf(page);
      queued.push(...debug.filter((d) => d.source === 'analytics' && d.phase === 'queued'));
      expect(debug.some((d) => d.source === 'analytics' && d.phase === 'storage_refused')).toBe(true);
      const { analytics } = await snapshotOf(page);
      expect(analytics.storage).toBe('refused');
      expect(analytics.unpersisted).toBeGreaterThan(0);
      tracked.push(...analytics.events.map((e) => e.id));
    }
    // Leaving: what only the tabs' memory holds goes out with the pages (keepalive).
    await second.close({ runBeforeUnload: true });
    await first.close({ runBeforeUnload: true });

    await expect
      .poll(async () => new Set((await storedEvents(baseUrl, SHOP)).map((e) => e.id)).size, { timeout: 20_000 })
      .toBeGreaterThanOrEqual(new Set(tracked).size);
    const stored = await storedEvents(baseUrl, SHOP);
    const ids = stored.map((e) => e.id);
    for (const id of new Set(tracked))
      expect(
        ids.filter((x) => x === id),
        `event ${id}`,
      ).toHaveLength(1);
    // No claim of a write that was not made: every event said to be stored reached the service.
    for (const event of queued.filter((d) => d.persisted)) expect(ids).toContain(event.id);
    // Unique sequence numbers, across the tabs and the reload.
    expect(new Set(stored.map((e) => e.seq)).size).toBe(stored.length);
    expect(stored.filter((e) => e.event === 'navigate:visit_page')).toHaveLength(3);
    await context.close();
  });
});
