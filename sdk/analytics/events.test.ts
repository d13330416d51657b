import { describe, expect, it } from 'vitest';
import { fakeProduct } from '../testing/stores.js';
import {
  analyticsEnvironment,
  buildEvent,
  displayResultsEvent,
  filterEvent,
  productClickEvent,
  resultIds,
  sortEvent,
  visitEvent,
} from './events.js';

describe('event builders', () => {
  it('builds the wire event with global metadata under the event own keys, JSON-safe', () => {
    const event = buildEvent({
      id: 'id-1',
      seq: 7,
      event: 'search:sort',
      data: { page_type: 'dlp', metadata: { sort: 'price_asc', tenant: 'own', skipped: undefined } },
      globalMetadata: { tenant: 'maple', campaign: 'spring' },
      url: 'http://shop.test/maple/dresses',
      timestamp: '2025-03-01T12:00:00.000Z',
      environment: 'staging',
    });
    expect(event).toEqual({
      id: 'id-1',
      seq: 7,
      event: 'search:sort',
      data: { page_type: 'dlp', metadata: { tenant: 'own', campaign: 'spring', sort: 'price_asc' } },
      url: 'http://shop.test/maple/dresses',
      timestamp: '2025-03-01T12:00:00.000Z',
      environment: 'staging',
    });
    expect(Object.keys(event.data.metadata)).not.toContain('skipped');
  });

  it('maps the render environment: qa is staging', () => {
    expect(['production', 'qa', 'development'].map((e) => analyticsEnvironment(e as 'qa'))).toEqual([
      'production',
      'staging',
      'development',
    ]);
  });

  it('visit: page_type is the route name, or unknown when it is not a string', () => {
    const visit = { title: 'Dresses', referrer: 'https://google.test/', url: 'http://shop.test/maple/dresses' };
    expect(visitEvent({ ...visit, routeName: 'dlp', redirectedFrom: '/maple/old-dresses' })).toEqual({
      event: 'navigate:visit_page',
      data: {
        page_type: 'dlp',
        page_title: 'Dresses',
        referrer: 'https://google.test/',
        metadata: { redirected_from: '/maple/old-dresses' },
      },
      url: 'http://shop.test/maple/dresses',
    });
    expect(visitEvent({ ...visit, routeName: Symbol('dlp') }).data).toMatchObject({
      page_type: 'unknown',
      metadata: { redirected_from: null },
    });
    expect(visitEvent({ ...visit, routeName: undefined }).data.page_type).toBe('unknown');
  });

  it('product click carries the list, the 1-based position, the product and the variant', () => {
    const product = fakeProduct('p7');
    expect(
      productClickEvent({ listName: 'similar_products', position: 3, product, variant: product.variants[0]! }),
    ).toEqual({
      event: 'ecommerce:product_click',
      data: {
        metadata: {
          list_name: 'similar_products',
          list_position: 3,
          product_id: 'p7',
          brand: 'Acme',
          name: 'Product p7',
          price: 50,
          variant_id: 'p7-v0',
          variant_name: 'Colour 0',
          sale_price: 40,
        },
      },
    });
    const bare = productClickEvent({
      listName: 'search_results',
      position: 1,
      product: fakeProduct('p8', 0),
      variant: null,
    });
    expect(bare.data.metadata).toMatchObject({ price: 40, variant_id: null, variant_name: null, sale_price: null });
  });

  it('filter add and remove, and sort', () => {
    expect(filterEvent('add', { key: 'color', value: 'black' })).toEqual({
      event: 'search:filter_add',
      data: { metadata: { key: 'color', value: 'black' } },
    });
    expect(filterEvent('remove', { key: 'price', value: [10, 50] })).toEqual({
      event: 'search:filter_remove',
      data: { metadata: { key: 'price', value: [10, 50] } },
    });
    expect(sortEvent('price_asc')).toEqual({ event: 'search:sort', data: { metadata: { sort: 'price_asc' } } });
  });

  it('display results lists the shown products as productId:variantId', () => {
    const products = [
      fakeProduct('p1'),
      { ...fakeProduct('p2'), variants: fakeProduct('p2').variants.map((v, i) => ({ ...v, selected: i === 2 })) },
    ];
    expect(
      displayResultsEvent({
        filtersAppliedCount: 2,
        latencyMs: 31,
        pageNumber: 1,
        pageSize: 24,
        resultCount: 100,
        query: 'dresses',
        resultIds: resultIds(products),
        searchType: 'dlp',
      }),
    ).toEqual({
      event: 'search:display_results',
      data: {
        metadata: {
          filters_applied_count: 2,
          latency_ms: 31,
          page_number: 1,
          page_size: 24,
          result_count: 100,
          query: 'dresses',
          result_ids: ['p1:p1-v0', 'p2:p2-v2'],
          search_type: 'dlp',
        },
      },
    });
  });
});
