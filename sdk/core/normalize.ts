/**
 * The edge where untrusted input becomes Aisle's types, read once: search responses,
 * sitemap data and the render context. Nothing here throws; bad fields become safe defaults.
 */
import type {
  AdditionalParams,
  Environment,
  Filter,
  FilterOption,
  Product,
  RenderContext,
  SearchResponse,
  SitemapData,
  SitemapLink,
  SortOption,
  TenantConfig,
  VehicleOption,
} from './types.js';
import { ENVIRONMENTS } from './types.js';
import { TENANT_FIELD_NAMES, tenantField, type TenantFieldSpec } from './tenantFields.js';
import { isRecord, optionalStr, toArray, toBool, toNumOrNull, toPositiveInt, toStr } from './coerce.js';
import { normalizeProducts, resolveSwatch, type UrlResolver } from './normalizeProduct.js';
import { routeBase } from './safeUrl.js';
import { readCustomization } from './customization.js';
import { readConsentSetting } from './consentSetting.js';
import { DEFAULT_LOCALE } from './locales.js';
import { messagesFor } from './messages.js';

/**
 * A search response in our shape, or null (a failed search: the caller keeps what is shown). A
 * non-empty `products` with not one product in it is unreadable: it would wipe the grid.
 */
export function normalizeSearchResponse(raw: unknown, resolve: UrlResolver = (url) => url): SearchResponse | null {
  if (!isRecord(raw)) return null;
  const pageNotFound = toBool(raw.pageNotFound);
  if (!Array.isArray(raw.products) && !pageNotFound) return null;
  const products = normalizeProducts(raw.products, resolve);
  if (!pageNotFound && toArray(raw.products).length > 0 && products.length === 0) return null;
  const start = toCount(raw.start) ?? 0;
  // Both readings appear in the wild; `latency_ms` wins when both are numbers.
  const latency = toCount(raw.latency_ms) ?? toCount(raw.latency) ?? 0;
  return {
    products,
    similar_products: normalizeProducts(raw.similar_products, resolve),
    filters: withVariantSwatches(
      toArray(raw.filters).flatMap((filter) => keep(normalizeFilter(filter, resolve))),
      products,
    ),
    sort_options: toArray(raw.sort_options).flatMap((option) => keep(normalizeSortOption(option))),
    payload: readPayload(raw.payload, start, products.length),
    start,
    size: toCount(raw.size) ?? products.length,
    page: toStr(raw.page),
    latency_ms: latency,
    h1_header: toStr(raw.h1_header),
    description: toStr(raw.description),
    related_pages: toArray(raw.related_pages).flatMap((page) =>
      isRecord(page) && toStr(page.title).trim() !== '' ? [{ title: toStr(page.title), href: toStr(page.href) }] : [],
    ),
    pageNotFound,
    notFoundHtmlElement: toStr(raw.notFoundHtmlElement),
    locale: toStr(raw.locale),
    region: toStr(raw.region),
    ...vehiclesOf(raw.vehicles),
  };
}

/**
 * The counts of a reply; an unbelievable count falls back to the others. Counts never claim fewer
 * items than the reply holds ("0 items" above a full grid), nor more than the backend says it holds.
 */
function readPayload(raw: unknown, start: number, received: number): SearchResponse['payload'] {
  const payload = isRecord(raw) ? raw : {};
  const reach = received > 0 ? start + received : 0;
  const shown = toCount(payload.shown) ?? reach;
  const filtered = Math.max(toCount(payload.filtered) ?? toCount(payload.total) ?? shown, received);
  const total = Math.max(toCount(payload.total) ?? filtered, filtered);
  return { total, filtered, shown: Math.min(shown, filtered) };
}

/** A whole, non-negative, safe number (numeric strings accepted), else null. */
function toCount(value: unknown): number | null {
  const parsed = toNumOrNull(value);
  if (parsed === null || parsed < 0) return null;
  const whole = Math.floor(parsed);
  return Number.isSafeInteger(whole) ? whole : null;
}

