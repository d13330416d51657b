/**
 * Helpers shared by the search tests: the fixture tenants, a typed call, and the brute-force
 * reading of the catalogue the engine's answers are checked against.
 */
import { colourKey, loadCatalogue, slugify } from '../../../fixtures/catalogue/index.js';
import type { CatalogueProduct } from '../../../fixtures/catalogue/index.js';
import { loadTenants } from '../../../fixtures/tenants/index.js';
import { handleSearch, handleVehicleSelector } from '../handler.js';
import type { SearchResponseJson } from '../types.js';

/** The fixture tenants, as the server passes them. */
export const tenants = loadTenants();

/** A `/search` call expected to succeed. */
export function search(body: Record<string, unknown>): SearchResponseJson {
  const result = handleSearch(body, { tenants });
  if (result.status !== 200) throw new Error(`search answered ${result.status}: ${JSON.stringify(result.json)}`);
  return result.json as SearchResponseJson;
}

/** A `/vehicle-selector` call expected to succeed. */
export function selectVehicle(body: Record<string, unknown>): SearchResponseJson {
  const result = handleVehicleSelector(body, { tenants });
  if (result.status !== 200)
    throw new Error(`vehicle selector answered ${result.status}: ${JSON.stringify(result.json)}`);
  return result.json as SearchResponseJson;
}

/** The products of a category in relevance (catalogue) order. */
export function categoryProducts(slug: string): CatalogueProduct[] {
  const catalogue = loadCatalogue();
  return (catalogue.categories.get(slug)?.productIds ?? []).flatMap((id) => catalogue.productById(id) ?? []);
}

/** The price a shopper sees: the selected (or first) variant's sale price, else its price. */
export function shownPrice(product: CatalogueProduct): number {
  const variant = product.variants.find((v) => v.selected) ?? product.variants[0];
  return variant ? (variant.sale_price ?? variant.price) : 0;
}

/** A product's option keys for a facet, read straight from its fields. */
export function optionKeys(product: CatalogueProduct, facet: string): string[] {
  const shown = product.variants.find((v) => v.selected) ?? product.variants[0];
  switch (facet) {
    case 'color':
      return product.variants.filter((v) => v.color).map((v) => colourKey(v.color));
    case 'size':
      return product.variants.filter((v) => v.size).map((v) => v.size);
    case 'brand':
      return [slugify(product.brand)];
    case 'deal':
      return [shown?.sale_price != null ? 'on-sale' : '', product.promo_message ? 'promotion' : ''].filter(Boolean);
    default:
      return [];
  }
}

/** Filters as the request sends them. */
export type Filters = { key: string; value: string[] | [number, number] }[];

/** Whether a product meets one filter, by the documented filter rules. */
export function meets(product: CatalogueProduct, filter: Filters[number]): boolean {
  if (filter.key === 'price') {
    const [min, max] = filter.value as [number, number];
    return shownPrice(product) >= min && shownPrice(product) <= max;
  }
  if (filter.key === 'rating') {
    return product.average_rating >= Math.min(...(filter.value as string[]).map(Number));
  }
  const keys = optionKeys(product, filter.key);
  return (filter.value as string[]).some((value) => keys.includes(value));
}
