// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeEnv, fakeResponse, testContext } from '../testing/stores.js';
import { outboxKeys } from './outbox.js';
import { paintAnalytics } from './paintClicks.js';
import { pageConsent } from '../host/pageConsent.js';
import { fakeService, makeSession } from '../testing/analytics.js';
import type { AnalyticsEvent } from './types.js';
import { globalMetadataOf, recordVisitNow } from './visitNow.js';
import { eventFor } from './wire.js';

const keys = outboxKeys('maple');
const stored = () => JSON.parse(localStorage.getItem(keys.outbox) ?? '[]') as AnalyticsEvent[];
const listing = (
  config: { analyticsHost?: string; consent?: 'required' } = { analyticsHost: 'http://analytics.test' },
) => {
  const context = testContext(config);
  return { context, locale: 'en' as const, region: 'us' as const, data: fakeResponse() };
};
const t0 = Date.parse('2025-03-01T12:00:00Z');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(t0);
  localStorage.clear();
  document.title = 'Dresses | Maple';
});
afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('a product link followed from the first paint', () => {
  it('writes the visit and the click, in that order, as the app would have sent them', () => {
    const painted = listing();
    const recorder = paintAnalytics(painted, window)!;
    const visitId = recorder.recordVisit();
    const product = painted.data.products[2]!;
    recorder.recordProductClick(product.product_id, 3);
    const [visit, click] = stored();
    expect(visit).toMatchObject({
      id: visitId,
      seq: 1,
      event: 'navigate:visit_page',
      url: location.href,
      timestamp: '2025-03-01T12:00:00.000Z',
      environment: 'development',
      data: { page_type: 'dlp', page_title: 'Dresses | Maple' },
    });
    // The app's visit of the same page, written at mount, reads the same but for its id and number.
    const env = fakeEnv(location.href);
    recordVisitNow(
      { env, context: painted.context, locale: 'en', region: 'us' },
      {
        routeName: 'dlp',
        url: location.href,
        redirectedFrom: null,
      },
    );
    const [appVisit] = JSON.parse(env.store.get(keys.outbox)!) as AnalyticsEvent[];
    expect({ ...visit, id: '', seq: 0 }).toEqual({ ...appVisit, id: '', seq: 0 });
    // The click's fields are the app's for the same card (its selected variant, as the card shows).
    const app = eventFor(
      { kind: 'product-click', listName: 'search_results', position: 3, product, variantId: null },
      {
        env,
      },
    );
    expect(click).toMatchObject({ seq: 2, event: 'ecommerce:product_click', url: location.href });
    expect(click!.data.metadata).toEqual({ ...globalMetadataOf(painted), ...app.data.metadata });
    expect(click!.data.metadata).toMatchObject({ list_position: 3, product_id: product.product_id });
  });

  it('writes nothing on a page without analytics or storage, or for a product the listing does not hold', () => {
    expect(paintAnalytics(listing({}), window)).toBeNull();
    // A sandboxed frame may not use localStorage: reading it throws.
    const sandboxed = Object.create(window, {
      localStorage: {
        get() {
          throw new DOMException('denied', 'SecurityError');
        },
      },
    }) as Window;
    expect(paintAnalytics(listing(), sandboxed)).toBeNull();
    paintAnalytics(listing(), window)!.recordProductClick('no-such-product', 1);
    expect(stored()).toEqual([]);
  });

  it('is delivered once by the next page’s session, in order', async () => {
    const painted = listing();
    const recorder = paintAnalytics(painted, window)!;
    recorder.recordVisit();
    recorder.recordProductClick(painted.data.products[0]!.product_id, 1);
    // The shop's next page shares the storage.
    const env = fakeEnv('http://shop.test/maple/p/1');
    for (const key of Object.values(keys)) {
      const value = localStorage.getItem(key);
      if (value !== null) env.store.set(key, value);
    }
    const service = fakeService(env);
    const session = makeSession(env);
    await session.init();
    await vi.advanceTimersByTimeAsync(0);
    expect(service.sent()).toEqual(['navigate:visit_page', 'ecommerce:product_click']);
    expect(JSON.parse(env.store.get(keys.outbox)!)).toEqual([]);
    session.dispose();
  });
});

describe('the first paint’s click before consent', () => {
  it('writes nothing where the tenant requires consent and the shopper has not given it, then writes once it is', () => {
    const painted = listing({ analyticsHost: 'http://analytics.test', consent: 'required' });
    const recorder = paintAnalytics(painted, window)!;
    expect(recorder.recordVisit()).toBeNull();
    recorder.recordProductClick(painted.data.products[0]!.product_id, 1);
    expect(localStorage.length).toBe(0);
    pageConsent().set({ analytics: true });
    expect(recorder.recordVisit()).not.toBeNull();
    expect(stored().map((event) => event.event)).toEqual(['navigate:visit_page']);
  });
});

describe('the first paint’s click when storage is full', () => {
  it('leaves at once, with the page’s visit, in one keepalive request that also asks for the identity', async () => {
    const sent = vi.spyOn(window, 'fetch').mockImplementation(async () => new Response('{}'));
    localStorage.setItem('analytics-token-distinct-id', 'visitor-7');
    const full = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      const painted = listing();
      const recorder = paintAnalytics(painted, window)!;
      const visitId = recorder.recordVisit();
      recorder.recordProductClick(painted.data.products[1]!.product_id, 2);
      expect(visitId).not.toBeNull();
      await vi.waitFor(() => expect(sent).toHaveBeenCalledTimes(1));
      const [url, init] = sent.mock.calls[0]!;
      expect(url).toBe('http://analytics.test/v3/identity');
      expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
      const body = JSON.parse(init!.body as string);
      expect(body).toMatchObject({ shop_id: 'maple', distinct_id: 'visitor-7' });
      expect(body.events.map((e: AnalyticsEvent) => e.event)).toEqual([
        'navigate:visit_page',
        'ecommerce:product_click',
      ]);
      expect(body.events[0].id).toBe(visitId);
      expect(body.events.map((e: AnalyticsEvent) => e.seq)).toEqual([1, 2]);
    } finally {
      full.mockRestore();
      sent.mockRestore();
    }
  });
});
