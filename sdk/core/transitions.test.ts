import { describe, expect, it } from 'vitest';
import type { UrlState } from './types.js';
import * as t from './transitions.js';

const base = (fields: Partial<UrlState> = {}): UrlState => ({
  filters: [],
  attributes: [],
  pageNumber: 4,
  pageSize: 24,
  ...fields,
});

describe('filter transitions (filters)', () => {
  it.each<[string, UrlState, UrlState['filters']]>([
    [
      'adds a new key at the end',
      base({ filters: [{ key: 'size', value: ['9'] }] }),
      [
        { key: 'size', value: ['9'] },
        { key: 'color', value: ['black'] },
      ],
    ],
    [
      'adds a value to an existing key',
      base({ filters: [{ key: 'color', value: ['navy'] }] }),
      [{ key: 'color', value: ['navy', 'black'] }],
    ],
    [
      'removes a selected value',
      base({ filters: [{ key: 'color', value: ['black', 'navy'] }] }),
      [{ key: 'color', value: ['navy'] }],
    ],
    ['removes the key with its last value', base({ filters: [{ key: 'color', value: ['black'] }] }), []],
  ])('toggleFilter %s, page back to 1', (_, before, filters) => {
    expect(t.toggleFilter(before, 'color', 'black')).toEqual({ ...before, filters, pageNumber: 1 });
  });

  it('does not mutate its input', () => {
    const before = base({ filters: [{ key: 'color', value: ['navy'] }] });
    const snapshot = structuredClone(before);
    t.toggleFilter(before, 'color', 'black');
    t.replaceFilter(before, 'color', ['red']);
    t.setPriceRange(before, 'price', [1, 2]);
    expect(before).toEqual(snapshot);
  });

  it('replaceFilter replaces all earlier values in place; an empty list removes the key', () => {
    const before = base({
      filters: [
        { key: 'size', value: ['9', '10'] },
        { key: 'color', value: ['red'] },
      ],
    });
    expect(t.replaceFilter(before, 'size', ['11', '11', ''])).toEqual({
      ...before,
      filters: [
        { key: 'size', value: ['11'] },
        { key: 'color', value: ['red'] },
      ],
      pageNumber: 1,
    });
    expect(t.replaceFilter(before, 'size', []).filters).toEqual([{ key: 'color', value: ['red'] }]);
  });

  it('removeFilter drops every value of the key; an absent key changes nothing', () => {
    const before = base({
      filters: [
        { key: 'color', value: ['red', 'blue'] },
        { key: 'price', value: [10, 50] },
      ],
    });
    expect(t.removeFilter(before, 'color')).toEqual({
      ...before,
      filters: [{ key: 'price', value: [10, 50] }],
      pageNumber: 1,
    });
    expect(t.removeFilter(before, 'brand')).toBe(before);
  });

  it.each<[string, [number, number] | null, UrlState['filters']]>([
    [
      'sets a single range',
      [20, 90],
      [
        { key: 'color', value: ['red'] },
        { key: 'price', value: [20, 90] },
      ],
    ],
    [
      'orders min and max',
      [90, 20],
      [
        { key: 'color', value: ['red'] },
        { key: 'price', value: [20, 90] },
      ],
    ],
    ['null clears it', null, [{ key: 'color', value: ['red'] }]],
  ])('setPriceRange %s', (_, range, filters) => {
    const before = base({
      filters: [
        { key: 'color', value: ['red'] },
        { key: 'price', value: [10, 50] },
      ],
    });
    expect(t.setPriceRange(before, 'price', range).filters).toEqual(filters);
  });

  it('setPriceRange ignores a non-finite range', () => {
    const before = base();
    expect(t.setPriceRange(before, 'price', [Number.NaN, 10])).toBe(before);
  });

  it('clearFilters empties the list with page 1', () => {
    expect(t.clearFilters(base({ filters: [{ key: 'a', value: ['b'] }], sort: 's' }))).toEqual(
      base({ sort: 's', pageNumber: 1 }),
    );
  });
});

