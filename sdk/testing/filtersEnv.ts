/**
 * A page for component tests: a real RootStore over a fake environment (transport answering with a
 * fixture and recording each search body, a host with an address bar, timers from `globalThis` so
 * that `vi.useFakeTimers()` drives them) and a React root to render into.
 */
import { act, createElement, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import type { Filter, RenderContext, SearchRequest, SearchResponse } from '../core/types.js';
import { fakeEnv } from './stores.js';
import { RootStore } from '../stores/RootStore.js';
import { StoreProvider } from '../ui/StoreContext.js';

// React only checks updates are wrapped in act() when it is told it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// Options may carry a `swatch` the core types do not name yet; the colour panel reads it if present.
const option = (key: string, text: string, count: number, swatch?: string) => ({
  key,
  text,
  count,
  selected: false,
  ...(swatch ? { swatch } : {}),
});

/** The filters of the fixture listing: price 12 to 487 (slider 10 to 490) and one facet of each panel kind. */
export function fixtureFilters(): Filter[] {
  return [
    { key: 'price', label: 'Price', options: [], abs_min: 12, abs_max: 487 },
    {
      key: 'color',
      label: 'Color',
      options: [
        option('black', 'Black', 12, '#000000'),
        option('navy', 'Navy', 5, 'https://cdn.example/sw/navy.png'),
        option('plaid', 'Plaid', 0),
      ],
    },
    {
      key: 'size',
      label: 'Size',
      options: [
        option('one-size', 'One Size', 6),
        option('women__8', '8', 4),
        option('women__10', '10', 2),
        option('men__10', '10', 3),
        option('kids__s', 'S', 0),
      ],
    },
    { key: 'rating', label: 'Rating', options: [option('4', '4', 20), option('3', '3', 31), option('2', '2', 0)] },
    { key: 'brand', label: 'Brand', options: [option('acme', 'Acme', 9), option('zenith', 'Zenith', 0)] },
  ];
}

/** A search response for `/maple/dresses` with 42 filtered items. */
export function fixtureResponse(filters: Filter[] = fixtureFilters()): SearchResponse {
  return {
    products: [],
    similar_products: [],
    filters,
    sort_options: [],
    payload: { total: 120, filtered: 42, shown: 24 },
    start: 0,
    size: 24,
    page: 'dresses',
    latency_ms: 5,
    h1_header: 'Dresses',
    description: '',
    related_pages: [],
    pageNotFound: false,
    notFoundHtmlElement: '',
    locale: 'en',
    region: 'us',
  };
}

/** What a test gets: the store, what was sent and written, and the rendered page. */
export interface TestPage {
  store: RootStore;
  /** Every search request, in order. */
  requests: Array<{ url: string; body: SearchRequest }>;
  /** Every address written, in order. */
  urls: string[];
  container: HTMLElement;
  render(ui: ReactElement): void;
  /** Lets pending replies and lazy chunks arrive (inside act). */
  settle(): Promise<void>;
  unmount(): void;
}

/** Builds the page; `search` is the address bar's query, `filters` the response's facets. */
export function createTestPage(
  options: { search?: string; filters?: Filter[]; width?: number; locale?: 'en' | 'fr' } = {},
): TestPage {
  const response = fixtureResponse(options.filters);
  const env = fakeEnv(`https://shop.example/maple/dresses${options.search ?? ''}`);
  env.reply(() => ({ status: 200, json: response }));
  // Views of what the fake environment recorded, in the shape these tests read.
  const recorded = () => env.requests.map((r) => ({ url: r.url, body: r.init.body as SearchRequest }));
  const context: RenderContext = {
    config: {
      id: 'maple',
      base: '/maple',
      prodUrl: '',
      defaultPageSize: 24,
      infiniteLoading: false,
      proxySearch: true,
      searchRouterReplaceState: false,
    },
    environment: 'development',
    data: response,
    additional: options.locale ? { locale: options.locale } : {},
  };
  const store = new RootStore(env, context, options.width ?? 1280);
  const container = document.createElement('div');
  container.className = 'aisle-root';
  document.body.appendChild(container);
  let root: Root | null = null;
  return {
    store,
    get requests() {
      return recorded();
    },
    get urls() {
      return env.history.map((h) => h.url);
    },
    container,
    render(ui) {
      act(() => {
        root ??= createRoot(container);
        root.render(createElement(StoreProvider, { store, children: ui }));
      });
    },
    async settle() {
      await act(async () => {
        for (let i = 0; i < 10; i++) await Promise.resolve();
      });
    },
    unmount() {
      act(() => root?.unmount());
      store.dispose();
      container.remove();
    },
  };
}