function vehiclesOf(raw: unknown): { vehicles?: VehicleOption[] } {
  const vehicles = toArray(raw).flatMap((v): VehicleOption[] => {
    if (!isRecord(v) || toStr(v.id) === '') return [];
    const years = toArray(v.years).map((y) => toNumOrNull(y));
    const [from, to] = [years[0], years[years.length - 1]];
    if (from == null || to == null || from > to || to - from > 100) return [];
    return [{ id: toStr(v.id), name: toStr(v.name) || toStr(v.id), years: [from, to] }];
  });
  return vehicles.length > 0 ? { vehicles } : {};
}

/** Sitemap (VSM) data in our shape, or null when `raw` is not an object. */
export function normalizeSitemap(raw: unknown): SitemapData | null {
  if (!isRecord(raw)) return null;
  return {
    url: toStr(raw.url),
    title: toStr(raw.title),
    links: normalizeLinks(raw.links),
    subcategories: normalizeLinks(raw.subcategories),
    breadcrumbs: normalizeLinks(raw.breadcrumbs),
  };
}

/** True when data looks like VSM data rather than a search response (the context's `data` is either). */
export function isSitemapShape(raw: unknown): boolean {
  return isRecord(raw) && !('products' in raw) && ('links' in raw || 'subcategories' in raw);
}

/** Outcome of reading `#aisle-context`: the context, or why it cannot be used. */
export type RenderContextResult = { ok: true; context: RenderContext } | { ok: false; error: string };

/** Validates a render context (an object, or its JSON text) and fills the documented defaults. */
export function readRenderContext(raw: unknown): RenderContextResult {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, error: 'render context is not valid JSON' };
    }
  }
  if (!isRecord(value)) return { ok: false, error: 'render context is not an object' };
  if (!isRecord(value.config)) return { ok: false, error: 'render context has no config' };
  const id = toStr(value.config.id).trim();
  if (id === '') return { ok: false, error: 'render context config has no id' };
  const context: RenderContext = {
    config: readConfig(value.config, id),
    environment: readEnvironment(value.environment),
    additional: readAdditional(value.additional),
  };
  const data = isSitemapShape(value.data) ? normalizeSitemap(value.data) : normalizeSearchResponse(value.data);
  if (data) context.data = data;
  return { ok: true, context };
}

/** A sentence per unusable `config.customization` entry (the rest still applies). */
export function customizationProblems(raw: unknown): string[] {
  const config = isRecord(raw) && isRecord(raw.config) ? raw.config : null;
  return config ? readCustomization(config.customization, Object.keys(messagesFor(DEFAULT_LOCALE))).problems : [];
}

/** Field by field from the tenant table: a field with a default is always present, others only when usable. */
function readConfig(raw: Record<string, unknown>, id: string): TenantConfig {
  const config: Record<string, unknown> = { id };
  for (const field of TENANT_FIELD_NAMES) {
    if (field === 'id') continue;
    const value = readField(tenantField(field), raw[field]);
    if (value !== undefined) config[field] = value;
  }
  // The table's kinds give each field the type `TenantConfig` derives from the same table.
  return config as TenantConfig;
}

function readField(spec: TenantFieldSpec, raw: unknown): unknown {
  switch (spec.kind) {
    case 'id':
      return toStr(raw).trim() || undefined;
    case 'path':
      // Every route and Home crumb is built on the base: anything but a plain path is dropped.
      return routeBase(toStr(raw));
    case 'string':
    case 'url': {
      const text = optionalStr(raw);
      return (spec.kind === 'string' && spec.trim ? text?.trim() : text) || spec.default;
    }
    case 'bool':
      return toBool(raw, spec.default);
    case 'positiveInt':
      return toPositiveInt(raw) ?? spec.default;
    case 'enum': {
      const text = toStr(raw).trim().toLowerCase();
      return spec.values.includes(text) ? text : undefined;
    }
    case 'rate': {
      const rate = toNumOrNull(raw);
      return rate !== null && rate >= 0 && rate <= 1 ? rate : undefined;
    }
    case 'object':
      // An integration is on only with every field it needs (docs/integrations.md).
      return readFields(raw, spec.fields);
    case 'customization':
      // What cannot be used is left out here; mount names it in one warning (customizationProblems).
      return readCustomization(raw, Object.keys(messagesFor(DEFAULT_LOCALE))).value;
    case 'names':
      return readNames(raw, spec.max);
    case 'consent':
      return readConsentSetting(raw);
  }
}

