/**
 * What the stores need from the outside world, passed in so tests can give fakes. Types only,
 * importing nothing, so every layer may depend on them without importing another.
 */

/** An HTTP answer with its JSON already parsed (undefined when the body was not JSON). */
export interface TransportResponse {
  status: number;
  ok: boolean;
  json: unknown;
  headers: { get(name: string): string | null };
}

/** Options of one request. */
export interface TransportRequest {
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  /** Query parameters appended to the URL. */
  params?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
  keepalive?: boolean;
  credentials?: 'omit' | 'same-origin' | 'include';
}

/** Sends JSON requests; rejects on network failure, time-out or abort, resolves for every status. */
export interface Transport {
  request(url: string, init?: TransportRequest): Promise<TransportResponse>;
}

/** An opaque timer handle. */
export type TimerHandle = unknown;

/** The clock's timers (every rule with time: debounce, polling, retries) go through this, so tests run on fake time. */
export interface Timers {
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(fn: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

/** Key/value storage (localStorage in the browser); every call may throw (full, disabled). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The address bar as Aisle sees it. */
export interface HostLocation {
  /** Path and query, e.g. `/maple/dresses?sort=price_asc`. */
  readonly pathname: string;
  readonly search: string;
  readonly href: string;
  readonly origin: string;
}

/** Another retailer page's render context and head tags (see sdk/host/pageLoader.ts). */
export interface LoadedPage {
  context: unknown;
  head: HeadTagsLike | null;
}

/** Head tags as the host adapters define them. */
export interface HeadTagsLike {
  title?: string;
  canonical?: string;
  metaTitle?: string;
  description?: string;
  robots?: string;
}

/** Everything host-facing the stores use. */
export interface HostPort {
  location(): HostLocation;
  /** Writes a new address (push or replace); returns false when the update was stopped. */
  writeUrl(url: string, mode: 'push' | 'replace'): boolean;
  /** Scrolls the window so that Aisle's top is visible. */
  scrollToTop(): void;
  /** The document title, for analytics. */
  title(): string;
  referrer(): string;
  screen(): { width: number; height: number };
  userAgent(): string;
  /** Dispatches a CustomEvent on window. */
  dispatch(name: string, detail: unknown): void;
  /** Navigates the whole page (product links, pages Aisle cannot show itself). */
  navigate(url: string): void;
  /** Fetches another same-origin retailer page's context and head, or null when it cannot. */
  loadPage(url: string): Promise<LoadedPage | null>;
  /** Replaces Aisle's head tags (title, canonical, meta title, description, robots). */
  setHead(tags: HeadTagsLike): void;
  /**
   * What the current history entry remembers of the listing (Aisle's own key of the entry's state),
   * unvalidated; undefined when nothing. Optional: a host without history has nothing to restore.
   */
  entryMemory?(): unknown;
  /** How this page load was reached: `back_forward` and `reload` may restore a listing. */
  arrival?(): 'navigate' | 'reload' | 'back_forward' | 'prerender' | 'unknown';
}

/** The injected environment of the RootStore. */
export interface StoreEnv {
  transport: Transport;
  timers: Timers;
  storage: KeyValueStorage;
  host: HostPort;
  now(): number;
  /** Where diagnostics go (console in the browser). */
  log: Pick<Console, 'warn' | 'error' | 'info'>;
  /** Runs `run` after the next paint, so work the shopper does not see stays out of the frame answering a click. */
  afterPaint(run: () => void): void;
  /** The page's consent (core/consent.ts); absent, everything runs as under the `implied` mode. */
  consent?: ConsentPort;
}

/** The shopper's consent as the stores and the analytics session follow it (core/consent.ts keeps it). */
export interface ConsentPort {
  /** Whether `category` may store and send now, under the tenant's mode. */
  allows(category: 'analytics' | 'errors' | 'clicks' | 'experiments', mode: 'required' | 'implied'): boolean;
  /** Whether the shopper refused (or withdrew) `category`, or Global Privacy Control turns it off. */
  refused(category: 'analytics' | 'errors' | 'clicks' | 'experiments'): boolean;
  /** Calls `listener` after each change of the shopper's choices; returns what stops it. */
  subscribe(listener: () => void): () => void;
}
