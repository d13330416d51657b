/** Per-category indexes built once, so a search does no per-request sorting and no text work. */
import {
  colourKey,
  colourNamed,
  loadCatalogue,
  sizeText,
  slugify,
  swatchImageUrl,
} from '../../fixtures/catalogue/index.js';
import type { CatalogueProduct, Category, Localised } from '../../fixtures/catalogue/index.js';
import { DEAL_TEXTS } from './labels.js';
import { LIST_FACETS } from './types.js';
import type { ListFacet, SortKey } from './types.js';

/** A product with what facets and sorts read, resolved once. */
export interface IndexedProduct {
  product: CatalogueProduct;
  /** Effective price: the selected (or first) variant's sale price, else its price. */
  price: number;
  rating: number;
  reviewCount: number;
  values: Record<ListFacet, readonly string[]>;
}

/** One option a list facet can offer in a category. */
export interface OptionDef {
  key: string;
  text: Localised;
  swatch?: string;
}

/** Everything a search over one category needs. */
export interface CategoryIndex {
  category: Category;
  items: IndexedProduct[];
  /** Positions into `items` in each sort order; ties keep relevance order. */
  orders: Record<SortKey, readonly number[]>;
  options: Record<ListFacet, readonly OptionDef[]>;
}

const built = new Map<string, CategoryIndex>();
const brandKeys = new Map<string, string>();

/** A category's index, built on first search and kept for the process; undefined for an unknown slug. */
export function categoryIndex(slug: string): CategoryIndex | undefined {
  const cached = built.get(slug);
  if (cached) return cached;
  const catalogue = loadCatalogue();
  const category = catalogue.categories.get(slug);
  if (!category) return undefined;
  const items = category.productIds.flatMap((id) => {
    const product = catalogue.products.get(id);
    return product ? [indexProduct(product, brandKey(product.brand))] : [];
  });
  const index: CategoryIndex = { category, items, orders: sortOrders(items), options: facetOptions(items) };
  built.set(slug, index);
  return index;
}

function brandKey(brand: string): string {
  let key = brandKeys.get(brand);
  if (key === undefined) brandKeys.set(brand, (key = slugify(brand)));
  return key;
}

function indexProduct(product: CatalogueProduct, brand: string): IndexedProduct {
  const shown = product.variants.find((v) => v.selected) ?? product.variants[0];
  const distinct = (keys: string[]): string[] => [...new Set(keys.filter((key) => key !== ''))];
  return {
    product,
    price: shown ? (shown.sale_price ?? shown.price) : 0,
    rating: product.average_rating,
    reviewCount: product.review_count,
    values: {
      color: distinct(product.variants.map((v) => (v.color ? colourKey(v.color) : ''))),
      size: distinct(product.variants.map((v) => v.size)),
      brand: [brand],
      // "On sale" follows the price the shopper sees, so it agrees with the price facet.
      deal: distinct([shown?.sale_price != null ? 'on-sale' : '', product.promo_message ? 'promotion' : '']),
    },
  };
}

const titleCollator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Comparators per sort; `Array.prototype.sort` is stable, so ties stay in relevance order. */
const COMPARE: Record<SortKey, (a: IndexedProduct, b: IndexedProduct) => number> = {
  relevance_desc: () => 0,
  price_asc: (a, b) => a.price - b.price,
  price_desc: (a, b) => b.price - a.price,
  rating_desc: (a, b) => b.rating - a.rating || b.reviewCount - a.reviewCount,
  reviews_desc: (a, b) => b.reviewCount - a.reviewCount,
  title_asc: (a, b) => titleCollator.compare(a.product.title, b.product.title),
};

function sortOrders(items: IndexedProduct[]): Record<SortKey, number[]> {
  const positions = items.map((_, index) => index);
  const order = (sort: SortKey): number[] =>
    [...positions].sort((a, b) => COMPARE[sort](items[a] as IndexedProduct, items[b] as IndexedProduct));
  return {
    relevance_desc: positions,
    price_asc: order('price_asc'),
    price_desc: order('price_desc'),
    rating_desc: order('rating_desc'),
    reviews_desc: order('reviews_desc'),
    title_asc: order('title_asc'),
  };
}

function facetOptions(items: IndexedProduct[]): Record<ListFacet, OptionDef[]> {
  // Option keys are slugs; keep the first display name seen for each (colour and brand names).
  const names = new Map<string, string>();
  for (const { product, values } of items) {
    for (const variant of product.variants)
      if (variant.color) names.set(`color:${colourKey(variant.color)}`, variant.color);
    names.set(`brand:${values.brand[0]}`, product.brand);
  }
  const options = {} as Record<ListFacet, OptionDef[]>;
  for (const facet of LIST_FACETS) {
    const counts = new Map<string, number>();
    for (const item of items) for (const key of item.values[facet]) counts.set(key, (counts.get(key) ?? 0) + 1);
    options[facet] = orderOptions(facet, [...counts]).map(([key]) =>
      optionDef(facet, key, names.get(`${facet}:${key}`)),
    );
  }
  return options;
}

/** Colours by popularity, sizes in their natural order, brands A to Z, deals as listed. */
function orderOptions(facet: ListFacet, keys: [string, number][]): [string, number][] {
  switch (facet) {
    case 'color':
      return keys.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    case 'size':
      return keys.sort((a, b) => compareSizes(a[0], b[0]));
    case 'brand':
      return keys.sort((a, b) => a[0].localeCompare(b[0]));
    case 'deal':
      return keys.sort((a, b) => [...DEAL_TEXTS.keys()].indexOf(a[0]) - [...DEAL_TEXTS.keys()].indexOf(b[0]));
  }
}

const LETTER_SIZES = ['xs', 's', 'm', 'l', 'xl', 'xxl'];

/** Sizes by group, then in wearing order: XS before S, 8 before 10, 250 ml before 1 L. */
function compareSizes(a: string, b: string): number {
  const [groupA = '', valueA = ''] = a.split('__');
  const [groupB = '', valueB = ''] = b.split('__');
  return groupA.localeCompare(groupB) || sizeRank(valueA) - sizeRank(valueB) || valueA.localeCompare(valueB);
}

function sizeRank(value: string): number {
  const letter = LETTER_SIZES.indexOf(value);
  if (letter >= 0) return letter;
  const numeric = Number.parseFloat(value);
  if (!Number.isFinite(numeric)) return 0;
  return value.endsWith('-l') ? numeric * 1000 : numeric;
}

function optionDef(facet: ListFacet, key: string, name = key): OptionDef {
  switch (facet) {
    case 'color': {
      const colour = colourNamed(name);
      return colour
        ? { key, text: colour.name, swatch: swatchImageUrl(colour.hex) }
        : { key, text: { en: name, fr: name } };
    }
    case 'size':
      return { key, text: { en: sizeText(key), fr: sizeText(key) } };
    case 'brand':
      return { key, text: { en: name, fr: name } };
    case 'deal':
      return { key, text: DEAL_TEXTS.get(key) ?? { en: key, fr: key } };
  }
}

/** Builds the catalogue and every category index now, so no shopper pays for it (server start-up). */
export function warmSearchIndexes(): void {
  for (const slug of loadCatalogue().categories.keys()) categoryIndex(slug);
}
