/**
 * Test doubles for the StoreEnv: a scripted transport that records every request, a host whose
 * address bar is a string, timers that go through `globalThis` (so `vi.useFakeTimers()` drives
 * them) and a log that keeps its lines. Used by store and component tests; never by the embed.
 */
import type { Product, RenderContext, SearchResponse, TenantConfig } from '../core/types.js';
import type {
  HeadTagsLike,
  HostPort,
  LoadedPage,
  StoreEnv,
  Timers,
  TransportRequest,
  TransportResponse,
} from '../ports/env.js';

/** A request the fake transport received. */
export interface RecordedRequest {
  url: string;
  init: TransportRequest;
}

type Reply = { status: number; json?: unknown; headers?: Record<string, string> } | Error;

/** A fake StoreEnv plus handles to steer and inspect it. */
export interface FakeEnv extends StoreEnv {
  requests: RecordedRequest[];
  /** Sets how the transport answers (default: 200 with `fakeResponse()`). */
  reply(fn: (request: RecordedRequest) => Reply | Promise<Reply>): void;
  url: { href: string };
  history: Array<{ url: string; mode: 'push' | 'replace' }>;
  events: Array<{ name: string; detail: unknown }>;
  lines: { warn: string[]; error: string[]; info: string[] };
  scrolls: number;
  store: Map<string, string>;
  /** Other retailer pages by URL, for in-place navigation. */
  pages: Map<string, LoadedPage>;
  /** Full page loads the store asked for. */
  navigations: string[];
  heads: HeadTagsLike[];
  /** What the history entry remembers and how the page was reached (a fresh visit by default). */
  entry: { memory: unknown; arrival: 'navigate' | 'reload' | 'back_forward' | 'prerender' | 'unknown' };
  /**
   * The frame after a click: with `hold` set, work given to `afterPaint` waits in `pending` until
   * `paint()` runs it (to test what a click does before its frame is painted); otherwise it runs at once.
   */
  frame: { hold: boolean; pending: Array<() => void>; paint(): void };
}

