/**
 * Host events (`Aisle.on`) let the retailer's code follow the shopper without reading Aisle's DOM.
 * The registry lives in aisle.js so a page can subscribe before the app arrives.
 */
import { HOST_EVENT_NAMES, type HostEventHandler, type HostEventName, type HostEventPayloads } from '../contract.js';
import type { TrackIntent } from '../stores/Tracker.js';

/** Emits a host event (what the app is handed). */
export type EmitHostEvent = <K extends HostEventName>(name: K, payload: HostEventPayloads[K]) => void;

/** The handlers the page registered, by event. */
export class HostEvents {
  readonly #handlers = new Map<HostEventName, Set<(payload: never) => void>>();

  constructor(private readonly log: Pick<Console, 'warn' | 'error'> = console) {}

  /** Registers `handler` for `name`; an unknown name or a handler that is no function is refused in words. */
  on<K extends HostEventName>(name: K, handler: HostEventHandler<K>): () => void {
    if (!(HOST_EVENT_NAMES as readonly string[]).includes(name)) {
      this.log.warn(`[Aisle] Aisle.on: "${String(name)}" is not an event of Aisle's (${HOST_EVENT_NAMES.join(', ')}).`);
      return () => undefined;
    }
    if (typeof handler !== 'function') {
      this.log.warn(`[Aisle] Aisle.on("${name}"): the handler is not a function.`);
      return () => undefined;
    }
    let set = this.#handlers.get(name);
    if (!set) this.#handlers.set(name, (set = new Set()));
    set.add(handler as (payload: never) => void);
    return () => this.off(name, handler);
  }

  off<K extends HostEventName>(name: K, handler: HostEventHandler<K>): void {
    this.#handlers.get(name)?.delete(handler as (payload: never) => void);
  }

  /** Calls each handler of `name` with its own copy of `payload`; a failing one is logged, the others still run. */
  readonly emit: EmitHostEvent = (name, payload) => {
    const set = this.#handlers.get(name);
    if (!set?.size) return;
    for (const handler of [...set])
      try {
        (handler as HostEventHandler<typeof name>)(structuredCopy(payload));
      } catch (error) {
        this.log.error(`[Aisle] a handler of "${name}" failed:`, error);
      }
  };

  clear(): void {
    this.#handlers.clear();
  }
}

/** A copy of a payload (plain data: objects, arrays, strings, numbers, null). */
function structuredCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** `url` made absolute against the page's address (as the card's link is followed), else as it is. */
function absolute(url: string, pageUrl: string): string {
  try {
    return new URL(url, pageUrl).href;
  } catch {
    return url;
  }
}

/**
 * The host event an intent of the app's tracker makes; links are made absolute against `pageUrl`.
 * A conversion makes none: the page reported it itself (`Aisle.track`).
 */
export function hostEventOf(
  intent: TrackIntent,
  pageUrl: string,
): { [K in HostEventName]: [K, HostEventPayloads[K]] }[HostEventName] | null {
  switch (intent.kind) {
    case 'conversion':
      return null;
    case 'product-click':
      return [
        'productClick',
        {
          productId: intent.product.product_id,
          variantId: intent.variantId,
          position: intent.position,
          list: intent.listName,
          url: absolute(intent.product.url, pageUrl),
          title: intent.product.title,
          price: intent.product.price_range.min_purchase_price,
        },
      ];
    case 'filter':
      return [
        'filterChange',
        {
          change: intent.change,
          key: intent.key,
          value: Array.isArray(intent.value) ? [intent.value[0], intent.value[1]] : intent.value,
        },
      ];
    case 'sort':
      return ['sortChange', { sort: intent.sort }];
    case 'results':
      return [
        'resultsShown',
        {
          page: intent.pageNumber,
          pageSize: intent.pageSize,
          resultCount: intent.resultCount,
          query: intent.query,
          productIds: intent.products.map((product) => product.product_id),
          filtersApplied: intent.filtersAppliedCount,
        },
      ];
    case 'visit':
      return ['pageChange', { url: intent.url, screen: intent.routeName, redirectedFrom: intent.redirectedFrom }];
  }
}
