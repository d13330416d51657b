/** Pure rules shared by the filter panels, kept out of the components so they only render. */
import { optionValues } from '../core/transitions.js';
import { priceFilterHidden } from '../core/price.js';
import { formatCount } from '../core/format.js';
import type { Filter, FilterOption, Locale, UrlState } from '../core/types.js';
import { isCssHexColour } from '../core/colour.js';
import { isRangeFilter, PRICE_KEY } from '../core/urlState.js';
import { safeHref } from '../core/safeUrl.js';

/** An option as a panel shows it: the response's option, with selection read from the URL state. */
export interface PanelOption extends FilterOption {
  swatch?: string;
}

/** `selected` comes from the URL state, which a click toggles, so the two agree while a search is in flight. */
export function panelOptions(options: readonly FilterOption[], state: UrlState, key: string): PanelOption[] {
  const chosen = optionValues(state, key);
  return options.map((option) => ({ ...option, selected: chosen.includes(option.key) }));
}

/** A zero-count option would show nothing: disabled unless selected (so it can be removed). */
export function optionDisabled(option: FilterOption): boolean {
  return option.count !== undefined && option.count <= 0 && !option.selected;
}

/** The count as an option shows it, "(12)", or null when the response gave none. */
export function optionCount(option: FilterOption, locale: Locale): string | null {
  return option.count === undefined ? null : `(${formatCount(option.count, locale)})`;
}

/** How many values of `key` are chosen: its option values, or 1 for a price range. */
export function selectedValueCount(state: UrlState, key: string): number {
  const filter = state.filters.find((item) => item.key === key);
  if (!filter) return 0;
  return isRangeFilter(filter) ? 1 : filter.value.length;
}

/** One heading of the size panel and its options; `title` is null for options without a group. */
export interface SizeGroup {
  title: string | null;
  options: PanelOption[];
}

/** Groups size options by the `group` of `group__value` keys, in order of first appearance. */
export function sizeGroups(options: readonly PanelOption[]): SizeGroup[] {
  const groups: SizeGroup[] = [];
  for (const option of options) {
    const split = option.key.indexOf('__');
    const title = split > 0 ? groupTitle(option.key.slice(0, split)) : null;
    let group = groups.find((item) => item.title === title);
    if (!group) {
      group = { title, options: [] };
      groups.push(group);
    }
    group.options.push(option);
  }
  // Options without a group read as general sizes, so they come before the named groups.
  return groups.sort((a, b) => Number(a.title !== null) - Number(b.title !== null));
}

// "women" → "Women", "big-and-tall" → "Big and tall": keys are lower-case identifiers.
function groupTitle(group: string): string {
  const words = group.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A swatch's inline style: its colour or its image. */
export type SwatchStyle = { backgroundColor: string } | { backgroundImage: string };

/** What a swatch paints: a hex colour, a safe image URL, or nothing (the CSS shows a neutral dot). */
export function swatchStyle(swatch: unknown): SwatchStyle | undefined {
  if (typeof swatch !== 'string') return undefined;
  const value = swatch.trim();
  if (isCssHexColour(value)) return { backgroundColor: value };
  // Any web page's address gives the same verdict, so no page address needs to reach the panels.
  const url = safeHref(value, 'https://swatch.invalid/');
  // A bare word ("navy") is neither a hex colour nor plausibly an image path.
  if (url === '' || !/[/.]/.test(url)) return undefined;
  return { backgroundImage: `url("${url.replace(/["\\]/g, '\\$&')}")` };
}

/** The star count a rating option stands for ("4" → 4), or null when its key is not a rating. */
export function ratingStars(key: string): number | null {
  const stars = Number.parseFloat(key);
  return Number.isFinite(stars) && stars >= 0 && stars <= 5 ? stars : null;
}

/** The filters that get a button and a drawer section: a hidden price filter and empty facets are left out. */
export function visibleFilters(filters: readonly Filter[]): Filter[] {
  return filters.filter(
    (filter) => !priceFilterHidden(filter) && (filter.options.length > 0 || filter.key === PRICE_KEY),
  );
}
