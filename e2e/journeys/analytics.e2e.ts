/** The analytics outbox delivers to the service, and keeps what it could not send across a reload. */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { storedEvents } from '../support/analytics.js';
import { engines, useEngine, type EnginePage } from '../support/drivers/index.js';
import { analyticsControls } from '../support/inspector.js';
import { openListing, sortBy } from '../support/listing.js';

const baseUrl = inject('baseUrl');
const controls = analyticsControls(baseUrl);

/** The ids of the events the page's analytics session knows (sent or still queued). */
const knownIds = (page: EnginePage) =>
  page.evaluate(() =>
    (
      window as unknown as { Aisle: { debug: { snapshot(): { analytics: { events: Array<{ id: string }> } } } } }
    ).Aisle.debug
      .snapshot()
      .analytics.events.map((e) => e.id),
  );

describe.each(engines)('the analytics outbox (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });
  beforeEach(() => controls.reset());

  it('delivers the visit, the results shown and a sort to the service, once each', async () => {
    const page = await openListing(engine(), baseUrl, '/maple/womens-running-shoes');
    await sortBy(page, 'Low to High', 'price_asc');
    await expect
      .poll(async () => (await storedEvents(baseUrl, 'maple')).map((e) => e.event), { timeout: 20_000 })
      .toContain('search:sort');
    const events = await storedEvents(baseUrl, 'maple');
    expect(events.map((e) => e.event).slice(0, 2)).toEqual(['navigate:visit_page', 'search:display_results']);
    expect(events.find((e) => e.event === 'navigate:visit_page')!.data.page_type).toBe('dlp');
    expect(events.find((e) => e.event === 'search:sort')!.data.metadata).toMatchObject({ sort: 'price_asc' });
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('what the service refused survives a reload and arrives once, in order', async () => {
    await controls.fault({ mode: 'status', status: 503, count: 1000, paths: ['/v3/event', '/v3/batch'] });
    const page = await openListing(engine(), baseUrl, '/northwind/mens-rain-jackets');
    await sortBy(page, 'Low to High', 'price_asc');
    const before = await knownIds(page);
    expect(await storedEvents(baseUrl, 'northwind')).toEqual([]);
    await page.reload();
    await page.waitForSelector('.aisle-mount:not([data-aisle-first-paint]) [data-aisle="grid"] [data-aisle="product"]');
    const tracked = new Set([...before, ...(await knownIds(page))]);
    await controls.clearFaults();
    await expect
      .poll(
        async () => {
          for (const id of await knownIds(page)) tracked.add(id);
          const stored = new Set((await storedEvents(baseUrl, 'northwind')).map((e) => e.id));
          return [...tracked].every((id) => stored.has(id));
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const events = await storedEvents(baseUrl, 'northwind');
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    for (const id of before) expect(events.map((e) => e.id)).toContain(id);
    const seqs = events.map((e) => e.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(events.filter((e) => e.event === 'search:sort').map((e) => e.data.metadata!.sort)).toEqual(['price_asc']);
    await page.close();
  });
});
