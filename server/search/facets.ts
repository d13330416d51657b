/**
 * Filtering and facet counts, the way shoppers expect (disjunctive faceting): values within a
 * facet are OR, facets are AND, and each facet's option counts apply every OTHER facet's
 * selection but not its own, so picking "Red" never zeroes out "Blue".
 */
import type { Filter, FilterOption } from '../../sdk/core/types.js';
import type { CategoryIndex, IndexedProduct } from './catalogueIndex.js';
import { FILTER_LABELS, ratingText } from './labels.js';
import type { Lang } from './labels.js';
import { LIST_FACETS } from './types.js';
import type { FilterKey, Selections } from './types.js';

interface Constraint {
  key: FilterKey;
  test: (item: IndexedProduct) => boolean;
}

/** Which positions pass, and the facets to show. */
export interface FacetResult {
  /** `passes[i]` is true when `items[i]` is in the base set and meets every selection. */
  passes: boolean[];
  filtered: number;
  filters: Filter[];
}

const RATING_OPTIONS = [4, 3, 2, 1];

function constraints(selections: Selections): Constraint[] {
  const list: Constraint[] = [];
  const { price, rating } = selections;
  if (price) list.push({ key: 'price', test: (item) => item.price >= price[0] && item.price <= price[1] });
  if (rating !== undefined) list.push({ key: 'rating', test: (item) => item.rating >= rating });
  for (const facet of LIST_FACETS) {
    const wanted = selections.lists.get(facet);
    if (wanted) list.push({ key: facet, test: (item) => item.values[facet].some((key) => wanted.has(key)) });
  }
  return list;
}

/** Filters and counts in one pass: a product failing exactly one constraint still counts for that facet. */
export function applyFacets(index: CategoryIndex, selections: Selections, lang: Lang, inBase?: boolean[]): FacetResult {
  const active = constraints(selections);
  const { items } = index;
  const passes = new Array<boolean>(items.length).fill(false);
  // Per facet, the products that meet every other facet's selection.
  const pools = new Map<FilterKey, IndexedProduct[]>();
  const everyFacet: FilterKey[] = ['price', 'rating', ...LIST_FACETS];
  everyFacet.forEach((key) => pools.set(key, []));
  const base: IndexedProduct[] = [];
  let filtered = 0;
  items.forEach((item, position) => {
    if (inBase && !inBase[position]) return;
    base.push(item);
    let failed: FilterKey | undefined;
    let failures = 0;
    for (const constraint of active) {
      if (!constraint.test(item)) {
        failed = constraint.key;
        if (++failures > 1) return;
      }
    }
    if (failures === 0) {
      passes[position] = true;
      filtered++;
      everyFacet.forEach((key) => pools.get(key)?.push(item));
    } else if (failed) {
      pools.get(failed)?.push(item);
    }
  });
  const filters = [priceFilter(base, selections, lang), ratingFilter(pools.get('rating') ?? [], selections, lang)];
  for (const facet of LIST_FACETS) {
    const filter = listFilter(index, facet, pools.get(facet) ?? [], selections, lang);
    if (filter.options.length > 0) filters.push(filter);
  }
  return { passes, filtered, filters };
}

/** Bounds over the whole base set, so the slider does not shrink as other filters change. */
function priceFilter(base: IndexedProduct[], selections: Selections, lang: Lang): Filter {
  let absMin = Infinity;
  let absMax = -Infinity;
  for (const item of base) {
    absMin = Math.min(absMin, item.price);
    absMax = Math.max(absMax, item.price);
  }
  if (base.length === 0) [absMin, absMax] = [0, 0];
  const [min, max] = selections.price ?? [absMin, absMax];
  return { key: 'price', label: FILTER_LABELS.price[lang], options: [], abs_min: absMin, abs_max: absMax, min, max };
}

function ratingFilter(pool: IndexedProduct[], selections: Selections, lang: Lang): Filter {
  const options: FilterOption[] = RATING_OPTIONS.map((stars) => ({
    key: String(stars),
    text: ratingText(stars, lang),
    selected: selections.ratingKeys.has(String(stars)),
    count: pool.reduce((sum, item) => sum + (item.rating >= stars ? 1 : 0), 0),
  }));
  // "5 stars" is accepted though not offered; keep it visible so the shopper can remove it.
  if (selections.ratingKeys.has('5')) {
    const count = pool.reduce((sum, item) => sum + (item.rating >= 5 ? 1 : 0), 0);
    options.unshift({ key: '5', text: ratingText(5, lang), selected: true, count });
  }
  return { key: 'rating', label: FILTER_LABELS.rating[lang], options };
}

function listFilter(
  index: CategoryIndex,
  facet: (typeof LIST_FACETS)[number],
  pool: IndexedProduct[],
  selections: Selections,
  lang: Lang,
): Filter {
  const counts = new Map<string, number>();
  for (const item of pool) for (const key of item.values[facet]) counts.set(key, (counts.get(key) ?? 0) + 1);
  const wanted = selections.lists.get(facet) ?? new Set<string>();
  const options = index.options[facet].map((def) => {
    const option: FilterOption & { swatch?: string } = {
      key: def.key,
      text: def.text[lang],
      selected: wanted.has(def.key),
      count: counts.get(def.key) ?? 0,
    };
    if (def.swatch) option.swatch = def.swatch;
    return option;
  });
  // A selected value the category does not offer (an edited URL) stays listed so it can be removed.
  const offered = new Set(index.options[facet].map((def) => def.key));
  for (const key of wanted) {
    if (!offered.has(key)) options.push({ key, text: key, selected: true, count: 0 });
  }
  return { key: facet, label: FILTER_LABELS[facet][lang], options };
}
