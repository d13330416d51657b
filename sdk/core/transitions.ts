/** Pure transitions of the URL state: an action that changes nothing returns the same object, so a store skips the reload. */
import type { RequestFilter, UrlState } from './types.js';
import { isRangeFilter } from './urlState.js';

/** Adds the key/value pair, or removes it when already selected; page back to 1. */
export function toggleFilter(state: UrlState, key: string, value: string): UrlState {
  const current = optionValues(state, key);
  const values = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  return withFilter(state, key, values.length > 0 ? { key, value: values } : null);
}

/** Replaces every earlier value of the key with `values`; an empty list removes the filter. */
export function replaceFilter(state: UrlState, key: string, values: string[]): UrlState {
  const unique = [...new Set(values.filter((value) => value !== ''))];
  return withFilter(state, key, unique.length > 0 ? { key, value: unique } : null);
}

/** Drops every value of the key (removing one filter). */
export function removeFilter(state: UrlState, key: string): UrlState {
  if (!state.filters.some((filter) => filter.key === key)) return state;
  return withFilter(state, key, null);
}

/** Sets the single price range of the key, ordered min to max; null clears it. */
export function setPriceRange(state: UrlState, key: string, range: readonly [number, number] | null): UrlState {
  if (range === null) return removeFilter(state, key);
  const [a, b] = range;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return state;
  return withFilter(state, key, { key, value: a <= b ? [a, b] : [b, a] });
}

/** Empties the filter list and goes back to page 1. */
export function clearFilters(state: UrlState): UrlState {
  return { ...state, filters: [], pageNumber: 1 };
}

/** Sets the sort and goes back to page 1. */
export function setSort(state: UrlState, sort: string): UrlState {
  if (sort === '') return clearSort(state);
  return { ...state, sort, pageNumber: 1 };
}

/** Removes the sort and the page number (clear-sort). */
export function clearSort(state: UrlState): UrlState {
  const next = { ...state, pageNumber: 1 };
  delete next.sort;
  return next;
}

/** Adds or removes an attribute chip; page back to 1 because the result set changes. */
export function toggleAttribute(state: UrlState, attribute: string): UrlState {
  if (attribute === '') return state;
  const attributes = state.attributes.includes(attribute)
    ? state.attributes.filter((item) => item !== attribute)
    : [...state.attributes, attribute];
  return { ...state, attributes, pageNumber: 1 };
}

/** Sets the page size and goes back to page 1; a size that is not a positive integer is ignored. */
export function setPageSize(state: UrlState, pageSize: number): UrlState {
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) return state;
  return { ...state, pageSize, pageNumber: 1 };
}

/** Goes to a page; the same page or an invalid number returns `state` itself (no reload). */
export function setPage(state: UrlState, pageNumber: number): UrlState {
  if (!Number.isSafeInteger(pageNumber) || pageNumber < 1 || pageNumber === state.pageNumber) return state;
  return { ...state, pageNumber };
}

/** The page to show instead of one past the end (a stale bookmark of page 10,000), or null. */
export function pageWithinEnd(
  state: UrlState,
  reply: { received: number; filtered: number; pageNotFound: boolean },
): number | null {
  if (reply.pageNotFound || reply.received > 0 || state.pageNumber <= 1) return null;
  const last = Math.max(1, Math.ceil(reply.filtered / state.pageSize));
  return last < state.pageNumber ? last : null;
}

/** Page to request when the infinite-scroll sentinel shows, or null when everything is shown. */
export function infiniteNextPage(shown: number, pageSize: number, filtered: number): number | null {
  if (!(pageSize > 0) || !Number.isFinite(shown) || shown < 0 || shown >= filtered) return null;
  return Math.ceil(shown / pageSize) + 1;
}

/** True when an infinite list shows fewer items than its address asks for. */
export function infiniteShortfall(state: UrlState, filtered: number, shown: number): boolean {
  const wanted = Math.min(state.pageNumber * state.pageSize, filtered);
  return Number.isFinite(wanted) && shown < wanted;
}

/** Load-all: infinite lists request up to the last page, paged lists one big page. */
export function loadAll(state: UrlState, totals: { infinite: boolean; filtered: number }): UrlState {
  const filtered = Math.floor(totals.filtered);
  if (!Number.isSafeInteger(filtered) || filtered < 1) return state;
  if (totals.infinite) return { ...state, pageNumber: Math.max(1, Math.ceil(filtered / state.pageSize)) };
  return { ...state, pageSize: filtered, pageNumber: 1 };
}

/** Number of selected filter values (one per chip); a price range counts once. Attributes are not filters. */
export function selectedFilterCount(state: UrlState): number {
  return state.filters.reduce((count, filter) => count + (isRangeFilter(filter) ? 1 : filter.value.length), 0);
}

/** The option values currently selected for a key ([] when none or when the key holds a range). */
export function optionValues(state: UrlState, key: string): string[] {
  const filter = state.filters.find((item) => item.key === key);
  return filter && !isRangeFilter(filter) ? (filter.value as string[]) : [];
}

// Replaces the key's filter in place (keeping chip order stable), appends it, or removes it.
function withFilter(state: UrlState, key: string, next: RequestFilter | null): UrlState {
  const index = state.filters.findIndex((filter) => filter.key === key);
  const filters = state.filters.filter((filter) => filter.key !== key);
  if (next) filters.splice(index === -1 ? filters.length : index, 0, next);
  return { ...state, filters, pageNumber: 1 };
}

type FilterValueChange = { change: 'add' | 'remove'; key: string; value: string | [number, number] };

/** The values each filter gained and lost between two states. */
export function filterChanges(before: UrlState, after: UrlState): FilterValueChange[] {
  type Entry = { key: string; value: string | [number, number]; id: string };
  const values = (state: UrlState): Entry[] =>
    state.filters.flatMap((f): Entry[] =>
      isRangeFilter(f)
        ? [{ key: f.key, value: f.value, id: `${f.key}=${f.value.join('/')}` }]
        : (f.value as string[]).map((v) => ({ key: f.key, value: v, id: `${f.key}:${v}` })),
    );
  const was = values(before);
  const now = values(after);
  const wasIds = new Set(was.map((v) => v.id));
  const nowIds = new Set(now.map((v) => v.id));
  return [
    ...was
      .filter((v) => !nowIds.has(v.id))
      .map(({ key, value }): FilterValueChange => ({ change: 'remove', key, value })),
    ...now.filter((v) => !wasIds.has(v.id)).map(({ key, value }): FilterValueChange => ({ change: 'add', key, value })),
  ];
}
