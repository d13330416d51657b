import type { RenderContext, UrlState } from './types.js';
import { parseUrlState, serializeUrlState } from './urlState.js';

/** A vehicle the listing is narrowed to: both parts are required. */
type VehicleChoice = { id: string; year: string };

/** The query parameters that belong to the URL state (see urlState.ts); everything else is the host's. */
export const URL_STATE_PARAMS = [
  'filters',
  'price',
  'range',
  'sort',
  'attributes',
  'pageNumber',
  'pageSize',
  'vehicle_id',
  'vehicle_year',
] as const;

/** The vehicle in an address (`vehicle_id` and `vehicle_year`, both required), or null. */
export function vehicleFromQuery(search: string): { id: string; year: string } | null {
  const params = new URLSearchParams(search);
  const id = params.get('vehicle_id')?.trim() ?? '';
  const year = params.get('vehicle_year')?.trim() ?? '';
  return id !== '' && /^\d{4}$/.test(year) ? { id, year } : null;
}

/** The query parameters of a vehicle, to append to the serialised state. */
export function vehicleQuery(vehicle: { id: string; year: string } | null): string {
  if (!vehicle) return '';
  return `vehicle_id=${encodeURIComponent(vehicle.id)}&vehicle_year=${encodeURIComponent(vehicle.year)}`;
}

/** Aisle's state in the host's query string, the host's own parameters kept in order; `?…` or ''. */
export function mergeQuery(hostSearch: string, stateQuery: string): string {
  const params = new URLSearchParams(hostSearch);
  for (const name of URL_STATE_PARAMS) params.delete(name);
  const host = params.toString();
  const merged = [host, stateQuery].filter((part) => part !== '').join('&');
  return merged === '' ? '' : `?${merged}`;
}

/** The address's query for a listing: the host's own parameters, then the state and the vehicle. */
export function listingQuery(
  hostSearch: string,
  state: UrlState,
  vehicle: { id: string; year: string } | null,
  defaultPageSize: number,
): string {
  const own = [serializeUrlState(state, { pageSize: defaultPageSize }), vehicleQuery(vehicle)];
  return mergeQuery(hostSearch, own.filter((part) => part !== '').join('&'));
}

/** True when the address `search` names this listing: the same state, and the same vehicle where there is a selector. */
export function addressShows(
  search: string,
  listing: { state: UrlState; vehicle: { id: string; year: string } | null },
  opts: { defaultPageSize: number; vehicleSelector: boolean },
): boolean {
  const defaults = { pageSize: opts.defaultPageSize };
  const vehicle = opts.vehicleSelector ? vehicleFromQuery(search) : null;
  return (
    serializeUrlState(parseUrlState(search, defaults), defaults) === serializeUrlState(listing.state, defaults) &&
    vehicleQuery(vehicle) === vehicleQuery(listing.vehicle)
  );
}

/** A vehicle given by the render context's additional parameters (both fields required). */
export function vehicleFromContext(context: Pick<RenderContext, 'additional'>): VehicleChoice | null {
  const { vehicle_id: id, vehicle_year: year } = context.additional;
  return typeof id === 'string' &&
    id !== '' &&
    (typeof year === 'string' || typeof year === 'number') &&
    String(year) !== ''
    ? { id, year: String(year) }
    : null;
}

/** The vehicle a page starts with; null without a selector, so a stale link never calls the vehicle selector. */
export function initialVehicle(
  search: string,
  context: Pick<RenderContext, 'additional' | 'config'>,
): VehicleChoice | null {
  if (!context.config.vehicleSelector) return null;
  return vehicleFromQuery(search) ?? vehicleFromContext(context);
}

/** The render context a tenant without a vehicle selector searches with: no vehicle in its extras. */
export function withoutVehicle<C extends Pick<RenderContext, 'additional' | 'config'>>(context: C): C {
  if (context.config.vehicleSelector) return context;
  const { vehicle_id: _id, vehicle_year: _year, ...additional } = context.additional;
  return { ...context, additional };
}
