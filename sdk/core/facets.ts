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

/**
 * The longest query a facet's search box takes (the box's `maxLength`, and what a query is cut to):
 * no option label is longer, and a pasted megabyte would only cost the page time to fold and compare.
 */
export const FACET_QUERY_MAX_LENGTH = 100;

/**
 * While a query narrows a facet, at most this many matches are listed until "Show N more": a short
 * query on a marketplace's 10,000 brands matches thousands, and drawing them all would hold the page.
 */
export const FACET_MATCH_LIMIT = 20;

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

/**
 * A facet's option texts, folded once for the list and locale it was built for, so that each query
 * folds only itself and compares in one pass: typing into a 10,000-option facet costs a scan, not
 * 10,000 foldings. Matches are by position: it serves any list of the same options in the same order
 * (the panels' options are the response's, with the selection read from the address).
 */
export class FacetMatcher {
  private readonly texts: string[];
  /** The last answer: asked again (a re-render, "Show N more") it is not worked out again. */
  private last: { wanted: string; found: { hits: Uint8Array; count: number } } | null = null;

  constructor(
    options: readonly Pick<FacetOption, 'text'>[],
    private readonly locale: Locale,
  ) {
    this.texts = options.map((option) => foldForMatch(option.text, locale));
  }

  /** How many options it was built for. */
  get size(): number {
    return this.texts.length;
  }

  /**
   * Which options contain `query` (accents, case and spacing aside; only its first
   * FACET_QUERY_MAX_LENGTH characters are read): a flag per option and how many are set. Null for a
   * blank query.
   */
  matching(query: string): { hits: Uint8Array; count: number } | null {
    const wanted = foldForMatch(query.slice(0, FACET_QUERY_MAX_LENGTH), this.locale);
    if (wanted === '') return null;
    if (this.last?.wanted === wanted) return this.last.found;
    // A query that extends the last one (the shopper typed on) can only match what that one matched.
    const narrowing = this.last && wanted.includes(this.last.wanted) ? this.last.found.hits : null;
    const hits = new Uint8Array(this.texts.length);
    let count = 0;
    for (let i = 0; i < this.texts.length; i++) {
      if ((narrowing === null || narrowing[i] === 1) && this.texts[i]!.includes(wanted)) {
        hits[i] = 1;
        count++;
      }
    }
    this.last = { wanted, found: { hits, count } };
    return this.last.found;
  }
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
 * above them so they can always be cleared; the first `FACET_MATCH_LIMIT` matches show (the list
 * area scrolls), the rest after "Show N more". Pass the facet's `matcher` to fold its texts only once.
 *
 * `pinned` is the selection as it stood when the list was last laid out (the panel opened, the
 * query changed, the list was expanded or collapsed); it defaults to the current selection. Ticking
 * a box does not move it, so the option under the shopper's pointer or focus stays where it is, and
 * an option chosen since then is still kept in view when the list is cut.
 */
export function facetView<T extends FacetOption>(
  options: readonly T[],
  view: { expanded: boolean; query: string; locale: Locale; pinned?: ReadonlySet<string>; matcher?: FacetMatcher },
): FacetView<T> {
  if (!facetCollapsible(options.length)) {
    return { shown: [...options], hiddenCount: 0, collapsible: false, noMatch: false };
  }
  const pinned = view.pinned;
  const isPinned = !pinned
    ? (option: T) => option.selected
    : pinned.size === 0
      ? () => false
      : (option: T) => pinned.has(option.key);
  const matcher = view.matcher?.size === options.length ? view.matcher : null;
  const found = facetSearchable(options.length)
    ? (matcher ?? new FacetMatcher(options, view.locale)).matching(view.query)
    : null;
  if (found) return searchView(options, found, isPinned, view.expanded);
  const top = options.filter(isPinned);
  const others = options.filter((option) => !isPinned(option));
  const ordered = [...top, ...others];
  const visible = view.expanded ? ordered.length : Math.max(FACET_VISIBLE_LIMIT, top.length);
  const shown = ordered.slice(0, visible);
  // A selected option is never cut off, even one chosen after the list was laid out.
  shown.push(...ordered.slice(visible).filter((option) => option.selected));
  return { shown, hiddenCount: ordered.length - shown.length, collapsible: true, noMatch: false };
}

/**
 * A searched facet in one pass: the pinned options, then the other selected ones and the matches in
 * the list's order, the matches beyond the first FACET_MATCH_LIMIT left for "Show N more". A
 * selected option stays listed (where it is) even when the query no longer matches it.
 */
function searchView<T extends FacetOption>(
  options: readonly T[],
  found: { hits: Uint8Array; count: number },
  isPinned: (option: T) => boolean,
  expanded: boolean,
): FacetView<T> {
  const top: T[] = [];
  const rest: T[] = [];
  let listed = 0;
  let hidden = 0;
  for (let i = 0; i < options.length; i++) {
    const option = options[i]!;
    if (isPinned(option)) top.push(option);
    else if (option.selected) rest.push(option);
    else if (found.hits[i] !== 1) continue;
    else if (expanded || listed < FACET_MATCH_LIMIT) {
      rest.push(option);
      listed++;
    } else hidden++;
  }
  const collapsible = listed + hidden > FACET_MATCH_LIMIT;
  return { shown: [...top, ...rest], hiddenCount: hidden, collapsible, noMatch: found.count === 0 };
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
