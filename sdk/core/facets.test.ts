import { describe, expect, it } from 'vitest';
import {
  FACET_MATCH_LIMIT,
  FACET_QUERY_MAX_LENGTH,
  FACET_SEARCH_THRESHOLD,
  FacetMatcher,
  FACET_VISIBLE_LIMIT,
  facetCollapsible,
  facetSearchable,
  facetView,
  firstRevealed,
  foldForMatch,
  matchesQuery,
  selectedKeys,
} from './facets.js';

const options = (count: number, selected: number[] = []) =>
  Array.from({ length: count }, (_, index) => ({
    key: `o${index}`,
    text: `Option ${index}`,
    selected: selected.includes(index),
  }));
const keys = (list: Array<{ key: string }>) => list.map((option) => option.key);
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, index) => `o${from + index}`);

describe('facet thresholds', () => {
  it.each([
    [FACET_VISIBLE_LIMIT, false],
    [FACET_VISIBLE_LIMIT + 1, true],
  ])('%d options collapsible: %s', (count, expected) => {
    expect(facetCollapsible(count)).toBe(expected);
  });

  it.each([
    [FACET_SEARCH_THRESHOLD, false],
    [FACET_SEARCH_THRESHOLD + 1, true],
  ])('%d options searchable: %s', (count, expected) => {
    expect(facetSearchable(count)).toBe(expected);
  });
});

describe('foldForMatch / matchesQuery', () => {
  it.each([
    ['Écru', 'ecru', 'en', true],
    ['écru', 'ÉCRU', 'fr', true],
    // "E" followed by a combining acute accent, as some back ends send it.
    ['E\u0301cru', 'ecru', 'en', true],
    ['Crème brûlée', 'creme bru', 'fr', true],
    ['Garçon', 'garcon', 'fr', true],
    ['Navy', '  NA ', 'en', true],
    ['Navy', 'ecru', 'en', false],
    ['Acme', '', 'en', true],
  ] as const)('"%s" matches "%s" (%s): %s', (text, query, locale, expected) => {
    expect(matchesQuery(text, query, locale)).toBe(expected);
  });

  it('folds inner runs of spaces to one', () => {
    expect(foldForMatch('Big   and Tall', 'en')).toBe('big and tall');
  });
});

describe('facetView', () => {
  const locale = 'en' as const;

  it('shows a short facet whole and in order, selected options where they are', () => {
    const view = facetView(options(10, [7]), { expanded: false, query: '', locale });
    expect(keys(view.shown)).toEqual(range(0, 10));
    expect(view).toMatchObject({ hiddenCount: 0, collapsible: false, noMatch: false });
  });

  it('cuts a long facet to the first ten and counts the rest', () => {
    const view = facetView(options(22), { expanded: false, query: '', locale });
    expect(keys(view.shown)).toEqual(range(0, 10));
    expect(view).toMatchObject({ hiddenCount: 12, collapsible: true });
  });

  it('lists selected options first, even ones from beyond the first ten', () => {
    const view = facetView(options(22, [3, 18]), { expanded: false, query: '', locale });
    expect(keys(view.shown)).toEqual(['o3', 'o18', 'o0', 'o1', 'o2', 'o4', 'o5', 'o6', 'o7', 'o8']);
    expect(view.hiddenCount).toBe(12);
  });

  it('shows every selected option when more than ten are selected', () => {
    const chosen = range(0, 12).map((key) => Number(key.slice(1)));
    const view = facetView(options(20, chosen), { expanded: false, query: '', locale });
    expect(view.shown).toHaveLength(12);
    expect(view.hiddenCount).toBe(8);
  });

  it('shows everything once expanded, still offering to collapse', () => {
    const view = facetView(options(22, [18]), { expanded: true, query: '', locale });
    expect(keys(view.shown)).toEqual(['o18', ...range(0, 18), ...range(19, 22)]);
    expect(view).toMatchObject({ hiddenCount: 0, collapsible: true });
  });

  it('narrows a searchable facet to matches, keeping selected options above them', () => {
    const list = [
      ...options(14, [2]),
      { key: 'ecru', text: 'Écru', selected: false },
      { key: 'ecrus', text: 'Ecru stripe', selected: false },
      { key: 'navy', text: 'Navy', selected: false },
    ];
    const view = facetView(list, { expanded: false, query: 'ÉCR', locale });
    expect(keys(view.shown)).toEqual(['o2', 'ecru', 'ecrus']);
    expect(view).toMatchObject({ hiddenCount: 0, collapsible: false, noMatch: false });
  });

  it('keeps a box ticked since the list was laid out where it is', () => {
    const list = options(22, [4]);
    const view = facetView(list, { expanded: false, query: '', locale, pinned: new Set() });
    expect(keys(view.shown)).toEqual(range(0, 10));
  });

  it('keeps an unticked pinned option at the top until the list is laid out again', () => {
    const view = facetView(options(22), { expanded: false, query: '', locale, pinned: new Set(['o15']) });
    expect(keys(view.shown)[0]).toBe('o15');
    expect(view.shown).toHaveLength(10);
  });

  it('never cuts off a selected option, even one chosen after the list was laid out', () => {
    const view = facetView(options(22, [15]), { expanded: false, query: '', locale, pinned: new Set() });
    expect(keys(view.shown)).toEqual([...range(0, 10), 'o15']);
    expect(view.hiddenCount).toBe(11);
  });

  it('keeps pinned options above the matches, and other selected ones in place, while searching', () => {
    const view = facetView(options(16, [9]), { expanded: false, query: 'option 1', locale, pinned: new Set(['o3']) });
    expect(keys(view.shown)).toEqual(['o3', 'o1', 'o9', 'o10', 'o11', 'o12', 'o13', 'o14', 'o15']);
  });

  it('reports no match while selected options stay listed', () => {
    const view = facetView(options(16, [5]), { expanded: false, query: 'zzz', locale });
    expect(keys(view.shown)).toEqual(['o5']);
    expect(view.noMatch).toBe(true);
  });

  it('ignores a query on a facet too short to be searched', () => {
    const view = facetView(options(12), { expanded: false, query: 'zzz', locale });
    expect(view.shown).toHaveLength(10);
    expect(view.noMatch).toBe(false);
  });

  it('treats a query of spaces as no query', () => {
    const view = facetView(options(16), { expanded: false, query: '   ', locale });
    expect(view).toMatchObject({ hiddenCount: 6, collapsible: true, noMatch: false });
  });
});

