/** The visual sitemap's grouping: links by first letter (`#` for the rest), and a jump bar of letter pairs. */
import type { Locale, SitemapLink } from './types.js';
import { intlTag } from './format.js';

/** The links under one letter. */
export interface SitemapSection {
  letter: string;
  links: SitemapLink[];
}

/** One jump-bar entry: a pair such as `A-B` (or `#`), the section letters it reaches, and whether any exist. */
export interface LetterPair {
  label: string;
  letters: string[];
  empty: boolean;
}

/** Section order: `#` first, then A to Z. */
export const SECTION_LETTERS = ['#', ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

// Letters whose decomposition does not reach A–Z but which French and Nordic readers file under one.
const LIGATURES: Record<string, string> = { Æ: 'A', Œ: 'O', Ø: 'O' };

/** The section letter of a title: its first character with accents folded (É under E), else `#`. */
export function sectionLetter(title: string): string {
  const first = [...title.trim()][0] ?? '';
  // Upper-casing can lengthen a letter (ß to SS); the first character is the one that files it.
  const base = first.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase().charAt(0);
  const folded = LIGATURES[base] ?? base;
  return /^[A-Z]$/.test(folded) ? folded : '#';
}

/** Sections of links by first letter, `#` first then A–Z, titles in the locale's order; empty letters omitted. */
export function groupSitemap(links: SitemapLink[], locale: Locale): SitemapSection[] {
  const byLetter = new Map<string, SitemapLink[]>();
  for (const link of sortByTitle(links, locale)) {
    const letter = sectionLetter(link.title);
    const list = byLetter.get(letter);
    if (list) list.push(link);
    else byLetter.set(letter, [link]);
  }
  return SECTION_LETTERS.flatMap((letter) => {
    const list = byLetter.get(letter);
    return list ? [{ letter, links: list }] : [];
  });
}

/** The jump bar: `#`, then `A-B` … `Y-Z`, every pair listed, marked empty when it has no section. */
export function letterPairs(sections: SitemapSection[]): LetterPair[] {
  const present = new Set(sections.map((section) => section.letter));
  const pairs: string[][] = [['#']];
  const alphabet = SECTION_LETTERS.slice(1);
  for (let i = 0; i < alphabet.length; i += 2) pairs.push(alphabet.slice(i, i + 2));
  return pairs.map((pair) => {
    const letters = pair.filter((letter) => present.has(letter));
    return { label: pair.join('-'), letters, empty: letters.length === 0 };
  });
}

// Intl.Collator is costly to build and a sitemap sorts thousands of titles.
const collators = new Map<Locale, Intl.Collator>();

/** A copy of the list sorted by title in the locale's collation (accents and case are secondary, numbers numeric). */
export function sortByTitle<T extends { title: string }>(list: readonly T[], locale: Locale): T[] {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(intlTag(locale), { numeric: true });
    collators.set(locale, collator);
  }
  const compare = collator.compare;
  return [...list].sort((a, b) => compare(a.title.trim(), b.title.trim()));
}

export { localeSuffixUrl } from './localeUrl.js';
