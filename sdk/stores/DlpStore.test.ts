import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RenderContext, SearchRequest, TenantConfig } from '../core/types.js';
import { RootStore } from './RootStore.js';
import { fakeEnv, fakeResponse, testContext, type FakeEnv } from '../testing/stores.js';

configure({ enforceActions: 'always' });

const context = (config: Partial<TenantConfig> = {}): RenderContext => testContext(config);

let env: FakeEnv;
const body = (i = -1) => env.requests.at(i)!.init.body as SearchRequest;
const settle = () => vi.runAllTimersAsync();

beforeEach(() => {
  vi.useFakeTimers();
  env = fakeEnv('http://shop.test/maple/dresses?locale=en_US');
});
afterEach(() => vi.useRealTimers());

describe('DlpStore transitions', () => {
  it('toggling a filter adds the pair, resets the page, pushes the URL and reloads', async () => {
    env.url.href = 'http://shop.test/maple/dresses?pageNumber=3&locale=en_US';
    const root = new RootStore(env, context(), 1280);
    root.dlp.toggleFilter('color', 'black');
    await settle();
    expect(body().filters).toEqual([{ key: 'color', value: ['black'] }]);
    expect(body().pageNumber).toBe(1);
    expect(env.history).toEqual([{ url: '/maple/dresses?locale=en_US&filters=color~black', mode: 'push' }]);
    root.dlp.toggleFilter('color', 'black');
    await settle();
    expect(body().filters).toEqual([]);
  });

  it('filter changes are ignored while a search is loading', async () => {
    env.reply(() => new Promise(() => undefined));
    const root = new RootStore(env, context(), 1280);
    root.dlp.toggleFilter('color', 'black');
    root.dlp.toggleFilter('color', 'navy');
    root.dlp.clearFilters();
    expect(env.requests).toHaveLength(1);
    expect(root.search.loading).toBe(true);
  });

  it('uses replaceState for tenants that ask for it', async () => {
    const root = new RootStore(env, context({ searchRouterReplaceState: true }), 1280);
    root.dlp.setSort('price_asc');
    await settle();
    expect(env.history.at(-1)!.mode).toBe('replace');
  });

  it('sort resets the page; clear-sort removes sort and page number', async () => {
    env.url.href = 'http://shop.test/maple/dresses?pageNumber=2';
    const root = new RootStore(env, context(), 1280);
    root.dlp.setSort('price_asc');
    await settle();
    expect(body()).toMatchObject({ sort: 'price_asc', pageNumber: 1 });
    root.dlp.clearSort();
    await settle();
    expect(body().sort).toBeUndefined();
    expect(env.url.href).toBe('http://shop.test/maple/dresses');
  });

  it('price is one range; clearing removes it', async () => {
    const root = new RootStore(env, context(), 1280);
    root.dlp.setPriceRange('price', [20, 100]);
    await settle();
    root.dlp.setPriceRange('price', [30, 90]);
    await settle();
    expect(body().filters).toEqual([{ key: 'price', value: [30, 90] }]);
    expect(env.url.href).toContain('price=30/90');
    root.dlp.setPriceRange('price', null);
    await settle();
    expect(body().filters).toEqual([]);
  });

  it('pagination loads another page and scrolls to the top; the same page does nothing', async () => {
    const root = new RootStore(env, context(), 1280);
    root.dlp.goToPage(1);
    expect(env.requests).toHaveLength(0);
    root.dlp.goToPage(3);
    await settle();
    expect(body()).toMatchObject({ pageNumber: 3, start: 48, size: 24 });
    expect(env.scrolls).toBe(1);
  });

  it('page-size change sets the size and page 1', async () => {
    env.url.href = 'http://shop.test/maple/dresses?pageNumber=2';
    const root = new RootStore(env, context(), 1280);
    root.dlp.setPageSize(48);
    await settle();
    expect(body()).toMatchObject({ pageSize: 48, pageNumber: 1, size: 48, start: 0 });
  });
});

