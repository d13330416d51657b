import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchRequest } from '../core/types.js';
import type { Product } from '../core/types.js';
import { reuseProducts, SearchStore, SEARCH_EMPTY, SEARCH_FAILED } from './SearchStore.js';
import { fakeEnv, fakeResponse, type FakeEnv } from '../testing/stores.js';

configure({ enforceActions: 'always' });
const request = { customer: 'maple' } as SearchRequest;
let env: FakeEnv;

beforeEach(() => {
  vi.useFakeTimers();
  env = fakeEnv();
});
afterEach(() => vi.useRealTimers());

describe('SearchStore (loading, the search call, failures)', () => {
  it('sets loading and refresh during the call and clears both when it ends', async () => {
    const store = new SearchStore(env, null);
    const done = store.search('http://s/search', request);
    expect(store.loading).toBe(true);
    expect(store.refresh).toBe(true);
    expect(await done).toBe('replaced');
    expect(store.loading).toBe(false);
    expect(store.refresh).toBe(false);
    expect(store.response?.products).toHaveLength(24);
  });

  it('a reply that is not OK keeps the shown data, logs the search-failed message and stops loading', async () => {
    const shown = fakeResponse();
    const store = new SearchStore(env, shown);
    env.reply(() => ({ status: 500, json: { error: 'boom' } }));
    expect(await store.search('http://s/search', request)).toBe('failed');
    expect(store.response).toBe(shown);
    expect(store.loading).toBe(false);
    expect(env.lines.error[0]).toContain(SEARCH_FAILED);
  });

  it('an empty body keeps the data and logs "results empty"', async () => {
    const shown = fakeResponse();
    const store = new SearchStore(env, shown);
    env.reply(() => ({ status: 200, json: undefined }));
    await store.search('http://s/search', request);
    expect(store.response).toBe(shown);
    expect(env.lines.error[0]).toContain(SEARCH_EMPTY);
  });

  it('a network failure keeps the data', async () => {
    const shown = fakeResponse();
    const store = new SearchStore(env, shown);
    env.reply(() => new TypeError('Failed to fetch'));
    await store.search('http://s/search', request);
    expect(store.response).toBe(shown);
    expect(store.loading).toBe(false);
  });

  it('a slow reply overtaken by a newer request never overwrites it, and is aborted', async () => {
    const store = new SearchStore(env, null);
    let releaseSlow!: () => void;
    env.reply(
      () => new Promise((resolve) => (releaseSlow = () => resolve({ status: 200, json: fakeResponse({ shown: 5 }) }))),
    );
    const slow = store.search('http://s/search', request);
    env.reply(() => ({ status: 200, json: fakeResponse({ shown: 9 }) }));
    const fast = store.search('http://s/search', request);
    expect(env.requests[0]!.init.signal!.aborted).toBe(true);
    releaseSlow();
    expect(await fast).toBe('replaced');
    expect(await slow).toBe('superseded');
    expect(store.response?.products).toHaveLength(9);
    expect(store.loading).toBe(false);
  });

  it('keeps the product objects already shown so that appends re-render only new cards', async () => {
    const first = fakeResponse({ shown: 24 });
    const store = new SearchStore(env, first);
    env.reply(() => ({ status: 200, json: fakeResponse({ shown: 48 }) }));
    await store.search('http://s/search', request, { refresh: false });
    expect(store.response!.products[0]).toBe(first.products[0]);
    expect(store.response!.products).toHaveLength(48);
  });

  it('resolves relative image URLs against a search host on another origin, and product links against the page', async () => {
    const store = new SearchStore(env, null);
    const reply = fakeResponse({ shown: 1 });
    env.reply(() => ({ status: 200, json: reply }));
    await store.search('https://search.example/search', request);
    const [product] = store.response!.products;
    // The product page is the retailer's: a click must not land on the search API's host.
    expect(product!.url).toBe('/maple/p/p0');
    expect(product!.image).toBe('https://search.example/img/product/p0/v0.svg');
    expect(product!.variants[0]!.images).toEqual(['https://search.example/img/product/p0/p0-v0.svg']);
  });

  it('keeps them as paths when the search is on the page origin', async () => {
    const store = new SearchStore(env, null);
    env.reply(() => ({ status: 200, json: fakeResponse({ shown: 1 }) }));
    await store.search('/maple/search', request);
    expect(store.response!.products[0]).toMatchObject({ url: '/maple/p/p0', image: '/img/product/p0/v0.svg' });
  });

  it('a request for more of the list whose reply is not longer keeps the shown data (no progress)', async () => {
    const shown = fakeResponse({ shown: 24 });
    const store = new SearchStore(env, shown);
    env.reply(() => ({ status: 200, json: { ...fakeResponse({ shown: 24 }), products: [] } }));
    expect(await store.search('http://s/search', request, { refresh: false, append: true })).toBe('no-progress');
    expect(store.response).toBe(shown);
    expect(store.loading).toBe(false);
    env.reply(() => ({ status: 200, json: fakeResponse({ shown: 48 }) }));
    expect(await store.search('http://s/search', request, { refresh: false, append: true })).toBe('replaced');
    expect(store.response!.products).toHaveLength(48);
  });
});

describe('reuseProducts (which card objects survive a new reply)', () => {
  const product = (id: string, selected: string) =>
    ({
      product_id: id,
      title: id,
      variants: [
        { id: `${id}-red`, color: 'Red', selected: selected === 'red' },
        { id: `${id}-black`, color: 'Black', selected: selected === 'black' },
      ],
    }) as unknown as Product;

  it('after a filter change, a product whose selected variant changed is the new object', () => {
    const shown = [product('a', 'red'), product('b', 'red')];
    const next = [product('a', 'black'), product('b', 'red')];
    const kept = reuseProducts(shown, next);
    expect(kept[0]).toBe(next[0]);
    expect(kept[1]).toBe(shown[1]);
  });

  it('when more of the same list is appended, products already shown keep their objects', () => {
    const shown = [product('a', 'red')];
    const next = [product('a', 'red'), product('c', 'black')];
    const kept = reuseProducts(shown, next, { append: true });
    expect(kept[0]).toBe(shown[0]);
    expect(kept[1]).toBe(next[1]);
  });
});
