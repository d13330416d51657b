/**
 * The names Aisle shares with the pages that embed it, declared once: the embed, the app, the
 * extension and the local stack import them from here, so that no two copies can drift. Only
 * constants and types: nothing here needs React, the DOM or a store.
 */

/** Id of the `<script type="application/json">` element holding a page's render context. */
export const CONTEXT_ELEMENT_ID = 'aisle-context';

/** Id of the `<template>` holding the head tags a page wants Aisle to copy into the head. */
export const HEAD_TEMPLATE_ID = 'aisle-head';

/** The window event Aisle dispatches at each search and analytics step, for debugging tools. */
export const DEBUG_EVENT = 'aisle:debug';

/** The name of Aisle's global on the page (`window.Aisle`). */
export const GLOBAL_NAME = 'Aisle';

/** The events Aisle tells the host page about (`Aisle.on(name, handler)`), in docs/theming.md. */
export const HOST_EVENT_NAMES = ['productClick', 'filterChange', 'sortChange', 'resultsShown', 'pageChange'] as const;

/** A host event's name. */
export type HostEventName = (typeof HOST_EVENT_NAMES)[number];

/** What each host event's handler receives: plain copies, which the handler may keep or change. */
export interface HostEventPayloads {
  /** The shopper chose a product (before the page goes to it). */
  productClick: {
    productId: string;
    variantId: string | null;
    /** 1-based position in its list. */
    position: number;
    list: 'search_results' | 'similar_products';
    url: string;
    title: string;
    /** The lowest price the product sells for, in the page's currency. */
    price: number;
  };
  /** A filter value was added or removed (a price range as `[min, max]`). */
  filterChange: { change: 'add' | 'remove'; key: string; value: string | [number, number] };
  /** Another sort order was chosen (the sort's id, as in the address). */
  sortChange: { sort: string };
  /** New results are on screen: the first ones, or after a filter, sort, page or more loaded. */
  resultsShown: {
    /** The results page (1-based) and its size. */
    page: number;
    pageSize: number;
    /** How many products the whole result set holds. */
    resultCount: number;
    /** What the listing searched for: its page (a category such as `womens-running-shoes`). */
    query: string;
    productIds: string[];
    filtersApplied: number;
  };
  /** Aisle shows another page (a listing or the sitemap), the first one included. */
  pageChange: { url: string; screen: string; redirectedFrom: string | null };
}

/** A handler of host event `K`. */
export type HostEventHandler<K extends HostEventName> = (payload: HostEventPayloads[K]) => void;

/**
 * A product as a card slot receives it: a plain copy of the card's documented fields, for the variant
 * the card shows (the shopper may choose another with its swatches: the slot is then drawn again).
 */
export interface CardSlotProduct {
  productId: string;
  /** The variant on show, or null for a product without variants. */
  variantId: string | null;
  title: string;
  /** '' when the product has none. */
  brand: string;
  /** The product page, absolute; '' when the product's address is unusable. */
  url: string;
  /** The image on show, as the card loads it ('' when none). */
  image: string;
  /** The variant's price (else the product's lowest), in the page's currency. */
  price: number;
  /** The price it sells for when on sale (below `price`), else null. */
  salePrice: number | null;
  /** The average rating (0 to 5) when the product has reviews, else null. */
  rating: number | null;
  reviewCount: number;
  /** The variant's marketing flag ("New", "Limited"), else null. */
  flag: string | null;
  /** The product's promotion text, else null. */
  promo: string | null;
  /** 1-based position in its list, and the list. */
  position: number;
  list: 'search_results' | 'similar_products';
}

/** Attributes a card slot's builder accepts (see docs/customization-parts.md for what it refuses). */
export type CardSlotAttributes = Record<
  string,
  string | number | boolean | null | undefined | ((event: Event) => void)
>;

/** What a card slot's builder takes as children: text (never read as HTML), nodes, or lists of them. */
export type CardSlotChild = Node | string | number | false | null | undefined | readonly CardSlotChild[];

