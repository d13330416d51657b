/** Which options a long facet shows and how typed text matches them; framework-free, tested as a table. */
import { intlTag } from './format.js';
import type { Locale } from './types.js';

/** A facet with more options than this shows only this many at first, with a "Show N more" control. */
export const FACET_VISIBLE_LIMIT = 10;

/** A facet with more options than this gets a search box that narrows its options. */
export const FACET_SEARCH_THRESHOLD = 15;

/** Pause after the last keystroke in a facet's search box before a screen reader is told "no match". */
export const FACET_STATUS_DELAY_MS = 500;

/** No option label is longer; a pasted megabyte would only cost time to fold and compare. */
export const FACET_QUERY_MAX_LENGTH = 100;

/** Matches listed before "Show N more": a short query on 10,000 brands would otherwise hold the page. */
export const FACET_MATCH_LIMIT = 20;

/** What the rules need from an option. */
export interface FacetOption {
  key: string;
  text: string;
  selected: boolean;
}

/** Whether a facet this long gets a search box. */
export function facetSearchable(count: number): boolean {
  return count > FACET_SEARCH_THRESHOLD;
}

/** Whether a facet this long is cut until the shopper asks for more. */
export function facetCollapsible(count: number): boolean {
  return count > FACET_VISIBLE_LIMIT;
}

/** Accents dropped after a canonical split (precomposed or combining), then lower case by the page's language. */
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
 * Option texts folded once, so typing into a 10,000-option facet costs a scan, not 10,000 foldings.
 * Matches are by position: it serves any list of the same options in the same order.
 */
export class FacetMatcher {
  private readonly texts: string[];
  /** Re-renders and "Show N more" ask again: the last answer is kept. */
  private last: { wanted: string; found: { hits: Uint8Array; count: number } } | null = null;

  constructor(
    options: readonly Pick<FacetOption, 'text'>[],
    private readonly locale: Locale,
  ) {
    this.texts = options.map((option) => foldForMatch(option.text, locale));
  }

  get size(): number {
    return this.texts.length;
  }

  /** A flag per option containing `query` and how many are set; null for a blank query. */
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
  /** Selected ones first when the list is long. */
  shown: T[];
  hiddenCount: number;
  collapsible: boolean;
  /** No option matches the query (selected options may still be listed). */
  noMatch: boolean;
}

/**
 * The options a facet renders. A long one lists its pinned options first, so a choice is never
 * hidden behind "Show more" and can always be cleared. `pinned` is the selection when the list was
 * last laid out: ticking a box does not move it, so the option under the pointer stays put.
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

/** A selected option stays listed where it is even when the query no longer matches it. */
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

/** What a facet pins when it lays its list out. */
export function selectedKeys(options: readonly FacetOption[]): Set<string> {
  return new Set(options.filter((option) => option.selected).map((option) => option.key));
}

/** The option that takes focus after "Show N more": the first not shown before, or null. */
export function firstRevealed<T extends FacetOption>(before: readonly T[], after: readonly T[]): T | null {
  const seen = new Set(before.map((option) => option.key));
  return after.find((option) => !seen.has(option.key)) ?? null;
}