function readNames(raw: unknown, max: number): string[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const names = raw.flatMap((item) => {
    const text = typeof item === 'string' ? item.trim() : '';
    return text !== '' && text.length <= 100 ? [text] : [];
  });
  return names.length > 0 ? [...new Set(names)].slice(0, max) : undefined;
}

function readFields(raw: unknown, keys: readonly string[]): Record<string, string> | undefined {
  if (!isRecord(raw)) return undefined;
  const out: Record<string, string> = {};
  for (const key of keys) {
    const text = optionalStr(raw[key])?.trim();
    if (!text) return undefined;
    out[key] = text;
  }
  return out;
}

function readEnvironment(raw: unknown): Environment {
  return ENVIRONMENTS.find((environment) => environment === raw) ?? ENVIRONMENTS[0];
}

function readAdditional(raw: unknown): AdditionalParams {
  if (!isRecord(raw)) return {};
  // Unknown parameters pass through untouched: they are forwarded to the search body.
  const additional: AdditionalParams = { ...raw };
  for (const field of ['lang', 'locale', 'region', 'campaign'] as const) {
    const text = optionalStr(raw[field]);
    if (text === undefined) delete additional[field];
    else additional[field] = text;
  }
  const pageSize = toPositiveInt(raw.pageSize);
  if (pageSize === null) delete additional.pageSize;
  else additional.pageSize = pageSize;
  return additional;
}

function normalizeFilter(raw: unknown, resolve: UrlResolver): Filter | null {
  if (!isRecord(raw)) return null;
  const key = toStr(raw.key);
  if (key === '') return null;
  const filter: Filter = {
    key,
    label: toStr(raw.label) || key,
    options: toArray(raw.options).flatMap((option) => keep(normalizeOption(option, resolve))),
  };
  for (const bound of ['abs_min', 'abs_max', 'min', 'max'] as const) {
    const value = toNumOrNull(raw[bound]);
    if (value !== null) filter[bound] = value;
  }
  return filter;
}

function normalizeOption(raw: unknown, resolve: UrlResolver): FilterOption | null {
  if (!isRecord(raw)) return null;
  const key = toStr(raw.key);
  if (key === '') return null;
  const option: FilterOption = { key, text: toStr(raw.text) || key, selected: toBool(raw.selected) };
  // Counts are optional: only a believable one is kept, so a garbled count never disables an option.
  const count = toCount(raw.count);
  if (count !== null) option.count = count;
  const swatch = toStr(raw.swatch);
  if (swatch !== '') option.swatch = resolveSwatch(swatch, resolve);
  return option;
}

function normalizeSortOption(raw: unknown): SortOption | null {
  if (!isRecord(raw)) return null;
  const key = toStr(raw.key);
  if (key === '') return null;
  return { key, text: toStr(raw.text) || key, selected: toBool(raw.selected) };
}

function normalizeLinks(raw: unknown): SitemapLink[] {
  // A link without a title cannot be placed under a letter or read aloud, so it is dropped.
  return toArray(raw).flatMap((link) =>
    isRecord(link) && toStr(link.title).trim() !== '' ? [{ title: toStr(link.title), url: toStr(link.url) }] : [],
  );
}

function keep<T>(value: T | null): T[] {
  return value === null ? [] : [value];
}

/** Colour names compared loosely: "Forest Green", "forest-green" and "forest_green" are one colour. */
function colourName(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A colour option without a swatch borrows one from a variant of that colour, so the panel shows no blank dots. */
function withVariantSwatches(filters: Filter[], products: Product[]): Filter[] {
  const colour = filters.find((filter) => filter.key === 'color');
  if (!colour || colour.options.every((option) => option.swatch)) return filters;
  const swatches = new Map<string, string>();
  for (const product of products)
    for (const variant of product.variants) {
      const name = colourName(variant.color);
      if (name !== '' && variant.swatch !== '' && !swatches.has(name)) swatches.set(name, variant.swatch);
    }
  if (swatches.size === 0) return filters;
  const options = colour.options.map((option) => {
    if (option.swatch) return option;
    const swatch = swatches.get(colourName(option.text)) ?? swatches.get(colourName(option.key));
    return swatch ? { ...option, swatch } : option;
  });
  return filters.map((filter) => (filter === colour ? { ...colour, options } : filter));
}