/** The safe DOM builder a card slot receives: `h('button', { class: 'btn', onClick }, 'Add to cart')`. */
export type CardSlotBuilder = (
  tag: string,
  attributes?: CardSlotAttributes | null,
  ...children: CardSlotChild[]
) => HTMLElement;

/** A card slot: the shop's markup for one product, or null for none. */
export type CardSlot = (product: CardSlotProduct, h: CardSlotBuilder) => Node | null;

/** The shop's markup in each card: a badge over the image, an action row under the price. */
export interface CardSlots {
  badge?: CardSlot;
  actions?: CardSlot;
}

/** The conversions a page reports with `Aisle.track(event, data)` (docs/embedding.md#conversions). */
export type AisleConversionEvent = 'add_to_cart' | 'purchase';

/** One product of a conversion: its id, how many, and its unit price in the shop's currency. */
export interface AisleConversionItem {
  product_id: string;
  /** A whole number from 1. */
  quantity: number;
  /** The unit price paid, from 0, in `currency`. */
  price: number;
}

/** What `Aisle.track` takes with the event. */
export interface AisleConversionData {
  items: AisleConversionItem[];
  /** The shop's currency, as an ISO 4217 code (`EUR`, `CAD`). */
  currency: string;
  /** The order's id, required for a purchase: an order reported twice (page and server) counts once. */
  order_id?: string;
}

/** What `Aisle.track` answers: recorded (or waiting for the app, or for consent), or why not. */
export type AisleTrackResult = { ok: true } | { ok: false; error: string };

/** What `window.Aisle` offers the page. */
export interface AisleGlobal {
  version: string;
  /** Renders Aisle for a render context; resolves once the first render is on screen. */
  mount(context: unknown): Promise<void>;
  /** Removes everything Aisle installed, the host events' handlers included, and restores the host's content. */
  unmount(): void;
  /** Calls `handler` at each host event `name`; returns what stops it (as `off` does). */
  on<K extends HostEventName>(name: K, handler: HostEventHandler<K>): () => void;
  /** Stops calling `handler` at `name`. */
  off<K extends HostEventName>(name: K, handler: HostEventHandler<K>): void;
  /**
   * The retailer's consent tool reports the shopper's choices: `true` grants a category, `false`
   * withdraws it, a key left out keeps its state (docs/privacy.md#consent).
   */
  consent(choices: { analytics?: boolean; errors?: boolean; clicks?: boolean; experiments?: boolean }): void;
  /** Sets the shop's card slots (each call replaces the last; null removes them); unmount removes them too. */
  setCardSlots(slots: CardSlots | null): void;
  /**
   * Reports an add to cart or a purchase, recorded with Aisle's analytics (consent rules apply) and
   * credited to the listing click that led to it. Bad input is refused with a console warning and an
   * `{ ok: false, error }` answer; it never throws.
   */
  track(event: AisleConversionEvent, data: AisleConversionData): AisleTrackResult;
  debug: {
    /** A JSON-safe picture of the analytics queue and the search state; never holds the token. */
    snapshot(): unknown;
  };
}

/**
 * A window as Aisle's code sees it. The global is `unknown` when read: the page may have put
 * anything there (an older Aisle, another script's object), and reading it must not trust it.
 */
export type WindowWithAisle = { [GLOBAL_NAME]?: unknown };

/** The debug snapshot before anything was mounted (and the parts of it nothing has filled yet). */
export function emptyDebugSnapshot(): {
  analytics: { status: 'created'; visitorId: null; visitorCode: null; tokenExp: null; events: [] };
  mount: { state: 'none'; reason: null };
  search: { loading: false; lastRequest: null; lastLatencyMs: null };
} {
  return {
    analytics: { status: 'created', visitorId: null, visitorCode: null, tokenExp: null, events: [] },
    mount: { state: 'none', reason: null },
    search: { loading: false, lastRequest: null, lastLatencyMs: null },
  };
}
