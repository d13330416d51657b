import { describe, expect, it } from 'vitest';
import type { Filter } from './types.js';
import { priceFilterHidden, sliderBounds, sliderRange, snapRange } from './price.js';

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