describe('selectedKeys', () => {
  it('is the keys of the selected options', () => {
    expect([...selectedKeys(options(5, [1, 3]))]).toEqual(['o1', 'o3']);
  });
});

describe('firstRevealed', () => {
  it('is the first option that was not shown before', () => {
    const list = options(22);
    expect(firstRevealed(list.slice(0, 10), list)?.key).toBe('o10');
  });

  it('is null when nothing new appeared', () => {
    const list = options(12);
    expect(firstRevealed(list, list.slice(0, 10))).toBeNull();
  });
});

describe('a facet of 10,000 options', () => {
  const locale = 'en' as const;
  const many = options(10_000, [9_999]);
  const matcher = new FacetMatcher(many, locale);

  it('a query that matches everything lists the selected option and the first matches, the rest behind "Show N more"', () => {
    const view = facetView(many, { expanded: false, query: 'o', locale, matcher });
    expect(keys(view.shown)).toEqual(['o9999', ...range(0, FACET_MATCH_LIMIT)]);
    expect(view).toMatchObject({ hiddenCount: 9_999 - FACET_MATCH_LIMIT, collapsible: true, noMatch: false });
    expect(facetView(many, { expanded: true, query: 'o', locale, matcher }).shown).toHaveLength(10_000);
  });

  it('a few matches show whole, with nothing to expand', () => {
    const view = facetView(many, { expanded: false, query: 'option 123', locale, matcher });
    expect(keys(view.shown)).toEqual(['o9999', 'o123', ...range(1230, 1240)]);
    expect(view).toMatchObject({ hiddenCount: 0, collapsible: false });
  });

  it('answers the same whether a query is typed on from a shorter one or asked afresh', () => {
    const typed = ['o', 'op', 'option 1', 'option 12', 'option 1', 'zz', 'ion 99'].map(
      (query) => matcher.matching(query)?.count,
    );
    const fresh = ['o', 'op', 'option 1', 'option 12', 'option 1', 'zz', 'ion 99'].map(
      (query) => new FacetMatcher(many, locale).matching(query)?.count,
    );
    expect(typed).toEqual([10_000, 10_000, 1_111, 111, 1_111, 0, 111]);
    expect(typed).toEqual(fresh);
  });

  it(`reads only the first ${FACET_QUERY_MAX_LENGTH} characters of a query`, () => {
    expect(matcher.matching(`option 7${'x'.repeat(1_000_000)}`)?.count).toBe(0);
    expect(matcher.matching(`${' '.repeat(FACET_QUERY_MAX_LENGTH)}option 7`)).toBeNull();
  });
});
