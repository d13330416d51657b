import { describe, expect, it, vi } from 'vitest';
import type { Product } from '../core/types.js';
import { HostEvents, hostEventOf } from './hostEvents.js';

const log = () => ({ warn: vi.fn(), error: vi.fn() });

describe('the registry of the page handlers', () => {
  it('calls every handler of an event with its own copy, and stops at off or the returned cleanup', () => {
    const events = new HostEvents(log());
    const seen: unknown[] = [];
    const first = vi.fn((payload: { sort: string }) => {
      payload.sort = 'changed by the page';
      seen.push(payload);
    });
    const second = vi.fn((payload: { sort: string }) => seen.push(payload));
    events.on('sortChange', first);
    const stop = events.on('sortChange', second);
    const payload = { sort: 'price_asc' };
    events.emit('sortChange', payload);
    expect(seen).toEqual([{ sort: 'changed by the page' }, { sort: 'price_asc' }]);
    expect(payload).toEqual({ sort: 'price_asc' });
    stop();
    events.off('sortChange', first);
    events.emit('sortChange', payload);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('keeps a failing handler to itself: logged, the next one still runs', () => {
    const logger = log();
    const events = new HostEvents(logger);
    const after = vi.fn();
    events.on('filterChange', () => {
      throw new Error('the page’s bug');
    });
    events.on('filterChange', after);
    expect(() => events.emit('filterChange', { change: 'add', key: 'brand', value: 'Acme' })).not.toThrow();
    expect(after).toHaveBeenCalledOnce();
    expect(logger.error).toHaveBeenCalledWith('[Aisle] a handler of "filterChange" failed:', expect.any(Error));
  });

  it('refuses an unknown event or a handler that is not a function in words, without throwing', () => {
    const logger = log();
    const events = new HostEvents(logger);
    // @ts-expect-error a misspelt name, as a page's script might write it
    const stop = events.on('productclick', () => undefined);
    expect(typeof stop).toBe('function');
    // @ts-expect-error not a function
    events.on('productClick', 'track');
    expect(logger.warn.mock.calls.map((c) => c[0])).toEqual([
      '[Aisle] Aisle.on: "productclick" is not an event of Aisle\'s (productClick, filterChange, sortChange, resultsShown, pageChange).',
      '[Aisle] Aisle.on("productClick"): the handler is not a function.',
    ]);
  });

  it('drops every handler at clear (unmount)', () => {
    const events = new HostEvents(log());
    const handler = vi.fn();
    events.on('pageChange', handler);
    events.clear();
    events.emit('pageChange', { url: '/x', screen: 'dlp', redirectedFrom: null });
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('what the page is told of', () => {
  const product = {
    product_id: 'p1',
    title: 'Red Dress',
    url: 'https://shop.example/p/red-dress',
    price_range: { min_purchase_price: 19.99, max_purchase_price: 29.99 },
  } as Product;

  it('maps each tracking intent to its event', () => {
    expect(
      hostEventOf(
        {
          kind: 'product-click',
          listName: 'search_results',
          position: 3,
          product: { ...product, url: '/p/red-dress' },
          variantId: 'v2',
        },
        'https://shop.example/maple/dresses?sort=x',
      ),
    ).toEqual([
      'productClick',
      {
        productId: 'p1',
        variantId: 'v2',
        position: 3,
        list: 'search_results',
        url: 'https://shop.example/p/red-dress',
        title: 'Red Dress',
        price: 19.99,
      },
    ]);
    expect(
      hostEventOf({ kind: 'filter', change: 'remove', key: 'price', value: [10, 50] }, 'https://shop.example/'),
    ).toEqual(['filterChange', { change: 'remove', key: 'price', value: [10, 50] }]);
    expect(hostEventOf({ kind: 'sort', sort: 'price_desc' }, 'https://shop.example/')).toEqual([
      'sortChange',
      { sort: 'price_desc' },
    ]);
    expect(
      hostEventOf(
        {
          kind: 'results',
          filtersAppliedCount: 1,
          latencyMs: 120,
          pageNumber: 2,
          pageSize: 24,
          resultCount: 130,
          query: 'page=2',
          products: [product],
        },
        'https://shop.example/',
      ),
    ).toEqual([
      'resultsShown',
      { page: 2, pageSize: 24, resultCount: 130, query: 'page=2', productIds: ['p1'], filtersApplied: 1 },
    ]);
    expect(
      hostEventOf(
        { kind: 'visit', routeName: 'dlp', url: 'https://shop.example/maple/dresses', redirectedFrom: null },
        'https://shop.example/',
      ),
    ).toEqual(['pageChange', { url: 'https://shop.example/maple/dresses', screen: 'dlp', redirectedFrom: null }]);
  });
});