describe('infinite loading', () => {
  it('asks for page ceil(shown / pageSize) + 1 without the refresh flag, with size = page × pageSize', async () => {
    const root = new RootStore(env, context({ infiniteLoading: true }), 1280);
    env.reply(() => new Promise(() => undefined));
    root.dlp.loadMore();
    expect(root.search.refresh).toBe(false);
    expect(root.search.loading).toBe(true);
    expect(body()).toMatchObject({ pageNumber: 2, start: 0, size: 48 });
    expect(env.history.at(-1)!.mode).toBe('replace');
  });

  it('does nothing when every item is shown', () => {
    const data = fakeResponse({ shown: 10, filtered: 10 });
    const root = new RootStore(env, { ...context({ infiniteLoading: true }), data }, 1280);
    root.dlp.loadMore();
    expect(env.requests).toHaveLength(0);
  });

  it('load-all: infinite sets page ceil(filtered / pageSize); paged sets pageSize = filtered, page 1', async () => {
    const infinite = new RootStore(env, context({ infiniteLoading: true }), 1280);
    infinite.dlp.loadAll();
    await settle();
    expect(body()).toMatchObject({ pageNumber: 5, size: 120 });
    const paged = new RootStore(env, context(), 1280);
    paged.dlp.loadAll();
    await settle();
    expect(body()).toMatchObject({ pageNumber: 1, pageSize: 100, size: 100, start: 0 });
  });
});

describe('infinite loading always makes progress or stops', () => {
  // The payload promises 76 more items, but the products never come.
  const emptyPage = () => ({
    status: 200,
    json: { ...fakeResponse(), products: [], payload: { total: 100, filtered: 100, shown: 24 } },
  });

  it('after a reply that added no products, loadMore sends nothing more and keeps the shown products', async () => {
    const root = new RootStore(env, context({ infiniteLoading: true }), 1280);
    const shown = root.dlp.data;
    env.reply(emptyPage);
    root.dlp.loadMore();
    await settle();
    expect(env.requests).toHaveLength(1);
    expect(root.dlp.data).toBe(shown);
    expect(root.dlp.canLoadMore).toBe(false);
    for (let i = 0; i < 5; i++) root.dlp.loadMore();
    await settle();
    expect(env.requests).toHaveLength(1);
    // The address goes back to the page that is shown.
    expect(root.dlp.state.pageNumber).toBe(1);
    expect(env.url.href).not.toContain('pageNumber');
  });

  it('after a reply that repeats the shown products, loadMore stops too', async () => {
    const root = new RootStore(env, context({ infiniteLoading: true }), 1280);
    env.reply(() => ({ status: 200, json: fakeResponse({ shown: 24 }) }));
    root.dlp.loadMore();
    await settle();
    root.dlp.loadMore();
    await settle();
    expect(env.requests).toHaveLength(1);
  });

  it('a failed load-more stops the sentinel as well', async () => {
    const root = new RootStore(env, context({ infiniteLoading: true }), 1280);
    env.reply(() => new TypeError('Failed to fetch'));
    root.dlp.loadMore();
    await settle();
    root.dlp.loadMore();
    await settle();
    expect(env.requests).toHaveLength(1);
    expect(root.dlp.canLoadMore).toBe(false);
  });

  it('a shopper action lifts the stop, and a reply that adds products keeps loading', async () => {
    const root = new RootStore(env, context({ infiniteLoading: true }), 1280);
    env.reply(emptyPage);
    root.dlp.loadMore();
    await settle();
    env.reply(() => ({ status: 200, json: fakeResponse({ shown: 24 }) }));
    root.dlp.setSort('price_asc');
    await settle();
    expect(root.dlp.canLoadMore).toBe(true);
    env.reply(() => ({ status: 200, json: fakeResponse({ shown: 48 }) }));
    root.dlp.loadMore();
    await settle();
    expect(root.dlp.data!.products).toHaveLength(48);
    expect(root.dlp.canLoadMore).toBe(true);
    expect(env.requests).toHaveLength(3);
  });
});

