import { describe, expect, it } from 'vitest';
import type { SitemapLink } from './types.js';
import { groupSitemap, letterPairs, localeSuffixUrl, sectionLetter, sortByTitle } from './sitemap.js';

const links = (...titles: string[]): SitemapLink[] => titles.map((title) => ({ title, url: `/${title}` }));
const titlesBySection = (list: SitemapLink[], locale: 'en' | 'fr' = 'en') =>
  Object.fromEntries(groupSitemap(list, locale).map((section) => [section.letter, section.links.map((l) => l.title)]));

describe('sectionLetter (grouped by first letter, non-letters under #)', () => {
  it.each([
    ['Boots', 'B'],
    ['boots', 'B'],
    ['Écharpes', 'E'],
    ['écharpes', 'E'],
    ['Ångström gear', 'A'],
    ['Œufs de Pâques', 'O'],
    ['ßpecial', 'S'],
    ['  Zippers', 'Z'],
    ['3D printers', '#'],
    ['"Quoted"', '#'],
    ['#hashtag', '#'],
    ['😀 Fun', '#'],
    ['Ωmega', '#'],
    ['', '#'],
  ])('%j → %s', (title, letter) => {
    expect(sectionLetter(title)).toBe(letter);
  });
});

describe('groupSitemap (alphabetical sections)', () => {
  it('puts # first, then A–Z, omitting empty letters, titles collated', () => {
    expect(
      titlesBySection(links('boots', 'Écharpes', 'Apples', '10 Gifts', '2 Gifts', 'eggs', '!Sale', 'Elk', 'bags')),
    ).toEqual({
      '#': ['!Sale', '2 Gifts', '10 Gifts'],
      A: ['Apples'],
      B: ['bags', 'boots'],
      E: ['Écharpes', 'eggs', 'Elk'],
    });
    expect(groupSitemap(links('b', 'a', '1'), 'en').map((s) => s.letter)).toEqual(['#', 'A', 'B']);
  });

  it('sorts French titles with the French collation', () => {
    expect(titlesBySection(links('côte', 'cote', 'coté', 'côté'), 'fr').C).toEqual(['cote', 'côte', 'coté', 'côté']);
  });

  it('handles empty input and a single-letter list', () => {
    expect(groupSitemap([], 'en')).toEqual([]);
    expect(groupSitemap(links('Mugs', 'mats'), 'en')).toEqual([{ letter: 'M', links: links('mats', 'Mugs') }]);
  });

  // How fast is measured by `npm run bench` (bench/rules.ts), never by a unit test.
  it('groups 5,000 links and loses none', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      title: `${String.fromCharCode(65 + (i % 26))}item ${i}`,
      url: `/${i}`,
    }));
    const sections = groupSitemap(many, 'en');
    expect(sections).toHaveLength(26);
    expect(sections.reduce((sum, section) => sum + section.links.length, 0)).toBe(5000);
  });

  it('does not reorder its input', () => {
    const input = links('b', 'a');
    sortByTitle(input, 'en');
    expect(input.map((l) => l.title)).toEqual(['b', 'a']);
  });
});

describe('letterPairs (jump bar in pairs, # first)', () => {
  it('lists every pair and marks the empty ones', () => {
    const pairs = letterPairs(groupSitemap(links('Apples', 'Zebra toys', '4x4'), 'en'));
    expect(pairs.map((pair) => pair.label)).toEqual([
      '#',
      'A-B',
      'C-D',
      'E-F',
      'G-H',
      'I-J',
      'K-L',
      'M-N',
      'O-P',
      'Q-R',
      'S-T',
      'U-V',
      'W-X',
      'Y-Z',
    ]);
    expect(pairs[0]).toEqual({ label: '#', letters: ['#'], empty: false });
    expect(pairs[1]).toEqual({ label: 'A-B', letters: ['A'], empty: false });
    expect(pairs[2]).toEqual({ label: 'C-D', letters: [], empty: true });
    expect(pairs[13]).toEqual({ label: 'Y-Z', letters: ['Z'], empty: false });
  });

  it('marks everything empty for an empty sitemap', () => {
    expect(letterPairs([]).every((pair) => pair.empty)).toBe(true);
  });
});

describe('localeSuffixUrl (link locale suffix)', () => {
  it.each([
    ['/maple/boots', { region: 'ca', locale: 'fr' }, '/maple/boots?locale=fr_CA'],
    ['/maple/boots?color=red', { region: 'ca', locale: 'fr' }, '/maple/boots?color=red&locale=fr_CA'],
    ['/maple/boots#top', { region: 'CA', locale: 'fr-CA' }, '/maple/boots?locale=fr_CA#top'],
    ['/maple/boots?locale=en_CA', { region: 'ca', locale: 'fr' }, '/maple/boots?locale=fr_CA'],
    ['/maple/boots', { region: 'ca', locale: 'en' }, '/maple/boots'],
    ['/maple/boots', { region: 'ca', locale: 'en_CA' }, '/maple/boots'],
    ['/maple/boots', { locale: 'fr' }, '/maple/boots'],
    ['/maple/boots', { region: 'ca' }, '/maple/boots'],
    ['/maple/boots', { region: '', locale: 'fr' }, '/maple/boots'],
  ])('%s with %j → %s', (url, settings, expected) => {
    expect(localeSuffixUrl(url, settings)).toBe(expected);
  });
});
