/**
 * The listing state in the page URL, two pure mappers (defaults are left out when writing):
 *
 *   ?filters=color~black~navy&filters=size~men__10&price=10/200&range=KEY~MIN/MAX&sort=price_asc
 *    &attributes=new,on-sale&pageNumber=2&pageSize=48
 *
 * `~` is unreserved, and structure is read after URL-decoding, so a router that re-encodes it as
 * `%7E` still works; a literal `~`, `,` or `%` inside a part is written `%7E`/`%2C`/`%25` first.
 * A reversed price range is swapped. Reading never throws: duplicates merge, bad numbers fall back.
 */
import type { AdditionalParams, RequestFilter, SearchResponse, TenantConfig, UrlState } from './types.js';
import { toNumOrNull, toPositiveInt } from './coerce.js';

/** Values left out of the URL. */
export interface UrlDefaults {
  pageSize: number;
}

/** A filter holding a `[min, max]` range rather than option values. */
export type RangeFilter = { key: string; value: [number, number] };

/** The separator between a filter key and its values. */
export const FILTER_SEPARATOR = '~';

/** The filter key whose range is written as `price=MIN/MAX`. */
export const PRICE_KEY = 'price';

/** True for a numeric range (the price slider) rather than option values. */
export function isRangeFilter(filter: RequestFilter): filter is RangeFilter {
  return filter.value.length === 2 && filter.value.every((item) => typeof item === 'number');
}

/** Page size when the URL has none: the additional parameter if set, else the tenant default. */
export function resolveDefaultPageSize(
  additional: AdditionalParams,
  config: Pick<TenantConfig, 'defaultPageSize'>,
): number {
  return toPositiveInt(additional.pageSize) ?? toPositiveInt(config.defaultPageSize) ?? 24;
}

/** A listing with nothing chosen yet. */
export function defaultUrlState(defaults: UrlDefaults): UrlState {
  return { filters: [], attributes: [], pageNumber: 1, pageSize: defaults.pageSize };
}

/** Reads a query string (with or without `?`); never throws. */
export function parseUrlState(search: string, defaults: UrlDefaults): UrlState {
  const state = defaultUrlState(defaults);
  const params = new URLSearchParams(typeof search === 'string' ? search : '');
  for (const [name, value] of params) {
    if (name === 'filters') {
      const [key = '', ...values] = value.split(FILTER_SEPARATOR).map(unescapePart);
      mergeValues(state.filters, key, values);
    } else if (name === PRICE_KEY || name === 'range') {
      const separator = value.indexOf(FILTER_SEPARATOR);
      const key = name === PRICE_KEY ? PRICE_KEY : unescapePart(value.slice(0, Math.max(separator, 0)));
      setRange(state.filters, key, parseRange(name === PRICE_KEY ? value : value.slice(separator + 1)));
    } else if (name === 'sort') {
      state.sort = value.trim() === '' ? undefined : value;
    } else if (name === 'attributes') {
      const listed = value
        .split(',')
        .map(unescapePart)
        .filter((attribute) => attribute !== '');
      for (const attribute of listed) if (!state.attributes.includes(attribute)) state.attributes.push(attribute);
    } else if (name === 'pageNumber') {
      state.pageNumber = toPositiveInt(value) ?? 1;
    } else if (name === 'pageSize') {
      state.pageSize = toPositiveInt(value) ?? defaults.pageSize;
    }
  }
  if (state.sort === undefined) delete state.sort;
  return state;
}