describe('back button and events', () => {
  it('back and forward reload the state from the URL', async () => {
    const root = new RootStore(env, context(), 1280);
    env.url.href = 'http://shop.test/maple/dresses?sort=price_asc&pageNumber=2';
    root.dlp.restoreFromUrl();
    await settle();
    expect(body()).toMatchObject({ sort: 'price_asc', pageNumber: 2 });
    expect(env.history).toHaveLength(0);
  });

  it('tenants with backButtonReload false do not reload', () => {
    const root = new RootStore(env, context({ backButtonReload: false }), 1280);
    env.url.href = 'http://shop.test/maple/dresses?sort=price_asc';
    root.dlp.restoreFromUrl();
    expect(env.requests).toHaveLength(0);
  });

  it('dispatches ResultsViewUpdate only for the tenant flagged so', async () => {
    const flagged = new RootStore(env, context({ resultsViewUpdateEvent: true }), 1280);
    flagged.dlp.setSort('price_asc');
    await settle();
    expect(env.events.filter((e) => e.name === 'ResultsViewUpdate')).toHaveLength(1);
    const plain = new RootStore(env, context(), 1280);
    plain.dlp.setSort('price_asc');
    await settle();
    expect(env.events.filter((e) => e.name === 'ResultsViewUpdate')).toHaveLength(1);
  });

  it('a garbage URL yields the default state', () => {
    env.url.href = 'http://shop.test/maple/dresses?pageNumber=-4&pageSize=abc&filters=%E0%A4%A';
    const root = new RootStore(env, context(), 1280);
    expect(root.dlp.state).toEqual({ filters: [], attributes: [], pageNumber: 1, pageSize: 24 });
  });
});

describe('URLs the listing cannot honour (garbage yields the defaults)', () => {
  it('drops an unknown sort and facet from the state and the address on mount', () => {
    env.url.href = 'http://shop.test/maple/dresses?sort=bogus_asc&filters=nope~1&filters=color~black';
    const root = new RootStore(env, context(), 1280);
    expect(root.dlp.state.sort).toBeUndefined();
    expect(root.dlp.state.filters).toEqual([{ key: 'color', value: ['black'] }]);
    expect(env.history).toEqual([{ url: '/maple/dresses?filters=color~black', mode: 'replace' }]);
  });

  it('without data, a sort chosen while the first search runs is not undone by the fallback', async () => {
    env.url.href = 'http://shop.test/maple/dresses?pageSize=48';
    const root = new RootStore(env, { ...context(), data: undefined }, 1280);
    env.reply(() => new Promise(() => undefined));
    const loading = root.dlp.loadFirst();
    let release!: () => void;
    env.reply(() => new Promise((resolve) => (release = () => resolve({ status: 200, json: fakeResponse() }))));
    root.dlp.setSort('price_asc');
    expect(await loading).toBe(false);
    release();
    await settle();
    expect(root.dlp.state).toMatchObject({ sort: 'price_asc', pageSize: 48 });
    expect(env.requests).toHaveLength(2);
  });

  it('without data, a refused first search falls back to the default listing', async () => {
    env.url.href = 'http://shop.test/maple/dresses?pageSize=9999';
    const root = new RootStore(env, { ...context(), data: undefined }, 1280);
    env.reply((request) =>
      (request.init.body as SearchRequest).pageSize === 9999
        ? { status: 400, json: { error: 'size' } }
        : { status: 200, json: fakeResponse() },
    );
    await root.dlp.loadFirst();
    await settle();
    expect(root.dlp.data?.products).toHaveLength(24);
    expect(body().pageSize).toBe(24);
    expect(env.history.at(-1)).toEqual({ url: '/maple/dresses', mode: 'replace' });
  });
});

