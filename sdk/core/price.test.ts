import { describe, expect, it } from 'vitest';
import type { Filter } from './types.js';
import { priceFilterHidden, sliderBounds, sliderRange, snapRange, typedRange } from './price.js';
import { parseTypedPrice } from './typedPrice.js';

describe('sliderBounds (range rounded to multiples of 10)', () => {
  it.each([
    [3, 247, [0, 250]],
    [10, 200, [10, 200]],
    [12.5, 19.99, [10, 20]],
    [20, 20, [20, 30]],
    [-5, 5, [-10, 10]],
    [300, 100, [100, 300]],
    [Number.NaN, 50, [0, 50]],
  ])('abs %d..%d → %j', (min, max, expected) => {
    expect(sliderBounds(min, max)).toEqual(expected);
  });
});

describe('snapRange (step 10, min nearest, max up, ≥ 10 apart)', () => {
  const bounds: [number, number] = [0, 250];
  it.each([
    [
      [14, 91],
      [10, 100],
    ],
    [
      [15, 90],
      [20, 90],
    ],
    [
      [-40, 999],
      [0, 250],
    ],
    [
      [50, 51],
      [50, 60],
    ],
    [
      [50, 50],
      [50, 60],
    ],
    [
      [244, 250],
      [240, 250],
    ],
    [
      [250, 250],
      [240, 250],
    ],
    [
      [90, 30],
      [30, 90],
    ],
    [
      [Number.NaN, Number.POSITIVE_INFINITY],
      [0, 250],
    ],
  ])('%j → %j', (range, expected) => {
    expect(snapRange(range as [number, number], bounds)).toEqual(expected);
  });
});

describe('priceFilterHidden (price panel hidden when abs min = max)', () => {
  const filter = (fields: Partial<Filter>): Filter => ({ key: 'price', label: 'Price', options: [], ...fields });
  it.each([
    [filter({ abs_min: 10, abs_max: 10 }), true],
    [filter({ abs_min: 10, abs_max: 90 }), false],
    [filter({ abs_min: 10 }), true],
    [filter({ key: 'color', abs_min: 1, abs_max: 1 }), false],
  ])('%j → %s', (f, hidden) => {
    expect(priceFilterHidden(f)).toBe(hidden);
  });
});

describe('sliderRange', () => {
  it('starts from the selected min/max, else the bounds', () => {
    const base: Filter = { key: 'price', label: 'Price', options: [], abs_min: 3, abs_max: 247 };
    expect(sliderRange(base)).toEqual({ bounds: [0, 250], value: [0, 250] });
    expect(sliderRange({ ...base, min: 42, max: 101 })).toEqual({ bounds: [0, 250], value: [40, 110] });
  });
});

describe('parseTypedPrice (what a From/To box accepts)', () => {
  it.each([
    ['120', 'en', undefined, 120],
    [' 120 ', 'en', undefined, 120],
    ['$1,200', 'en', undefined, 1200],
    ['$1,234,567.50', 'en', undefined, 1234567.5],
    ['12.5', 'en', undefined, 12.5],
    ['.5', 'en', undefined, 0.5],
    ['40 $', 'en', undefined, 40],
    ['12,50', 'fr', 'ca', 12.5],
    ['1\u00a0200\u00a0$', 'fr', 'ca', 1200],
    ['1 200,50 $', 'fr', 'ca', 1200.5],
    ['1\u202f200', 'fr', 'ca', 1200],
    ['CA$40', 'en', 'ca', 40],
    ['$40', 'en', 'ca', 40],
    ['', 'en', undefined, null],
    ['abc', 'en', undefined, null],
    ['-20', 'en', undefined, null],
    ['12..5', 'en', undefined, null],
    ['1e3', 'en', undefined, null],
  ] as const)('"%s" (%s, %s) → %s', (text, locale, region, expected) => {
    expect(parseTypedPrice(text, locale, region)).toBe(expected);
  });

  it.each([
    ['US60CA', 'en', undefined],
    ['US60CA', 'en', 'ca'],
    ['$1,0,0', 'en', undefined],
    ['1,00', 'en', undefined],
    ['1,2345', 'en', undefined],
    ['$$40', 'en', undefined],
    ['$40$', 'en', undefined],
    ['CA$40', 'en', undefined],
    ['US$40', 'en', 'ca'],
    ['12.999', 'en', undefined],
    ['12,5', 'en', undefined],
    ['12.50', 'fr', 'ca'],
    ['1 2 0 0', 'fr', 'ca'],
    ['1,200,50', 'fr', 'ca'],
    ['40 € ', 'en', undefined],
  ] as const)('"%s" (%s, %s) is not a price a person writes there', (text, locale, region) => {
    expect(parseTypedPrice(text, locale, region)).toBeNull();
  });
});

describe('typedRange (a typed value follows the slider rules)', () => {
  const bounds: [number, number] = [10, 490];
  it.each([
    ['min', 44, [10, 490], [40, 490]],
    ['min', 45, [10, 490], [50, 490]],
    ['max', 201, [10, 490], [10, 210]],
    ['max', 200, [10, 490], [10, 200]],
    ['min', 0, [50, 490], [10, 490]],
    ['max', 9999, [10, 200], [10, 490]],
    // Typed past the other end: held one step short of it.
    ['min', 300, [10, 200], [190, 200]],
    ['max', 20, [100, 490], [100, 110]],
    ['min', 485, [10, 490], [480, 490]],
  ] as const)('%s typed %d over %j → %j', (edge, amount, current, expected) => {
    expect(typedRange(edge, amount, current, bounds)).toEqual(expected);
  });
});
