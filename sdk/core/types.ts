/** Aisle's types; untrusted responses are normalised into them once, in `normalize.ts`. */
import type { TenantConfig } from './tenantFields.js';

/** Region codes; `ca` switches prices, swatches and breadcrumbs. */
export const REGIONS = ['us', 'ca'] as const;
/** Region code. */
export type Region = (typeof REGIONS)[number];
export { LOCALES, type Locale } from './locales.js';
/** Where the render context says the page runs; the first is assumed when it says nothing usable. */
export const ENVIRONMENTS = ['production', 'qa', 'development'] as const;
/** Where the render context says the page runs. */
export type Environment = (typeof ENVIRONMENTS)[number];

/** A purchasable variant (or a normalised `models[]` entry). */
export interface Variant {
  id: string;
  /** e.g. "Black / 8". */
  name: string;
  color: string;
  size: string;
  price: number;
  /** Null when not discounted. */
  sale_price: number | null;
  images: string[];
  /** Swatch image URL or CSS colour. */
  swatch: string;
  marketing_flag: string;
  selected: boolean;
}

/** A shopper review. */
export interface Review {
  id: string;
  nickname: string;
  text: string;
  rating: number;
}

/** A product as Aisle uses it, whatever the tenant sent (variants or models). */
export interface Product {
  product_id: string;
  title: string;
  brand: string;
  url: string;
  image: string;
  /** Server HTML: sanitise before display. */
  description: string;
  quantity: number;
  promo_message: string;
  price_range: { min_purchase_price: number; max_purchase_price: number };
  reviews: Review[];
  review_count: number;
  average_rating: number;
  variants: Variant[];
}

/** One option of a facet. `count` is an Aisle extension: a backend sending none is normal. */
export interface FilterOption {
  key: string;
  text: string;
  selected: boolean;
  count?: number;
  /** Colour options: a CSS hex colour or an image URL for the swatch. */
  swatch?: string;
}

/** A facet. The price facet also carries the absolute and selected bounds. */
export interface Filter {
  key: string;
  label: string;
  options: FilterOption[];
  abs_min?: number;
  abs_max?: number;
  min?: number;
  max?: number;
}

/** A sort choice; `key` has the form `sortBy_order`. */
export interface SortOption {
  key: string;
  text: string;
  selected: boolean;
}

/** A link to a related category page. */
export interface RelatedPage {
  title: string;
  href: string;
}

/** The search response, normalised. */
export interface SearchResponse {
  products: Product[];
  similar_products: Product[];
  filters: Filter[];
  sort_options: SortOption[];
  payload: { total: number; filtered: number; shown: number };
  start: number;
  size: number;
  page: string;
  latency_ms: number;
  h1_header: string;
  /** Server HTML: sanitise before display. */
  description: string;
  related_pages: RelatedPage[];
  pageNotFound: boolean;
  /** Server HTML: sanitise before display. */
  notFoundHtmlElement: string;
  locale: string;
  region: string;
  /** Auto-parts tenants: the vehicles the vehicle selector offers. */
  vehicles?: VehicleOption[];
}

/** A vehicle the selector offers, with the model years it covers (inclusive). */
export interface VehicleOption {
  id: string;
  name: string;
  years: [number, number];
}

/** A filter as sent in the search body: values, or a `[min, max]` pair for price. */
export interface RequestFilter {
  key: string;
  value: string[] | [number, number];
}

/** The environment names a search body may carry. */
export const SEARCH_ENVIRONMENTS = ['staging', 'production'] as const;

/** The body of `POST /search`. */
export interface SearchRequest {
  customer: string;
  size: number;
  start: number;
  page: string;
  skip_cache: boolean;
  environment: (typeof SEARCH_ENVIRONMENTS)[number];
  region?: string;
  locale?: string;
  sort?: string;
  filters: RequestFilter[];
  pageSize: number;
  pageNumber: number;
  /** Vehicle selector fields, only for `/vehicle-selector`. */
  vehicle_id?: string;
  vehicle_year?: string;
  [additional: string]: unknown;
}

/** A link in the visual sitemap. */
export interface SitemapLink {
  title: string;
  url: string;
}

/** The visual sitemap (VSM). */
export interface SitemapData {
  url: string;
  title: string;
  links: SitemapLink[];
  subcategories: SitemapLink[];
  breadcrumbs: SitemapLink[];
}

export type { TenantConfig };

/** Extra parameters of the render context. */
export interface AdditionalParams {
  lang?: string;
  locale?: string;
  region?: string;
  campaign?: string;
  pageSize?: number;
  [param: string]: unknown;
}

/** What a retailer page hands to Aisle in `#aisle-context`. */
export interface RenderContext {
  config: TenantConfig;
  environment: Environment;
  data?: SearchResponse | SitemapData;
  additional: AdditionalParams;
}

/** The listing state carried in the page URL (format in `urlState.ts`). */
export interface UrlState {
  filters: RequestFilter[];
  sort?: string;
  attributes: string[];
  pageNumber: number;
  pageSize: number;
}

/** Screen class: above 1024 px desktop, 769 to 1024 tablet, 768 or less mobile. */
export type Viewport = 'mobile' | 'tablet' | 'desktop';

/** The screen a path shows (its route) and its page name. */
export interface PageRoute {
  screen: 'dlp' | 'vsm';
  page: string;
}
