/** The search engine behind `POST /search` and `POST /vehicle-selector`: what a shop's search service answers. */
export { warmSearchIndexes } from './catalogueIndex.js';
export { handleSearch, handleVehicleSelector } from './handler.js';
export { handleSitemap } from './sitemap.js';
export { FILTER_KEYS, LIST_FACETS, SORT_KEYS } from './types.js';
export type {
  FilterKey,
  ListFacet,
  SearchOptions,
  SearchResponseJson,
  SearchResult,
  SearchTenant,
  SortKey,
} from './types.js';
export { backendKind, isStrict, strictSearchResponse, strictSitemap, STRICT_FIELDS } from './strict.js';
export type { BackendKind } from './strict.js';
