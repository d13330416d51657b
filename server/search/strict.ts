/**
 * The "strict backend": only the documented fields, as a retailer's real search service sends them.
 * Our engine adds conveniences an embed must not lean on; playing this backend lets the demo pages
 * and end-to-end journeys catch such reliance.
 */
import { isRecord } from '../../sdk/core/coerce.js';

/** The fields a strict backend sends, per entity. */
export const STRICT_FIELDS = {
  response: [
    'products',
    'similar_products',
    'filters',
    'sort_options',
    'payload',
    'start',
    'size',
    'page',
    'latency',
    'latency_ms',
    'h1_header',
    'description',
    'related_pages',
    'pageNotFound',
    'notFoundHtmlElement',
    'locale',
    'region',
  ],
  payload: ['total', 'filtered', 'shown'],
  relatedPage: ['title', 'href'],
  product: [
    'product_id',
    'title',
    'brand',
    'url',
    'image',
    'description',
    'quantity',
    'promo_message',
    'price_range',
    'reviews',
    'review_count',
    'average_rating',
    'variants',
    // Tenants that send models instead of variants.
    'models',
    'selected_model',
  ],
  priceRange: ['min_purchase_price', 'max_purchase_price'],
  review: ['id', 'nickname', 'text', 'rating'],
  variant: ['id', 'color', 'size', 'price', 'sale_price', 'images', 'swatch', 'marketing_flag', 'selected'],
  // A model is a variant under another name: its id is `model_id` and the product says which is selected.
  model: ['model_id', 'color', 'size', 'price', 'sale_price', 'images', 'swatch', 'marketing_flag'],
  filter: ['key', 'label', 'options', 'abs_min', 'abs_max', 'min', 'max'],
  option: ['key', 'text', 'selected'],
  sortOption: ['key', 'text', 'selected'],
  sitemap: ['url', 'title', 'links', 'subcategories', 'breadcrumbs'],
  sitemapLink: ['title', 'url'],
} as const satisfies Record<string, readonly string[]>;

type Json = Record<string, unknown>;

function pick(source: Json, fields: readonly string[]): Json {
  const out: Json = {};
  for (const field of fields) if (Object.hasOwn(source, field)) out[field] = source[field];
  return out;
}

function each(value: unknown, project: (item: Json) => Json): unknown {
  return Array.isArray(value) ? value.filter(isRecord).map(project) : value;
}

function projectProduct(product: Json): Json {
  const out = pick(product, STRICT_FIELDS.product);
  if (isRecord(out.price_range)) out.price_range = pick(out.price_range, STRICT_FIELDS.priceRange);
  if ('reviews' in out) out.reviews = each(out.reviews, (r) => pick(r, STRICT_FIELDS.review));
  if ('variants' in out) out.variants = each(out.variants, (v) => pick(v, STRICT_FIELDS.variant));
  if ('models' in out) out.models = each(out.models, (m) => pick(m, STRICT_FIELDS.model));
  return out;
}

function projectFilter(filter: Json): Json {
  const out = pick(filter, STRICT_FIELDS.filter);
  if ('options' in out) out.options = each(out.options, (o) => pick(o, STRICT_FIELDS.option));
  return out;
}

/** A search response as a strict backend sends it; an error body passes through untouched. */
export function strictSearchResponse(json: unknown): unknown {
  if (!isRecord(json) || !('products' in json || 'pageNotFound' in json)) return json;
  const out = pick(json, STRICT_FIELDS.response);
  if ('products' in out) out.products = each(out.products, projectProduct);
  if ('similar_products' in out) out.similar_products = each(out.similar_products, projectProduct);
  if ('filters' in out) out.filters = each(out.filters, projectFilter);
  if ('sort_options' in out) out.sort_options = each(out.sort_options, (s) => pick(s, STRICT_FIELDS.sortOption));
  if (isRecord(out.payload)) out.payload = pick(out.payload, STRICT_FIELDS.payload);
  if ('related_pages' in out) out.related_pages = each(out.related_pages, (p) => pick(p, STRICT_FIELDS.relatedPage));
  return out;
}

/** Visual sitemap data as a strict backend sends it. */
export function strictSitemap(data: unknown): unknown {
  if (!isRecord(data)) return data;
  const out = pick(data, STRICT_FIELDS.sitemap);
  for (const list of ['links', 'subcategories', 'breadcrumbs'] as const) {
    if (list in out) out[list] = each(out[list], (link) => pick(link, STRICT_FIELDS.sitemapLink));
  }
  return out;
}

/** Which backend the stack plays. */
export type BackendKind = 'rich' | 'strict';

/** Anything unknown is rich. */
export function backendKind(value: unknown): BackendKind {
  return value === 'strict' ? 'strict' : 'rich';
}

/** Strict when the stack as a whole is strict or the tenant asked for it. */
export function isStrict(global: BackendKind | undefined, tenant: { demo: { backend?: unknown } }): boolean {
  return global === 'strict' || backendKind(tenant.demo.backend) === 'strict';
}