/** Builds a fake environment whose page is at `href`. */
export function fakeEnv(href = 'http://shop.test/maple/dresses'): FakeEnv {
  let responder: (request: RecordedRequest) => Reply | Promise<Reply> = () => ({ status: 200, json: fakeResponse() });
  const url = { href };
  const lines = { warn: [] as string[], error: [] as string[], info: [] as string[] };
  const store = new Map<string, string>();
  const env: FakeEnv = {
    requests: [],
    reply: (fn) => (responder = fn),
    url,
    history: [],
    events: [],
    lines,
    scrolls: 0,
    store,
    pages: new Map(),
    navigations: [],
    heads: [],
    entry: { memory: undefined, arrival: 'navigate' },
    frame: {
      hold: false,
      pending: [],
      paint: () => env.frame.pending.splice(0).forEach((run) => run()),
    },
    afterPaint: (run) => (env.frame.hold ? void env.frame.pending.push(run) : run()),
    transport: {
      async request(target, init = {}) {
        const recorded = { url: target, init };
        env.requests.push(recorded);
        if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        const abort = new Promise<never>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
        const reply = await Promise.race([Promise.resolve(responder(recorded)), abort]);
        if (reply instanceof Error) throw reply;
        const headers = new Map(Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
        return {
          status: reply.status,
          ok: reply.status >= 200 && reply.status < 300,
          json: reply.json,
          headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
        } satisfies TransportResponse;
      },
    },
    timers: globalTimers(),
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    host: {
      location: () => new URL(url.href),
      writeUrl(next, mode) {
        env.history.push({ url: next, mode });
        url.href = new URL(next, url.href).href;
        return true;
      },
      scrollToTop: () => void env.scrolls++,
      title: () => 'Dresses | Maple',
      referrer: () => '',
      screen: () => ({ width: 1280, height: 800 }),
      userAgent: () => 'test-agent',
      dispatch: (name, detail) => void env.events.push({ name, detail }),
      navigate: (next) => void env.navigations.push(new URL(next, url.href).href),
      loadPage: async (target) => env.pages.get(target) ?? null,
      setHead: (tags) => void env.heads.push(tags),
      entryMemory: () => env.entry.memory,
      arrival: () => env.entry.arrival,
    } satisfies HostPort,
    now: () => Date.now(),
    log: {
      warn: (...args: unknown[]) => void lines.warn.push(args.map(String).join(' ')),
      error: (...args: unknown[]) => void lines.error.push(args.map(String).join(' ')),
      info: (...args: unknown[]) => void lines.info.push(args.map(String).join(' ')),
    },
  };
  return env;
}

/** A product with `variants` variants for tests. */
export function fakeProduct(id: string, variants = 3, overrides: Partial<Product> = {}): Product {
  return {
    product_id: id,
    title: `Product ${id}`,
    brand: 'Acme',
    url: `/maple/p/${id}`,
    image: `/img/product/${id}/v0.svg`,
    description: '<p>Nice</p>',
    quantity: 5,
    promo_message: '',
    price_range: { min_purchase_price: 40, max_purchase_price: 50 },
    reviews: [],
    review_count: 3,
    average_rating: 4.2,
    variants: Array.from({ length: variants }, (_, i) => ({
      id: `${id}-v${i}`,
      name: `Colour ${i}`,
      color: `Colour ${i}`,
      size: 'M',
      price: 50,
      sale_price: i === 0 ? 40 : null,
      images: [`/img/product/${id}/${id}-v${i}.svg`],
      swatch: '#336699',
      marketing_flag: '',
      selected: false,
    })),
    ...overrides,
  };
}

/** A search response with `shown` of `filtered` products. */
export function fakeResponse(opts: { shown?: number; filtered?: number; start?: number } = {}): SearchResponse {
  const filtered = opts.filtered ?? 100;
  const start = opts.start ?? 0;
  const shown = Math.min(opts.shown ?? 24, filtered);
  return {
    products: Array.from({ length: shown - start }, (_, i) => fakeProduct(`p${start + i}`)),
    similar_products: [],
    filters: [
      { key: 'color', label: 'Color', options: [{ key: 'black', text: 'Black', selected: false, count: 10 }] },
      { key: 'price', label: 'Price', options: [], abs_min: 12, abs_max: 288, min: 12, max: 288 },
    ],
    sort_options: [
      { key: 'relevance_desc', text: 'Featured', selected: true },
      { key: 'price_asc', text: 'Price: Low to High', selected: false },
    ],
    payload: { total: filtered, filtered, shown },
    start,
    size: shown,
    page: 'dresses',
    latency_ms: 3,
    h1_header: 'Dresses',
    description: '<p>Dresses</p>',
    related_pages: [],
    pageNotFound: false,
    notFoundHtmlElement: '',
    locale: 'en',
    region: 'us',
  };
}

/** A render context for tests (tenant maple, paged, search at http://search.test), with overrides. */
export function testContext(config: Partial<TenantConfig> = {}, rest: Partial<RenderContext> = {}): RenderContext {
  return {
    config: {
      id: 'maple',
      base: '/maple',
      prodUrl: 'https://maple.example',
      customerSearchId: 'maple-pine',
      defaultPageSize: 24,
      infiniteLoading: false,
      proxySearch: false,
      searchRouterReplaceState: false,
      searchHost: 'http://search.test',
      ...config,
    },
    environment: 'development',
    data: fakeResponse(),
    additional: { locale: 'en', region: 'us' },
    ...rest,
  };
}

/**
 * Timers that look `globalThis` up at each call, so that `vi.useFakeTimers()` drives them. Written
 * here rather than taken from the host adapters, so that the stores' test doubles need no upper layer.
 */
function globalTimers(): Timers {
  return {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
    setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
    clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
  };
}
