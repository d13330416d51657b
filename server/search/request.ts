/** Validates the untrusted `/search` body: the first problem is a 400 naming it; nothing throws on client input. */
import { isRecord } from '../../sdk/core/coerce.js';
import { isVertical } from '../../fixtures/catalogue/index.js';
import type { Vertical } from '../../fixtures/catalogue/index.js';
import { SEARCH_ENVIRONMENTS } from '../../sdk/core/types.js';
import { langOf, type Lang } from './labels.js';
import { absent, fail, isInt, quote } from './parsing.js';
import type { Parsed } from './parsing.js';
import { resolveTenant } from './tenants.js';
import { FILTER_KEYS, LIST_FACETS, SORT_KEYS } from './types.js';
import type { ListFacet, SearchOptions, SearchTenant, Selections, SortKey } from './types.js';

/** A validated search request. */
export interface SearchQuery {
  tenant: SearchTenant;
  vertical: Vertical;
  /** Echoed back; `slug` is what is looked up. */
  page: string;
  slug: string;
  start: number;
  size: number;
  sort: SortKey;
  selections: Selections;
  /** The locale as sent (or the tenant's default), and the language it selects. */
  locale: string;
  lang: Lang;
  region: string;
}

/** Largest `size` a client may ask for. */
export const MAX_SIZE = 500;
// Bounds that keep one request's work small whatever a client sends.
const MAX_FILTERS = 50;
const MAX_VALUES = 200;
const MAX_TEXT = 200;

/** Validates a search body. */
export function parseSearchBody(body: unknown, opts: SearchOptions): Parsed<SearchQuery> {
  if (!isRecord(body)) return fail('body must be a JSON object');
  const tenant = resolveTenant(body.customer, opts);
  if (!tenant.ok) return tenant;
  const vertical = tenant.value.demo.vertical;
  if (!isVertical(vertical)) return fail(`tenant ${tenant.value.config.id} has no catalogue vertical`, 500);

  if (typeof body.page !== 'string') return fail('page must be a string (the category slug)');
  if (body.page.length > MAX_TEXT) return fail(`page must be at most ${MAX_TEXT} characters`);
  for (const field of ['locale', 'region'] as const) {
    if (!absent(body[field]) && typeof body[field] !== 'string') return fail(`${field} must be a string`);
  }
  if (!absent(body.skip_cache) && typeof body.skip_cache !== 'boolean') return fail('skip_cache must be a boolean');
  if (!absent(body.environment) && !SEARCH_ENVIRONMENTS.some((name) => name === body.environment)) {
    return fail(`environment must be ${SEARCH_ENVIRONMENTS.map((name) => `'${name}'`).join(' or ')}`);
  }
  for (const field of ['pageSize', 'pageNumber'] as const) {
    const value = body[field];
    if (!absent(value) && !(isInt(value) && value >= 1)) return fail(`${field} must be a positive integer`);
  }
  const start = absent(body.start) ? 0 : body.start;
  if (!(isInt(start) && start >= 0)) return fail('start must be a non-negative integer');
  const size = absent(body.size) ? (isInt(body.pageSize) ? body.pageSize : 24) : body.size;
  if (!(isInt(size) && size >= 0 && size <= MAX_SIZE)) return fail(`size must be an integer from 0 to ${MAX_SIZE}`);
  const sort = parseSort(body.sort);
  if (!sort.ok) return sort;
  const selections = parseFilters(body.filters);
  if (!selections.ok) return selections;

  const locale = typeof body.locale === 'string' ? body.locale : (tenant.value.demo.locales?.[0] ?? 'en');
  const region = typeof body.region === 'string' ? body.region : (tenant.value.config.region ?? 'us');
  return {
    ok: true,
    value: {
      tenant: tenant.value,
      vertical,
      page: body.page,
      // Staging pages are named `{slug}_staging` and show the same category.
      slug: body.page
        .trim()
        .toLowerCase()
        .replace(/_staging$/, ''),
      start,
      size,
      sort: sort.value,
      selections: selections.value,
      locale,
      lang: langOf(locale),
      region,
    },
  };
}

function parseSort(sort: unknown): Parsed<SortKey> {
  if (absent(sort) || sort === '') return { ok: true, value: 'relevance_desc' };
  const known = SORT_KEYS.find((key) => key === sort);
  if (known) return { ok: true, value: known };
  const shown = typeof sort === 'string' ? quote(sort) : `of type ${typeof sort}`;
  return fail(`sort ${shown} is not one of ${SORT_KEYS.join(', ')}`);
}

/** Parses `filters: [{ key, value[] }]`: lists are OR within a key; price is one `[min, max]`. */
export function parseFilters(filters: unknown): Parsed<Selections> {
  const selections: Selections = { ratingKeys: new Set(), lists: new Map() };
  if (absent(filters)) return { ok: true, value: selections };
  if (!Array.isArray(filters)) return fail('filters must be an array of { key, value }');
  if (filters.length > MAX_FILTERS) return fail(`filters may hold at most ${MAX_FILTERS} entries`);
  for (const [index, filter] of filters.entries()) {
    const at = `filters[${index}]`;
    if (!isRecord(filter)) return fail(`${at} must be an object with key and value`);
    const { key, value } = filter;
    if (typeof key !== 'string') return fail(`${at}.key must be a string`);
    if (!FILTER_KEYS.some((known) => known === key)) {
      return fail(`${at}.key ${quote(key)} is not one of ${FILTER_KEYS.join(', ')}`);
    }
    if (!Array.isArray(value)) return fail(`${at}.value must be an array`);
    if (key === 'price') {
      const [min, max] = value as unknown[];
      const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
      if (value.length !== 2 || !finite(min) || !finite(max)) return fail(`${at}.value must be two numbers [min, max]`);
      if (min > max) return fail(`${at}.value: min ${min} is greater than max ${max}`);
      selections.price = [min, max];
      continue;
    }
    if (value.length > MAX_VALUES) return fail(`${at}.value may hold at most ${MAX_VALUES} values`);
    if (!value.every((v): v is string => typeof v === 'string' && v.length <= MAX_TEXT)) {
      return fail(`${at}.value must be an array of strings (each at most ${MAX_TEXT} characters)`);
    }
    if (key === 'rating') {
      for (const v of value) {
        if (!/^[1-5]$/.test(v)) return fail(`${at}.value: rating ${quote(v)} must be a whole number from 1 to 5`);
        selections.ratingKeys.add(v);
        selections.rating = Math.min(selections.rating ?? 5, Number(v));
      }
      continue;
    }
    const facet = LIST_FACETS.find((known) => known === key) as ListFacet;
    const set = selections.lists.get(facet) ?? new Set<string>();
    value.forEach((v) => set.add(v));
    if (set.size > 0) selections.lists.set(facet, set);
  }
  return { ok: true, value: selections };
}
