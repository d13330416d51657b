/** Shoppers' privacy: no personal data leaves the page in an event. */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { storedEvents } from '../support/analytics.js';
import { engines, useEngine } from '../support/drivers/index.js';
import { analyticsControls } from '../support/inspector.js';
import { openListing } from '../support/listing.js';

const baseUrl = inject('baseUrl');
const controls = analyticsControls(baseUrl);

describe.each(engines)('shoppers’ privacy (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });
  beforeEach(() => controls.reset());

  it('an e-mail address in the page’s address never reaches the service, nor the device’s outbox', async () => {
    const path =
      '/maple/womens-running-shoes?email=ann.smith%40example.com&sort=price_asc&utm_source=news#tel=514-555-0199';
    const page = await openListing(engine(), baseUrl, path);
    await expect
      .poll(async () => (await storedEvents(baseUrl, 'maple')).map((e) => e.event), { timeout: 20_000 })
      .toContain('search:display_results');
    const events = await storedEvents(baseUrl, 'maple');
    const visit = events.find((e) => e.event === 'navigate:visit_page')!;
    expect(visit.url).toMatch(/\/maple\/womens-running-shoes\?sort=price_asc&utm_source=news$/);
    // What the page itself built and kept: the service's own pass is not what makes this hold.
    const onPage = await page.evaluate(() => ({
      stored: Object.keys(localStorage).map((key) => localStorage.getItem(key)),
      events: (window as unknown as { Aisle: { debug: { snapshot(): { analytics: unknown } } } }).Aisle.debug.snapshot()
        .analytics,
    }));
    for (const text of [JSON.stringify(events), JSON.stringify(onPage)]) {
      expect(text).not.toMatch(/ann\.smith|ann\.smith%40|555-0199/);
    }
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});