/** A query string without `?`, leaving out defaults and empty lists. */
export function serializeUrlState(state: UrlState, defaults: UrlDefaults): string {
  const parts: string[] = [];
  for (const filter of state.filters) {
    if (filter.key === '') continue;
    if (isRangeFilter(filter)) {
      const range = `${filter.value[0]}/${filter.value[1]}`;
      if (filter.key === PRICE_KEY) parts.push(`${PRICE_KEY}=${encode(range)}`);
      else parts.push(`range=${encode(escapePart(filter.key, FILTER_SEPARATOR) + FILTER_SEPARATOR + range)}`);
      continue;
    }
    const values = (filter.value as string[]).filter((value) => value !== '');
    if (values.length === 0) continue;
    const joined = [filter.key, ...values].map((part) => escapePart(part, FILTER_SEPARATOR)).join(FILTER_SEPARATOR);
    parts.push(`filters=${encode(joined)}`);
  }
  if (state.sort) parts.push(`sort=${encode(state.sort)}`);
  const attributes = state.attributes.filter((attribute) => attribute !== '');
  if (attributes.length > 0) parts.push(`attributes=${encode(attributes.map((a) => escapePart(a, ',')).join(','))}`);
  if (state.pageNumber !== 1) parts.push(`pageNumber=${state.pageNumber}`);
  if (state.pageSize !== defaults.pageSize) parts.push(`pageSize=${state.pageSize}`);
  return parts.join('&');
}

function mergeValues(filters: RequestFilter[], key: string, values: string[]): void {
  const wanted = values.filter((value) => value !== '');
  if (key === '' || wanted.length === 0) return;
  const existing = filters.find((filter) => filter.key === key && !isRangeFilter(filter));
  if (!existing) {
    filters.push({ key, value: [...new Set(wanted)] });
    return;
  }
  const merged = existing.value as string[];
  for (const value of wanted) if (!merged.includes(value)) merged.push(value);
}

function setRange(filters: RequestFilter[], key: string, range: [number, number] | null): void {
  if (key === '' || range === null) return;
  const existing = filters.find((filter) => filter.key === key && isRangeFilter(filter));
  if (existing) existing.value = range;
  else filters.push({ key, value: range });
}

function parseRange(text: string): [number, number] | null {
  const bounds = text.split('/');
  if (bounds.length !== 2) return null;
  const min = toNumOrNull(bounds[0]);
  const max = toNumOrNull(bounds[1]);
  if (min === null || max === null) return null;
  return min <= max ? [min, max] : [max, min];
}

// Escapes `%` and the structural character inside one part, before URL-encoding.
function escapePart(text: string, separator: '~' | ','): string {
  const escaped = text.replace(/%/g, '%25');
  return separator === '~' ? escaped.replace(/~/g, '%7E') : escaped.replace(/,/g, '%2C');
}

// Undoes `escapePart` in one pass, so an escaped `%25` is never read twice.
function unescapePart(text: string): string {
  return text.replace(/%(25|7E|2C)/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

// encodeURIComponent throws on a lone surrogate; writing must not, so those become U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

// Keeps `~`, `/` and `,` readable (legal in a query); replacing `%2F`/`%2C` is safe as every `%` starts an escape.
function encode(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'))
    .replace(/%2F/g, '/')
    .replace(/%2C/g, ',')
    .replace(/%20/g, '+');
}

/** Drops unknown sorts and filters, so a stale URL shows the listing, not an error; same object when none. */
export function reconcileUrlState(
  state: UrlState,
  listing: { sortKeys: readonly string[]; filterKeys: readonly string[]; defaultPageSize: number },
): UrlState {
  const sortKnown = state.sort === undefined || listing.sortKeys.includes(state.sort);
  const filters = state.filters.filter((f) => listing.filterKeys.includes(f.key));
  const sizeOk = state.pageSize <= MAX_PAGE_SIZE;
  if (sortKnown && sizeOk && filters.length === state.filters.length) return state;
  const next: UrlState = { ...state, filters, pageSize: sizeOk ? state.pageSize : listing.defaultPageSize };
  if (!sortKnown) delete next.sort;
  return next;
}

/** The largest page a search may ask for; a bigger one in a URL falls back to the default. */
export const MAX_PAGE_SIZE = 500;

/** `reconcileUrlState` against a response's sort options, facets and price. */
export function reconcileWithResponse(
  state: UrlState,
  data: Pick<SearchResponse, 'sort_options' | 'filters'>,
  defaultPageSize: number,
): UrlState {
  return reconcileUrlState(state, {
    sortKeys: data.sort_options.map((o) => o.key),
    filterKeys: [...data.filters.map((f) => f.key), PRICE_KEY],
    defaultPageSize,
  });
}
