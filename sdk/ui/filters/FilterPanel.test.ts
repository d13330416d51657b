import { describe, expect, it } from 'vitest';
import { panelKind } from './FilterPanel.js';

describe('the panel a filter gets', () => {
  it('picks the panel by key, anything unknown being a checkbox list', () => {
    expect(['price', 'rating', 'color', 'size', 'brand', 'Color'].map(panelKind)).toEqual([
      'price',
      'rating',
      'color',
      'size',
      'checkbox',
      'checkbox',
    ]);
  });

  it("gives a key that only names an object's built-in property the checkbox list", () => {
    expect(['constructor', '__proto__', 'toString', 'hasOwnProperty'].map(panelKind)).toEqual(
      Array(4).fill('checkbox'),
    );
  });
});
