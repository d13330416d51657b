/**
 * Shoppers' privacy: no personal data leaves the page in an event; where the tenant requires
 * consent nothing is stored or sent before it (Prairie requires it in Canada), the page's events
 * are sent once when it comes, a withdrawal empties the device; Global Privacy Control turns the
 * third parties off.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { receivedBy, storedEvents } from '../support/analytics.js';
import { engines, useEngine, type EnginePage } from '../support/drivers/index.js';
import { analyticsControls } from '../support/inspector.js';
import { openListing, sortBy } from '../support/listing.js';

const baseUrl = inject('baseUrl');
const controls = analyticsControls(baseUrl);
const THIRD_PARTIES = ['sentry', 'plausible', 'growthbook'] as const;
const CONSENT_LISTING = '/prairie/camping-tents';
const PAINT_LISTING = '/summit/running-shorts';
const PAINT_CARD = '[data-aisle-first-paint] [data-aisle="grid"] [data-aisle="product"]';

/** What the page holds on the device and asked of the analytics service and the third parties. */
const deviceAndRequests = (page: EnginePage) =>
  page.evaluate(() => ({
    stored: localStorage.length + sessionStorage.length,
    requests: performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\/(analytics|integrations)\//.test(name)),
  }));

/** Waits until the page has been idle once: integrations start at that moment. */
const idle = (page: EnginePage) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        'requestIdleCallback' in window ? requestIdleCallback(() => resolve()) : setTimeout(resolve, 250),
      ),
  );

type Snapshot = { analytics: { held: number }; consent: Record<string, unknown> | null };
const snapshot = (page: EnginePage) =>
  page.evaluate(() => (window as unknown as { Aisle: { debug: { snapshot(): Snapshot } } }).Aisle.debug.snapshot());

const counts = (events: Array<{ event: string }>) =>
  events.reduce<Record<string, number>>((all, e) => ({ ...all, [e.event]: (all[e.event] ?? 0) + 1 }), {});

describe.each(engines)('shoppers’ privacy (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });
  beforeEach(async () => {
    await controls.reset();
    for (const stand of THIRD_PARTIES) await fetch(`${baseUrl}/integrations/${stand}/received`, { method: 'DELETE' });
  });

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

  it('before consent, where the tenant requires it, shopping stores nothing and sends nothing', async () => {
    const page = await openListing(engine(), baseUrl, CONSENT_LISTING);
    await sortBy(page, 'Low to High', 'price_asc');
    await idle(page);
    expect(await deviceAndRequests(page)).toEqual({ stored: 0, requests: [] });
    for (const stand of THIRD_PARTIES) expect(await receivedBy(baseUrl, stand), stand).toBe(0);
    expect(await storedEvents(baseUrl, 'prairie')).toEqual([]);
    const shown = await snapshot(page);
    expect(shown.consent).toMatchObject({ mode: 'required', analytics: 'pending', clicks: 'pending' });
    expect(shown.analytics.held).toBeGreaterThanOrEqual(3);
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('consent given during the page sends that page view’s events, once each', async () => {
    const page = await openListing(engine(), baseUrl, CONSENT_LISTING);
    await sortBy(page, 'Low to High', 'price_asc');
    // Not a scrolled, trusted click: see the withdrawal test below.
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-consent="accept"]')!.click());
    await expect
      .poll(async () => counts(await storedEvents(baseUrl, 'prairie')), { timeout: 20_000 })
      // The first results and those the sort brought.
      .toMatchObject({ 'navigate:visit_page': 1, 'search:display_results': 2, 'search:sort': 1 });
    const events = await storedEvents(baseUrl, 'prairie');
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const seqs = events.map((e) => e.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect((await snapshot(page)).consent).toMatchObject({ analytics: 'granted' });
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('a withdrawal empties the device’s storage and stops tracking', async () => {
    const page = await openListing(engine(), baseUrl, CONSENT_LISTING);
    // The banner sits at the end of an infinite listing: scrolled to, it can move as the next page
    // is appended, and a trusted click may land where it was. What is tested here is the withdrawal.
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('[data-consent="accept"]')!.click());
    await page.waitFor(
      () =>
        (
          window as unknown as { Aisle: { debug: { snapshot(): { consent: { analytics?: string } | null } } } }
        ).Aisle.debug.snapshot().consent?.analytics === 'granted',
      undefined,
      { what: 'the consent banner’s Accept reached Aisle' },
    );
    await expect
      .poll(async () => (await storedEvents(baseUrl, 'prairie')).map((e) => e.event), { timeout: 20_000 })
      .toContain('search:display_results');
    await page.waitFor(() => localStorage.length > 0, undefined, { what: 'the visitor id and token stored' });
    await page.evaluate(() =>
      (window as unknown as { Aisle: { consent(c: object): void } }).Aisle.consent({ analytics: false }),
    );
    expect((await deviceAndRequests(page)).stored).toBe(0);
    await sortBy(page, 'Low to High', 'price_asc');
    expect((await deviceAndRequests(page)).stored).toBe(0);
    expect(counts(await storedEvents(baseUrl, 'prairie'))['search:sort']).toBeUndefined();
    expect(await page.errors()).toEqual([]);
    await page.close();
  });

  it('a first-paint click with storage full reaches the service exactly once, with the page’s visit', async () => {
    const page = await engine().newPage({ width: 375, height: 800 });
    await page.goto(`${baseUrl}/health`);
    // Not goto: the held app keeps the page from ever finishing its load.
    await page.evaluate(
      (url) => void setTimeout(() => location.assign(url), 0),
      `${baseUrl}${PAINT_LISTING}?hold-app=1`,
    );
    await page.waitForSelector(PAINT_CARD, 30_000);
    await page.evaluate(() => {
      for (let size = 1 << 20, n = 0; size >= 1; n++) {
        try {
          localStorage.setItem(`filler-${n}`, 'x'.repeat(size));
        } catch {
          size = Math.floor(size / 2);
        }
      }
    });
    const product = await page.evaluate(
      (selector) => document.querySelectorAll(selector)[2]!.getAttribute('data-product-id')!,
      PAINT_CARD,
    );
    await page.click({ selector: `${PAINT_CARD} a.aisle-card__link`, nth: 2 });
    await page.waitFor(() => location.pathname.includes('/p/'), undefined, { what: 'the product page' });
    await expect
      .poll(async () => counts(await storedEvents(baseUrl, 'summit')), { timeout: 20_000 })
      .toEqual({ 'navigate:visit_page': 1, 'ecommerce:product_click': 1 });
    const [visit, click] = await storedEvents(baseUrl, 'summit');
    expect(new URL(visit!.url).pathname).toBe(PAINT_LISTING);
    expect(click!.data.metadata).toMatchObject({ list_position: 3, product_id: product });
    expect(visit!.seq).toBeLessThan(click!.seq);
    await page.close();
  });

  it('Global Privacy Control turns the third parties off; Aisle’s own analytics goes on', async () => {
    const page = await openListing(engine(), baseUrl, '/maple/womens-running-shoes?gpc=1');
    await sortBy(page, 'Low to High', 'price_asc');
    await expect
      .poll(async () => (await storedEvents(baseUrl, 'maple')).map((e) => e.event), { timeout: 20_000 })
      .toContain('search:sort');
    await idle(page);
    for (const stand of THIRD_PARTIES) expect(await receivedBy(baseUrl, stand), stand).toBe(0);
    expect((await snapshot(page)).consent).toMatchObject({ gpc: true, errors: 'denied', clicks: 'denied' });
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});