describe('sort, attributes and paging', () => {
  it('setSort sets the sort and page 1; an empty sort clears it', () => {
    expect(t.setSort(base(), 'price_asc')).toEqual(base({ sort: 'price_asc', pageNumber: 1 }));
    expect(t.setSort(base({ sort: 'x' }), '')).toEqual(base({ pageNumber: 1 }));
  });

  it('clearSort removes the sort and the page number', () => {
    const cleared = t.clearSort(base({ sort: 'price_asc' }));
    expect(cleared).toEqual(base({ pageNumber: 1 }));
    expect(cleared).not.toHaveProperty('sort');
  });

  it('toggleAttribute toggles within the list', () => {
    const once = t.toggleAttribute(base({ attributes: ['new'] }), 'sale');
    expect(once.attributes).toEqual(['new', 'sale']);
    expect(t.toggleAttribute(once, 'new').attributes).toEqual(['sale']);
    expect(once.pageNumber).toBe(1);
  });

  it.each([
    [48, base({ pageSize: 48, pageNumber: 1 })],
    [0, base()],
    [-5, base()],
    [2.5, base()],
  ])('setPageSize(%d) sets the size and page 1, ignoring invalid sizes', (size, expected) => {
    expect(t.setPageSize(base(), size)).toEqual(expected);
  });

  it.each([
    [2, 2],
    [4, 4],
    [0, 4],
    [1.5, 4],
  ])('setPage(%d) → page %d; the same page returns the same object', (page, expected) => {
    const before = base();
    const after = t.setPage(before, page);
    expect(after.pageNumber).toBe(expected);
    if (expected === before.pageNumber) expect(after).toBe(before);
  });
});

describe('infinite load and load-all', () => {
  it.each([
    [24, 24, 100, 2],
    [30, 24, 100, 3],
    [0, 24, 100, 1],
    [100, 24, 100, null],
    [120, 24, 100, null],
    [24, 0, 100, null],
  ])('infiniteNextPage(shown %d, size %d, filtered %d) → %j', (shown, size, filtered, expected) => {
    expect(t.infiniteNextPage(shown, size, filtered)).toBe(expected);
  });

  it.each([
    [2, 24, 100, 24, true],
    [2, 24, 100, 48, false],
    [3, 24, 60, 48, true],
    [3, 24, 60, 60, false],
    [1, 24, 10, 10, false],
    [1, 24, 100, 0, true],
  ])(
    'infiniteShortfall(page %d of %d, filtered %d, shown %d) → %j',
    (pageNumber, pageSize, filtered, shown, expected) => {
      expect(t.infiniteShortfall(base({ pageNumber, pageSize }), filtered, shown)).toBe(expected);
    },
  );

  it.each([
    [true, 100, { pageNumber: 5, pageSize: 24 }],
    [true, 24, { pageNumber: 1, pageSize: 24 }],
    [false, 100, { pageNumber: 1, pageSize: 100 }],
  ])('loadAll(infinite %s, filtered %d)', (infinite, filtered, expected) => {
    expect(t.loadAll(base(), { infinite, filtered })).toMatchObject(expected);
  });

  it('loadAll with nothing filtered changes nothing', () => {
    const before = base();
    expect(t.loadAll(before, { infinite: false, filtered: 0 })).toBe(before);
  });
});

describe('selectedFilterCount (All Filters count)', () => {
  it('counts each selected value once and a price range once', () => {
    const state = base({
      filters: [
        { key: 'color', value: ['red', 'blue'] },
        { key: 'price', value: [10, 20] },
      ],
      attributes: ['new'],
    });
    expect(t.selectedFilterCount(state)).toBe(3);
    expect(t.selectedFilterCount(base())).toBe(0);
  });

  it('optionValues lists a key’s selected values', () => {
    const state = base({
      filters: [
        { key: 'color', value: ['red'] },
        { key: 'price', value: [1, 2] },
      ],
    });
    expect(t.optionValues(state, 'color')).toEqual(['red']);
    expect(t.optionValues(state, 'price')).toEqual([]);
    expect(t.optionValues(state, 'size')).toEqual([]);
  });
});