describe('vehicle selector', () => {
  it('narrows through /vehicle-selector with both fields, and clears back to /search', async () => {
    const root = new RootStore(env, context({ vehicleSelector: true }), 1280);
    root.dlp.setVehicle({ id: 'honda-civic', year: '2018' });
    await settle();
    expect(env.requests.at(-1)!.url).toBe('http://search.test/vehicle-selector');
    expect(body()).toMatchObject({ vehicle_id: 'honda-civic', vehicle_year: '2018', pageNumber: 1 });
    expect(env.url.href).toContain('vehicle_id=honda-civic&vehicle_year=2018');
    root.dlp.setVehicle(null);
    await settle();
    expect(env.requests.at(-1)!.url).toBe('http://search.test/search');
    expect(body().vehicle_id).toBeUndefined();
    expect(env.url.href).not.toContain('vehicle_id');
  });

  it('reads the vehicle from the address', async () => {
    env.url.href = 'http://shop.test/gearhead/brake-pads?vehicle_id=ford-f150&vehicle_year=2015';
    const root = new RootStore(env, context({ vehicleSelector: true }), 1280);
    expect(root.dlp.vehicle).toEqual({ id: 'ford-f150', year: '2015' });
  });
});

describe('a failed search after a shopper action', () => {
  it('keeps the shown products and puts the state and address back to what they show', async () => {
    env.url.href = 'http://shop.test/maple/dresses?sort=price_asc';
    const root = new RootStore(env, context(), 1280);
    const shown = root.dlp.data;
    env.reply(() => ({ status: 503, json: {} }));
    root.dlp.toggleFilter('color', 'black');
    expect(env.url.href).toContain('filters=color~black');
    await settle();
    expect(root.dlp.data).toBe(shown);
    expect(root.dlp.state.filters).toEqual([]);
    expect(root.dlp.state.sort).toBe('price_asc');
    expect(env.url.href).toBe('http://shop.test/maple/dresses?sort=price_asc');
    expect(env.history.at(-1)).toEqual({ url: '/maple/dresses?sort=price_asc', mode: 'replace' });
    expect(root.dlp.failedUpdate).toBe(true);
  });

  it('restores a sort, a page and a vehicle the same way', async () => {
    const root = new RootStore(env, context({ vehicleSelector: true }), 1280);
    env.reply(() => new TypeError('Failed to fetch'));
    root.dlp.setSort('price_asc');
    await settle();
    expect(root.dlp.state.sort).toBeUndefined();
    root.dlp.goToPage(3);
    await settle();
    expect(root.dlp.state.pageNumber).toBe(1);
    root.dlp.setVehicle({ id: 'ford-f150', year: '2015' });
    await settle();
    expect(root.dlp.vehicle).toBeNull();
    expect(env.url.href).toBe('http://shop.test/maple/dresses?locale=en_US');
  });

  it('the notice goes away with the next successful search, which becomes the state to go back to', async () => {
    const root = new RootStore(env, context(), 1280);
    env.reply(() => ({ status: 500, json: {} }));
    root.dlp.setSort('price_asc');
    await settle();
    expect(root.dlp.failedUpdate).toBe(true);
    env.reply(() => ({ status: 200, json: fakeResponse() }));
    root.dlp.toggleFilter('color', 'black');
    await settle();
    expect(root.dlp.failedUpdate).toBe(false);
    env.reply(() => ({ status: 500, json: {} }));
    root.dlp.clearFilters();
    await settle();
    expect(root.dlp.state.filters).toEqual([{ key: 'color', value: ['black'] }]);
    expect(env.url.href).toContain('filters=color~black');
  });

  it('a reply overtaken by a newer action does not roll that action back', async () => {
    const root = new RootStore(env, context(), 1280);
    let fail!: () => void;
    env.reply(() => new Promise((resolve) => (fail = () => resolve({ status: 500, json: {} }))));
    root.dlp.setSort('price_asc');
    const failSlow = fail;
    env.reply(() => ({ status: 200, json: fakeResponse() }));
    root.dlp.setSort('price_desc');
    failSlow();
    await settle();
    expect(root.dlp.state.sort).toBe('price_desc');
    expect(root.dlp.failedUpdate).toBe(false);
  });
});

