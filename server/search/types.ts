/** What the pure search engine needs and answers; the HTTP layer parses and writes the JSON. */
import type { ProductJson, Vehicle } from '../../fixtures/catalogue/index.js';
import type { SearchResponse, TenantConfig } from '../../sdk/core/types.js';
import type { BackendKind } from './strict.js';

/** A tenant as the engine reads it: its config plus the demo vertical (fixtures/tenants/*.json). */
export interface SearchTenant {
  config: TenantConfig;
  demo: { vertical: string; locales?: readonly string[]; usesModels?: boolean; backend?: string };
}

/** The tenants the engine serves, and the tenant named by the path for `{base}/search` calls. */
export interface SearchOptions {
  tenants: readonly SearchTenant[];
  /** Set when the call came in under a tenant's base (proxySearch): that tenant answers. */
  basePathTenant?: SearchTenant | string;
  /** 'strict' makes every tenant strict; otherwise its fixture decides. */
  backend?: BackendKind;
}

/** An HTTP-shaped answer: 200 with a search response, 400 `{ error }` for a bad body, … */
export interface SearchResult {
  status: number;
  json: unknown;
}

/** The sort keys `/search` accepts, in the order the sort control lists them. */
export const SORT_KEYS = [
  'relevance_desc',
  'price_asc',
  'price_desc',
  'rating_desc',
  'reviews_desc',
  'title_asc',
] as const;
/** A sort key (`sortBy_order`). */
export type SortKey = (typeof SORT_KEYS)[number];

/** Facets whose options are value lists (OR within the facet). */
export const LIST_FACETS = ['color', 'size', 'brand', 'deal'] as const;
/** A list facet key. */
export type ListFacet = (typeof LIST_FACETS)[number];
/** Every filter key `/search` accepts, in the order the filters are listed. */
export const FILTER_KEYS = ['price', 'rating', ...LIST_FACETS] as const;
/** A filter key. */
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The filters of one request, validated. */
export interface Selections {
  price?: [number, number];
  /** "N stars & up": with several ratings selected the lowest wins. */
  rating?: number;
  /** The rating values exactly as sent, to mark options selected. */
  ratingKeys: Set<string>;
  lists: Map<ListFacet, Set<string>>;
}

/** The search response as sent: products may carry `models[]` instead of `variants`. */
export interface SearchResponseJson extends Omit<SearchResponse, 'products' | 'similar_products'> {
  products: ProductJson[];
  similar_products: ProductJson[];
  /** Auto tenants: the vehicles the selector offers. */
  vehicles?: Vehicle[];
  /** Vehicle selector answers: the vehicle results were narrowed to. */
  vehicle?: { vehicle_id: string; vehicle_year: number; name: string };
}
