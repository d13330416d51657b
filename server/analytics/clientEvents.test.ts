import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { WireEvent, WireIdentityMetadata } from '../../sdk/ports/analyticsWire.js';
import type { AnalyticsEvent as ClientEvent, EventData as ClientEventData } from '../../sdk/analytics/types.js';
import {
  conversionEvent,
  displayResultsEvent,
  filterEvent,
  impressionsEvent,
  productClickEvent,
  sortEvent,
  visitEvent,
} from '../../sdk/analytics/events.js';
import { webVitalsEvent } from '../../sdk/analytics/vitals.js';
import { fakeService, makeSession } from '../../sdk/testing/analytics.js';
import type { TrackInput } from '../../sdk/analytics/types.js';
import { fakeEnv, fakeProduct, type FakeEnv } from '../../sdk/testing/stores.js';
import type { AnalyticsEvent as ServerEvent, IdentityMetadata } from './types.js';
import { checkEvent, checkIdentityMetadata } from './validate.js';

// The one declaration (sdk/ports/analyticsWire.ts): the service's types are the wire's, and what the
// client stores and sends is the wire's event, narrowed.
expectTypeOf<ServerEvent>().toEqualTypeOf<WireEvent>();
expectTypeOf<IdentityMetadata>().toEqualTypeOf<WireIdentityMetadata>();
expectTypeOf<ClientEvent>().toExtend<WireEvent>();
expectTypeOf<ClientEventData>().toExtend<WireEvent['data']>();

const product = fakeProduct('p1');
/** One event of every kind the client records, from its own builders. */
const EVERY_EVENT: TrackInput[] = [
  visitEvent({
    routeName: 'dlp',
    title: 'Dresses | Maple',
    referrer: 'https://search.example/',
    url: 'http://shop.test/maple/dresses',
  }),
  productClickEvent({ listName: 'search_results', position: 3, product, variant: product.variants[1]! }),
  productClickEvent({ listName: 'similar_products', position: 1, product, variant: null }),
  filterEvent('add', { key: 'color', value: 'red' }),
  filterEvent('remove', { key: 'price', value: [10, 50] }),
  sortEvent('price_asc'),
  displayResultsEvent({
    filtersAppliedCount: 1,
    latencyMs: 12.5,
    pageNumber: 2,
    pageSize: 24,
    resultCount: 100,
    query: 'dresses',
    resultIds: ['p1:v1', 'p2:v3'],
    searchType: 'dlp',
  }),
  impressionsEvent({
    listName: 'search_results',
    listingViewId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
    resultSet: 'dresses|price_asc',
    items: [{ productId: 'p1', position: 1, page: 1 }],
  }),
  webVitalsEvent({
    lcpMs: 812.34,
    lcpElement: 'img.aisle-card__image',
    inpMs: null,
    inpInteraction: null,
    cls: 0.01234,
    clsElement: null,
    ttfbMs: 120,
    firstScreenMs: 640,
    takeOverMs: 900,
    filterUpdateMs: null,
    deviceClass: 'mobile',
  }),
  conversionEvent('add_to_cart', { items: [{ product_id: 'p1', quantity: 1, price: 59.9 }], currency: 'EUR' }),
  conversionEvent('purchase', {
    items: [{ product_id: 'p1', quantity: 2, price: 59.9 }],
    currency: 'EUR',
    order_id: 'A-1001',
  }),
];

let env: FakeEnv;
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(Date.parse('2025-03-01T12:00:00Z'));
  env = fakeEnv('http://shop.test/maple/dresses');
});
afterEach(() => vi.useRealTimers());

describe('what the client sends is what the service accepts', () => {
  it('every event the client records passes the service’s checks whole: nothing it sends is dropped', async () => {
    const service = fakeService(env);
    const session = makeSession(env, {
      globalMetadata: { config_id: 'maple', locale: 'en', region: 'us', sdk_version: '1.0.0' },
    });
    await session.init();
    for (const input of EVERY_EVENT) session.track(input.event, input.data, input.url);
    await vi.advanceTimersByTimeAsync(0);
    const sent = service.requests('/v3/event').map((request) => request.init.body as ClientEvent);
    expect(sent.map((event) => event.event)).toEqual(EVERY_EVENT.map((input) => input.event));
    for (const event of sent) {
      // As it travels: JSON.
      const checked = checkEvent(JSON.parse(JSON.stringify(event)), Date.now());
      expect(checked, event.event).toEqual({ ok: true, value: event });
    }
    session.dispose();
  });

  it('the identity request’s browser details pass the service’s checks whole', async () => {
    fakeService(env);
    const session = makeSession(env);
    await session.init();
    const [request] = env.requests.filter((r) => r.url.endsWith('/v3/identity'));
    const { metadata } = request!.init.body as { metadata: WireIdentityMetadata };
    expect(checkIdentityMetadata(metadata)).toEqual({ ok: true, value: metadata });
    session.dispose();
  });
});