describe('vehicle parameters on a tenant without a vehicle selector', () => {
  it('are ignored: no vehicle, a plain search, and not written back into the address', async () => {
    env.url.href = 'http://shop.test/maple/dresses?vehicle_id=ford-f150&vehicle_year=2015';
    const root = new RootStore(env, { ...context(), data: undefined }, 1280);
    expect(root.dlp.vehicle).toBeNull();
    await root.dlp.loadFirst();
    await settle();
    expect(env.requests.map((r) => r.url)).toEqual(['http://search.test/search']);
    expect(body().vehicle_id).toBeUndefined();
    expect(root.dlp.data?.products).toHaveLength(24);
    root.dlp.toggleFilter('color', 'black');
    await settle();
    expect(env.url.href).toBe('http://shop.test/maple/dresses?filters=color~black');
  });

  it('ignores a vehicle in the render context and on back/forward too', async () => {
    const ctx = testContext({}, { additional: { vehicle_id: 'ford-f150', vehicle_year: '2015' } });
    const root = new RootStore(env, ctx, 1280);
    expect(root.dlp.vehicle).toBeNull();
    env.url.href = 'http://shop.test/maple/dresses?vehicle_id=ford-f150&vehicle_year=2015&sort=price_asc';
    root.dlp.restoreFromUrl();
    await settle();
    expect(root.dlp.vehicle).toBeNull();
    expect(env.requests.at(-1)!.url).toBe('http://search.test/search');
    expect(body()).not.toHaveProperty('vehicle_id');
    expect(body()).not.toHaveProperty('vehicle_year');
  });
});

describe('analytics intents (product events)', () => {
  const intents = (root: RootStore) => {
    const seen: Array<Record<string, unknown>> = [];
    root.tracker.attach(async (intent) => {
      seen.push(intent as unknown as Record<string, unknown>);
      return true;
    });
    return seen;
  };

  it('reports the visit and the results on show, then filter adds and removes, sort, results', async () => {
    const root = new RootStore(env, context(), 1280);
    const seen = intents(root);
    expect(seen.map((i) => i.kind)).toEqual(['visit', 'results']);
    expect(seen[1]).toMatchObject({
      resultCount: 100,
      pageNumber: 1,
      pageSize: 24,
      query: 'dresses',
      filtersAppliedCount: 0,
    });
    root.dlp.toggleFilter('color', 'black');
    await settle();
    root.dlp.setPriceRange('price', [20, 80]);
    await settle();
    root.dlp.clearFilters();
    await settle();
    root.dlp.setSort('price_asc');
    await settle();
    const changes = seen
      .filter((i) => i.kind === 'filter')
      .map((i) => `${i.change}:${i.key}:${JSON.stringify(i.value)}`);
    expect(changes).toEqual(['add:color:"black"', 'add:price:[20,80]', 'remove:color:"black"', 'remove:price:[20,80]']);
    expect(seen.filter((i) => i.kind === 'sort')).toEqual([{ kind: 'sort', sort: 'price_asc' }]);
    expect(seen.filter((i) => i.kind === 'results')).toHaveLength(5);
  });

  it('a product click waits for tracking before navigating, unless it opens elsewhere', async () => {
    const root = new RootStore(env, context(), 1280);
    let deliver!: (ok: boolean) => void;
    root.tracker.attach((intent) =>
      intent.kind === 'product-click' ? new Promise((r) => (deliver = r)) : Promise.resolve(true),
    );
    const product = root.dlp.data!.products[0]!;
    const plain = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, targetBlank: false };
    expect(root.productClick({ product, variantId: null, position: 1, listName: 'search_results' }, plain)).toBe(true);
    expect(env.navigations).toEqual([]);
    deliver(true);
    await settle();
    expect(env.navigations).toEqual(['http://shop.test/maple/p/p0']);
    expect(
      root.productClick(
        { product, variantId: null, position: 1, listName: 'search_results' },
        { ...plain, metaKey: true },
      ),
    ).toBe(false);
    root.productClick({ product, variantId: null, position: 1, listName: 'search_results' }, plain);
    vi.advanceTimersByTime(2000);
    expect(env.navigations).toHaveLength(2);
  });
});
