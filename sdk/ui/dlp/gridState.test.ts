import { describe, expect, it } from 'vitest';
import { fakeProduct } from '../../testing/stores.js';
import { gridDimmed } from './gridState.js';

describe('gridDimmed', () => {
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((id) => fakeProduct(id));
  const shown = [a!, b!];

  it('dims while a search that replaces the results runs', () => {
    expect(gridDimmed(shown, shown, true)).toBe(true);
    expect(gridDimmed(shown, shown, false)).toBe(false);
  });

  it('dims while the grid still shows results that were replaced', () => {
    expect(gridDimmed(shown, [c!, d!], false)).toBe(true);
    expect(gridDimmed(shown, [b!, a!, c!], false)).toBe(true);
    expect(gridDimmed(shown, [a!], false)).toBe(true);
  });

  it('does not dim while more of the same list is being added', () => {
    expect(gridDimmed(shown, [a!, b!, c!, d!], false)).toBe(false);
  });
});
