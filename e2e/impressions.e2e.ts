import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { storedEvents } from './support/analytics.js';
import { useChromium } from './support/browser.js';
import { APP_CARD, openDlp, searchSettled, waitForListing } from './support/dlp.js';

const baseUrl = inject('baseUrl');
const chromium = useChromium({ beforeAll, afterAll });
const PATH = '/maple/womens-running-shoes';
beforeEach(async () => {
  await fetch(`${baseUrl}/analytics/__control/reset`, { method: 'POST' });
  await fetch(`${baseUrl}/analytics/__control/faults`, { method: 'DELETE' });
});

interface Seen {
  eventId: string;
  view: string;
  list: string;
  resultSet: string;
  productId: string;
  position: number;
  page: number;
}

/** Every card the service holds an impression for, one entry per card per event. */
async function impressions(): Promise<Seen[]> {
  const events = (await storedEvents(baseUrl, 'maple')).filter((e) => e.event === 'ecommerce:product_impressions');
  return events.flatMap((e) => {
    const m = e.data.metadata as {
      listing_view_id: string;
      list_name: string;
      result_set: string;
      products: Array<{ product_id: string; list_position: number; page_number: number }>;
    };
    return m.products.map((p) => ({
      eventId: e.id,
      view: m.listing_view_id,
      list: m.list_name,
      resultSet: m.result_set,
      productId: p.product_id,
      position: p.list_position,
      page: p.page_number,
    }));
  });
}

/** The app's grid cards at least half in the viewport now. */
function cardsInView(page: Page): Promise<string[]> {
  return page.$$eval(APP_CARD, (cards) =>
    cards
      .filter((card) => {
        const r = card.getBoundingClientRect();
        const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
        const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
        return r.width * r.height > 0 && (h * w) / (r.width * r.height) >= 0.5;
      })
      .map((card) => card.getAttribute('data-product-id') ?? ''),
  );
}

/** Waits until the service holds an impression for each of `ids` (a second in view, then the batch). */
async function arrived(ids: string[]): Promise<void> {
  expect(ids.length).toBeGreaterThan(0);
  await expect
    .poll(
      async () => {
        const seen = new Set((await impressions()).map((s) => s.productId));
        return ids.filter((id) => !seen.has(id));
      },
      { timeout: 15_000 },
    )
    .toEqual([]);
}

const frames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

const scrollToCard = (page: Page, index: number) =>
  page.$$eval(
    APP_CARD,
    (cards, i) => window.scrollTo(0, cards[i]!.getBoundingClientRect().top + window.scrollY - 10),
    index,
  );

describe('viewability impressions', () => {
  it('scrolling, appending, filtering, a product and Back: one impression per product seen, none for a card scrolled past', async () => {
    const page = await openDlp(chromium(), baseUrl, PATH);
    await searchSettled(page);
    const views: string[][] = [await cardsInView(page)];
    await arrived(views[0]!);

    // Cards scrolled past in well under a second: in view for a couple of frames only.
    await scrollToCard(page, 12);
    await frames(page);
    const passed = await cardsInView(page);
    // To the end of the first page: the next page is appended below.
    await page.locator('[data-aisle="sentinel"]').scrollIntoViewIfNeeded();
    // In view while the next page loads: maybe a second, maybe not; either way at most once.
    const whileLoading = await cardsInView(page);
    await page.waitForURL(/pageNumber=2/);
    await searchSettled(page);
    await scrollToCard(page, 30);
    views.push(await cardsInView(page));
    await arrived(views.at(-1)!);

    // A filter that keeps some seen products on show.
    await page.click('[data-aisle="filter-button"]:has-text("Brand")');
    await page.locator('[data-filter-key="brand"] input[type="checkbox"]').first().check();
    await searchSettled(page);
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.scrollTo(0, 0));
    await frames(page);
    views.push(await cardsInView(page));
    await arrived(views.at(-1)!);
    const filtered = new Set(
      (await impressions()).filter((s) => s.resultSet.includes('brand')).map((s) => s.productId),
    );

    // To a product and Back: the listing is restored, and what was seen there is not counted again.
    const card = page.locator(APP_CARD).first();
    await card.locator('.aisle-card__link').click();
    await page.waitForURL(/\/maple\/p\//);
    await page.goBack();
    await waitForListing(page);
    await searchSettled(page);
    // The last row seen before leaving stays in view with new cards below it, for as long as the
    // new cards take to arrive: without the listing view kept across Back it would count again.
    const ids = await page.$$eval(APP_CARD, (cards) => cards.map((c) => c.getAttribute('data-product-id') ?? ''));
    await scrollToCard(page, ids.indexOf(views.at(-1)!.at(-1)!));
    const afterBack = await cardsInView(page);
    const before = new Set((await impressions()).map((s) => s.productId));
    expect(afterBack.filter((id) => before.has(id)).length).toBeGreaterThan(0);
    await arrived(afterBack);
    views.push(afterBack);

    const all = await impressions();
    const seen = all.map((s) => `${s.list}|${s.productId}`);
    expect(seen.length, 'each product counted once').toBe(new Set(seen).size);
    expect(new Set(all.map((s) => s.view)).size, 'one listing view, Back included').toBe(1);
    for (const ids of views) expect(all.map((s) => s.productId)).toEqual(expect.arrayContaining(ids));
    const later = new Set([...views.flat(), ...whileLoading]);
    const scrolledPast = passed.filter((id) => !later.has(id));
    expect(scrolledPast.length).toBeGreaterThan(0);
    expect(all.filter((s) => scrolledPast.includes(s.productId))).toEqual([]);
    for (const s of all) expect(s.position).toBeGreaterThanOrEqual(1);
    expect(all.some((s) => s.page === 2)).toBe(true);
    expect(filtered.size).toBeGreaterThan(0);
    // Delivered once: the service holds each event once.
    const events = await storedEvents(baseUrl, 'maple');
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    await page.close();
  });
});
