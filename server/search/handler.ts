/** The search API as pure functions that validate first, never throw and measure their own latency. */
import { loadCatalogue, productJson } from '../../fixtures/catalogue/index.js';
import type { SortOption } from '../../sdk/core/types.js';
import { categoryIndex } from './catalogueIndex.js';
import { applyFacets } from './facets.js';
import { NOT_FOUND_TITLE, SORT_TEXTS, notFoundHtml } from './labels.js';
import { absent, fail, isInt, quote } from './parsing.js';
import type { Parsed } from './parsing.js';
import { parseSearchBody } from './request.js';
import { isStrict, strictSearchResponse } from './strict.js';
import { withMatchingVariant } from './variants.js';
import type { SearchQuery } from './request.js';
import { SORT_KEYS } from './types.js';
import type { SearchOptions, SearchResponseJson, SearchResult } from './types.js';

interface VehicleChoice {
  id: string;
  year: number;
  name: string;
}

/** Answers a `/search` body: 200 with a search response, 400 `{ error }` for a malformed body. */
export function handleSearch(body: unknown, opts: SearchOptions): SearchResult {
  return guarded(() => {
    const started = performance.now();
    const query = parseSearchBody(body, opts);
    return query.ok ? asBackend(respond(query.value, started), query.value, opts) : errorResult(query);
  });
}

/** Answers a `/vehicle-selector` body: results narrowed to the parts that fit the vehicle in that year. */
export function handleVehicleSelector(body: unknown, opts: SearchOptions): SearchResult {
  return guarded(() => {
    const started = performance.now();
    const query = parseSearchBody(body, opts);
    if (!query.ok) return errorResult(query);
    const vehicle = parseVehicle(body as Record<string, unknown>, query.value);
    return vehicle.ok
      ? asBackend(respond(query.value, started, vehicle.value), query.value, opts)
      : errorResult(vehicle);
  });
}

// Validation is meant to catch everything a client can send; this is the belt to its braces,
// so one unforeseen input can never take the server down.
function guarded(run: () => SearchResult): SearchResult {
  try {
    return run();
  } catch (error) {
    console.error('[search] unexpected failure:', error);
    return { status: 500, json: { error: 'internal error while searching' } };
  }
}

/** A strict tenant (or a strict stack) answers with the documented fields only. */
function asBackend(result: SearchResult, query: SearchQuery, opts: SearchOptions): SearchResult {
  if (result.status !== 200 || !isStrict(opts.backend, query.tenant)) return result;
  return { status: result.status, json: strictSearchResponse(result.json) };
}

function errorResult(failure: { status: number; error: string }): SearchResult {
  return { status: failure.status, json: { error: failure.error } };
}

function parseVehicle(body: Record<string, unknown>, query: SearchQuery): Parsed<VehicleChoice> {
  if (query.vertical !== 'auto') return fail(`tenant ${query.tenant.config.id} sells no vehicle parts`);
  const { vehicle_id: id, vehicle_year: rawYear } = body;
  if (absent(id) || absent(rawYear) || id === '' || rawYear === '') {
    return fail('vehicle_id and vehicle_year are both required');
  }
  if (typeof id !== 'string') return fail('vehicle_id must be a string');
  const year = typeof rawYear === 'string' && /^\d{4}$/.test(rawYear) ? Number(rawYear) : rawYear;
  if (!isInt(year) || year < 1900 || year > 2100) return fail('vehicle_year must be a four-digit year, e.g. "2019"');
  const vehicle = loadCatalogue().vehicles.find((candidate) => candidate.id === id);
  if (!vehicle) return fail(`unknown vehicle_id ${quote(id)}`);
  return { ok: true, value: { id, year, name: vehicle.name } };
}

function respond(query: SearchQuery, started: number, vehicle?: VehicleChoice): SearchResult {
  const catalogue = loadCatalogue();
  const page = catalogue.verticals.get(query.vertical)?.pages.get(query.slug);
  const index = page ? categoryIndex(page.category.slug) : undefined;
  if (!page || !index) return { status: 200, json: notFound(query, started) };

  const inBase = vehicle
    ? index.items.map((item) =>
        (item.product.fitment ?? []).some((fit) => fit.vehicle_id === vehicle.id && fit.years.includes(vehicle.year)),
      )
    : undefined;
  const total = inBase ? inBase.filter(Boolean).length : index.items.length;
  const { passes, filtered, filters } = applyFacets(index, query.selections, query.lang, inBase);
  const ordered = index.orders[query.sort].filter((position) => passes[position]);
  // A start past the end (a stale page link) is answered from the end: `start` says where this reply's
  // products begin and `shown` where they end, so the two always agree with `filtered`.
  const start = Math.min(query.start, filtered);
  const pageItems = ordered.slice(start, start + query.size);
  const { base } = query.tenant.config;
  // The tenant's flag wins; without one, the toys vertical is the one sent as models[].
  const useModels = query.tenant.demo.usesModels ?? query.vertical === 'toys';
  const json: SearchResponseJson = {
    products: pageItems.flatMap((position) => {
      const item = index.items[position];
      return item ? [productJson(withMatchingVariant(item.product, query.selections), base, useModels)] : [];
    }),
    similar_products: page.category.similarIds.flatMap((id) => {
      const product = catalogue.products.get(id);
      return product ? [productJson(product, base, useModels)] : [];
    }),
    filters,
    sort_options: sortOptions(query),
    payload: { total, filtered, shown: start + pageItems.length },
    start,
    size: query.size,
    page: query.page,
    latency_ms: 0,
    h1_header: page.h1[query.lang],
    description: page.category.description[query.lang],
    related_pages: page.category.related.map((link) => ({ title: link.title[query.lang], href: link.href })),
    pageNotFound: false,
    notFoundHtmlElement: '',
    locale: query.locale,
    region: query.region,
  };
  if (query.vertical === 'auto') json.vehicles = catalogue.vehicles.map((v) => ({ ...v, years: [...v.years] }));
  if (vehicle) json.vehicle = { vehicle_id: vehicle.id, vehicle_year: vehicle.year, name: vehicle.name };
  json.latency_ms = elapsed(started);
  return { status: 200, json };
}

function sortOptions(query: SearchQuery): SortOption[] {
  return SORT_KEYS.map((key) => ({ key, text: SORT_TEXTS[key][query.lang], selected: key === query.sort }));
}

function notFound(query: SearchQuery, started: number): SearchResponseJson {
  const { config } = query.tenant;
  return {
    products: [],
    similar_products: [],
    filters: [],
    sort_options: [],
    payload: { total: 0, filtered: 0, shown: 0 },
    start: query.start,
    size: query.size,
    page: query.page,
    latency_ms: elapsed(started),
    h1_header: NOT_FOUND_TITLE[query.lang],
    description: '',
    related_pages: [],
    pageNotFound: true,
    notFoundHtmlElement: notFoundHtml(query.page, `${config.base}/`, config.name ?? config.id, query.lang),
    locale: query.locale,
    region: query.region,
  };
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 100) / 100;
}
