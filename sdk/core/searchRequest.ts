/**
 * The search call: where it goes and what it sends (docs/search-requests.md), and which page a
 * path names (the routes of docs/routes-and-locales.md).
 */
import type { Environment, PageRoute, RenderContext, RequestFilter, SearchRequest, UrlState } from './types.js';
import { optionalStr } from './coerce.js';
import { isRangeFilter } from './urlState.js';
import { withoutVehicle } from './query.js';

/** Search hosts by environment; `development` is the local stack of `npm start` (docs/search-requests.md). */
export const SEARCH_HOSTS: Record<Environment, string> = {
  production: 'https://search.aisle-cdn.example',
  qa: 'https://search.qa.aisle-cdn.example',
  development: 'http://127.0.0.1:4173',
};

/** The endpoints that share a base: the search, the vehicle selector and the sitemap data. */
export type SearchEndpoint = 'search' | 'vehicle-selector' | 'sitemap';

/** A vehicle for the vehicle selector; both parts are required (half a vehicle narrows nothing). */
export interface Vehicle {
  id: string;
  year: string;
}

// Vehicle fields come only as a complete pair, never half from the extras: half a vehicle narrows nothing.
const VEHICLE_FIELDS = ['vehicle_id', 'vehicle_year'] as const;

/** The body of `POST /search` (or `/vehicle-selector` with a vehicle), as docs/search-requests.md lists it. */
export function buildSearchRequest(
  context: RenderContext,
  state: UrlState,
  page: string,
  options: { vehicle?: Vehicle } = {},
): SearchRequest {
  const { config, additional } = context;
  const extra: Record<string, unknown> = { ...additional };
  for (const field of VEHICLE_FIELDS) delete extra[field];
  const paged = !config.infiniteLoading;
  const request: SearchRequest = {
    ...extra,
    customer: config.customerSearchId || config.id,
    // Infinite lists re-request everything up to the current page so the grid is rebuilt whole.
    size: paged ? state.pageSize : state.pageNumber * state.pageSize,
    start: paged ? (state.pageNumber - 1) * state.pageSize : 0,
    page,
    skip_cache: context.environment !== 'production',
    environment: page.includes('_staging') ? 'staging' : 'production',
    filters: state.filters.map(copyFilter),
    pageSize: state.pageSize,
    pageNumber: state.pageNumber,
  };
  // Optional fields are left out rather than sent as undefined or overridden by stale extras.
  delete request.region;
  delete request.locale;
  delete request.sort;
  const region = optionalStr(additional.region) ?? config.region;
  if (region) request.region = region;
  const locale = optionalStr(additional.locale) ?? optionalStr(additional.lang);
  if (locale) request.locale = locale;
  if (state.sort) request.sort = state.sort;
  const vehicle = options.vehicle ?? vehicleFrom(additional);
  if (vehicle && vehicle.id !== '' && vehicle.year !== '') {
    request.vehicle_id = vehicle.id;
    request.vehicle_year = vehicle.year;
  }
  return request;
}

/**
 * The search for a listing: its body, and where it goes (`/vehicle-selector` once a whole vehicle
 * narrows it). The vehicle is the listing's own; the render context's is only its starting point.
 */
export function listingSearch(
  context: RenderContext,
  state: UrlState,
  page: string,
  vehicle: Vehicle | null,
): { url: string; request: SearchRequest } {
  const request = buildSearchRequest(withoutVehicle(context), state, page, { vehicle: vehicle ?? undefined });
  const narrowed = request.vehicle_id !== undefined && request.vehicle_year !== undefined;
  return { url: searchUrl(context, narrowed ? 'vehicle-selector' : 'search'), request };
}

/** Where to POST: `{base}/{kind}` (a path on the page origin) with proxySearch, else the host. */
export function searchUrl(context: RenderContext, kind: SearchEndpoint): string {
  const { config } = context;
  // The tenant's proxy is its own domain's route, so it wins over any host choice.
  if (config.proxySearch) return `${config.base.replace(/\/+$/, '')}/${kind}`;
  const host = config.searchHost || SEARCH_HOSTS[context.environment] || SEARCH_HOSTS.production;
  return `${host.replace(/\/+$/, '')}/${kind}`;
}

/** The route of a path (docs/routes-and-locales.md): `{base}/vsm/{page*}` or `{base}/{page}`, else null. */
export function pageFromPath(pathname: string, base: string): PageRoute | null {
  const root = base.replace(/\/+$/, '');
  if (!pathname.startsWith(`${root}/`)) return null;
  const rest = pathname.slice(root.length + 1).replace(/\/+$/, '');
  if (rest === 'vsm' || rest.startsWith('vsm/')) return { screen: 'vsm', page: decode(rest.slice(4)) };
  if (rest === '' || rest.includes('/')) return null;
  return { screen: 'dlp', page: decode(rest) };
}

// A copy, so a body kept for debugging never shares arrays with the live state.
function copyFilter(filter: RequestFilter): RequestFilter {
  if (isRangeFilter(filter)) return { key: filter.key, value: [filter.value[0], filter.value[1]] };
  return { key: filter.key, value: [...(filter.value as string[])] };
}

// Page names travel percent-encoded in paths; a malformed escape keeps the raw segment.
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function vehicleFrom(additional: RenderContext['additional']): Vehicle | undefined {
  const id = optionalStr(additional.vehicle_id);
  const year = optionalStr(additional.vehicle_year);
  return id && year ? { id, year } : undefined;
}
