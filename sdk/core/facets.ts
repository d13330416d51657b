/**
 * Long filter lists: which options a facet shows (the first few, a shopper's query, everything) and
 * how typed text matches an option's label. Framework-free so the rules are tested as a table and the
 * panels only render what they are given.
 */
import { intlTag } from './format.js';
import type { Locale } from './types.js';

/** A facet with more options than this shows only this many at first, with a "Show N more" control. */
export const FACET_VISIBLE_LIMIT = 10;

/** A facet with more options than this gets a search box that narrows its options. */
export const FACET_SEARCH_THRESHOLD = 15;

/** Pause after the last keystroke in a facet's search box before a screen reader is told "no match". */
export const FACET_STATUS_DELAY_MS = 500;

/** What the rules need from an option. */
export interface FacetOption {
  key: string;
  text: string;
  selected: boolean;
}

/** Whether a facet with `count` options gets a search box. */
export function facetSearchable(count: number): boolean {
  return count > FACET_SEARCH_THRESHOLD;
}

/** Whether a facet with `count` options is cut to the first few until the shopper asks for more. */
export function facetCollapsible(count: number): boolean {
  return count > FACET_VISIBLE_LIMIT;
}

/**
 * Text folded for matching: accents dropped (é → e, Ç → c), then lower case by the page's language.
 * Marks are removed after a canonical split, so both precomposed "É" and "E" + combining accent fold to "e".
 */
export function foldForMatch(text: string, locale: Locale): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase(intlTag(locale))
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when the option's text contains the query, ignoring accents, case and surrounding spaces. */
export function matchesQuery(text: string, query: string, locale: Locale): boolean {
  const wanted = foldForMatch(query, locale);
  return wanted === '' || foldForMatch(text, locale).includes(wanted);
}

/** What a facet shows now. */
export interface FacetView<T> {
  /** The options to render, in order: selected ones first when the list is long. */
  shown: T[];
  /** Options left out until "Show N more" (0 while searching, expanded, or short). */
  hiddenCount: number;
  /** The list is long enough to offer "Show N more" / "Show less" (and is not being searched). */
  collapsible: boolean;
  /** A query is typed and no option's text matches it (selected options may still be listed). */
  noMatch: boolean;
}

/**
 * The options a facet renders. A short facet shows every option in the response's order. A long one
 * lists its pinned options first (so a choice is never hidden behind "Show more") and, unless
 * expanded, stops after the first `FACET_VISIBLE_LIMIT` (or after the pinned ones, if there are more
 * of those). A query narrows a searchable facet to the matching options, with the pinned ones kept
 * above them so they can always be cleared; the whole match list shows, as the list area scrolls.
 *
 * `pinned` is the selection as it stood when the list was last laid out (the panel opened, the
 * query changed, the list was expanded or collapsed); it defaults to the current selection. Ticking
 * a box does not move it, so the option under the shopper's pointer or focus stays where it is, and
 * an option chosen since then is still kept in view when the list is cut.
 */
export function facetView<T extends FacetOption>(
  options: readonly T[],
  view: { expanded: boolean; query: string; locale: Locale; pinned?: ReadonlySet<string> },
): FacetView<T> {
  if (!facetCollapsible(options.length)) {
    return { shown: [...options], hiddenCount: 0, collapsible: false, noMatch: false };
  }
  const isPinned = (option: T) => (view.pinned ? view.pinned.has(option.key) : option.selected);
  const top = options.filter(isPinned);
  const others = options.filter((option) => !isPinned(option));
  const searching = facetSearchable(options.length) && foldForMatch(view.query, view.locale) !== '';
  if (searching) {
    const matches = options.filter((option) => matchesQuery(option.text, view.query, view.locale));
    // A selected option stays listed (where it is) even when the query no longer matches it.
    const shown = [...top, ...others.filter((option) => option.selected || matches.includes(option))];
    return { shown, hiddenCount: 0, collapsible: false, noMatch: matches.length === 0 };
  }
  const ordered = [...top, ...others];
  const visible = view.expanded ? ordered.length : Math.max(FACET_VISIBLE_LIMIT, top.length);
  const shown = ordered.slice(0, visible);
  // A selected option is never cut off, even one chosen after the list was laid out.
  shown.push(...ordered.slice(visible).filter((option) => option.selected));
  return { shown, hiddenCount: ordered.length - shown.length, collapsible: true, noMatch: false };
}

/** The keys of the selected options: what a facet pins when it lays its list out. */
export function selectedKeys(options: readonly FacetOption[]): Set<string> {
  return new Set(options.filter((option) => option.selected).map((option) => option.key));
}

/**
 * The option that should take focus after "Show N more": the first one that was not shown before.
 * Null when nothing new appeared.
 */
export function firstRevealed<T extends FacetOption>(before: readonly T[], after: readonly T[]): T | null {
  const seen = new Set(before.map((option) => option.key));
  return after.find((option) => !seen.has(option.key)) ?? null;
}
