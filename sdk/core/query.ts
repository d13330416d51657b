/** The query parameters that belong to the URL state (see urlState.ts); everything else is the host's. */
export const URL_STATE_PARAMS = ['filters', 'price', 'range', 'sort', 'attributes', 'pageNumber', 'pageSize'] as const;

/**
 * Puts Aisle's serialised state into the host's current query string, keeping the host's own
 * parameters (locale, campaign tags, …) in their order. Returns `?…`, or '' when nothing is left.
 */
export function mergeQuery(hostSearch: string, stateQuery: string): string {
  const params = new URLSearchParams(hostSearch);
  for (const name of URL_STATE_PARAMS) params.delete(name);
  const host = params.toString();
  const merged = [host, stateQuery].filter((part) => part !== '').join('&');
  return merged === '' ? '' : `?${merged}`;
}
