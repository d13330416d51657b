/** Event builders, pure so that table tests pin their fields. */
import { DEFAULT_QUERY_PARAMS, withoutPersonalData } from '../core/privacy.js';
import { resultId } from '../core/product.js';
import { CONVERSION_EVENTS, type Conversion, type ConversionKind } from '../core/conversion.js';
import type { Environment, Product, Variant } from '../core/types.js';
import type { AnalyticsEnvironment, AnalyticsEvent, EventData, TrackInput } from './types.js';

/** The render context's environment as events name it: production → production, qa → staging, development → development. */
export function analyticsEnvironment(environment: Environment): AnalyticsEnvironment {
  return environment === 'qa' ? 'staging' : environment;
}

/** The event as sent, with no personal data: every event is built here, so none is stored before that. */
export function buildEvent(
  parts: Omit<AnalyticsEvent, 'data'> & {
    data: EventData;
    globalMetadata?: Record<string, unknown>;
    queryParams?: readonly string[];
  },
): AnalyticsEvent {
  const { globalMetadata, queryParams = DEFAULT_QUERY_PARAMS, data, ...event } = parts;
  const draft: AnalyticsEvent = { ...event, data: { ...data, metadata: { ...globalMetadata, ...data.metadata } } };
  // A JSON round trip drops what cannot be sent (functions, undefined) and refuses cycles here,
  // where the caller hears about it, rather than in the sender.
  return withoutPersonalData(JSON.parse(JSON.stringify(draft)) as AnalyticsEvent, queryParams);
}

/** `navigate:visit_page`, sent after every navigation to a different path. */
export function visitEvent(visit: {
  /** The router's route name; anything but a string reads as 'unknown'. */
  routeName: unknown;
  title: string;
  referrer: string;
  redirectedFrom?: string | null;
  url: string;
}): TrackInput {
  return {
    event: 'navigate:visit_page',
    data: {
      page_type: typeof visit.routeName === 'string' ? visit.routeName : 'unknown',
      page_title: visit.title,
      referrer: visit.referrer,
      metadata: { redirected_from: visit.redirectedFrom ?? null },
    },
    url: visit.url,
  };
}

/** `ecommerce:add_to_cart` or `ecommerce:purchase`, as the page reported it (`Aisle.track`, already checked). */
export function conversionEvent(kind: ConversionKind, conversion: Conversion): TrackInput {
  return { event: CONVERSION_EVENTS[kind], data: { metadata: { ...conversion } } };
}

/** `ecommerce:product_click` for a card in one of the two product lists (position is 1-based). */
export function productClickEvent(click: {
  listName: 'search_results' | 'similar_products';
  position: number;
  product: Product;
  variant: Variant | null;
}): TrackInput {
  const { product, variant } = click;
  return {
    event: 'ecommerce:product_click',
    data: {
      metadata: {
        list_name: click.listName,
        list_position: click.position,
        product_id: product.product_id,
        brand: product.brand,
        name: product.title,
        price: variant?.price ?? product.price_range.min_purchase_price,
        variant_id: variant?.id ?? null,
        variant_name: variant?.name ?? null,
        sale_price: variant?.sale_price ?? null,
      },
    },
  };
}

/** A filter value as the DLP holds it: an option key, or a price range. */
export type FilterValue = string | [number, number];

/** `search:filter_add` or `search:filter_remove`. */
export function filterEvent(change: 'add' | 'remove', filter: { key: string; value: FilterValue }): TrackInput {
  return { event: `search:filter_${change}`, data: { metadata: { key: filter.key, value: filter.value } } };
}

/** `search:sort` with the sort key (`sortBy_order`). */
export function sortEvent(sort: string): TrackInput {
  return { event: 'search:sort', data: { metadata: { sort } } };
}

/** `search:display_results` after a search response is shown. */
export function displayResultsEvent(results: {
  filtersAppliedCount: number;
  latencyMs: number;
  pageNumber: number;
  pageSize: number;
  resultCount: number;
  /** The page name the listing was searched for. */
  query: string;
  /** `productId:variantId` of each product shown, see `resultIds()`. */
  resultIds: string[];
  searchType: 'dlp';
}): TrackInput {
  return {
    event: 'search:display_results',
    data: {
      metadata: {
        filters_applied_count: results.filtersAppliedCount,
        latency_ms: results.latencyMs,
        page_number: results.pageNumber,
        page_size: results.pageSize,
        result_count: results.resultCount,
        query: results.query,
        result_ids: results.resultIds,
        search_type: results.searchType,
      },
    },
  };
}

/** The `productId:variantId` of the variant each product card shows. */
export function resultIds(products: Product[]): string[] {
  return products.map(resultId);
}

/** `ecommerce:product_impressions`: cards seen (half in view for a second) in one list and result set. */
export function impressionsEvent(batch: {
  listName: 'search_results' | 'similar_products';
  /** The listing view the cards were seen in (kept across Back). */
  listingViewId: string;
  resultSet: string;
  items: Array<{ productId: string; position: number; page: number }>;
}): TrackInput {
  return {
    event: 'ecommerce:product_impressions',
    data: {
      metadata: {
        list_name: batch.listName,
        listing_view_id: batch.listingViewId,
        result_set: batch.resultSet,
        products: batch.items.map((i) => ({ product_id: i.productId, list_position: i.position, page_number: i.page })),
      },
    },
  };
}
