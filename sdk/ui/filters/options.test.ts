import { describe, expect, it } from 'vitest';
import { panelKind } from './FilterPanel.js';
import { ratingStars, sizeGroups, swatchStyle, visibleFilters, type PanelOption } from './options.js';
import { fixtureFilters } from './testEnv.js';

const option = (key: string): PanelOption => ({ key, text: key, count: 1, selected: false });

describe('filter panel rules', () => {
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

  it('paints hex swatches and safe image URLs, and nothing for anything else', () => {
    expect(swatchStyle('#1a2B3c')).toEqual({ backgroundColor: '#1a2B3c' });
    expect(swatchStyle('/img/sw/red.png')).toEqual({ backgroundImage: 'url("/img/sw/red.png")' });
    expect(swatchStyle('https://cdn.example/a"b.png')).toEqual({
      backgroundImage: 'url("https://cdn.example/a\\"b.png")',
    });
    for (const unsafe of [
      'javascript:alert(1)//x.png',
      'data:image/png;base64,AAAA',
      'navy',
      '#12',
      '',
      undefined,
      42,
    ]) {
      expect(swatchStyle(unsafe)).toBeUndefined();
    }
  });

  it('groups sizes by the part before "__", keeping first-seen order and ungrouped sizes first', () => {
    const groups = sizeGroups(['women__8', 'xl', 'big-and-tall__3x', 'women__10', '__odd'].map(option));
    expect(groups.map((group) => [group.title, group.options.map((item) => item.key)])).toEqual([
      [null, ['xl', '__odd']],
      ['Women', ['women__8', 'women__10']],
      ['Big and tall', ['big-and-tall__3x']],
    ]);
  });

  it('reads star counts from rating keys', () => {
    expect(['4', '3.5', 'four', '6'].map(ratingStars)).toEqual([4, 3.5, null, null]);
  });

  it('leaves out a price filter without spread and facets without options', () => {
    const filters = fixtureFilters().map((item) => (item.key === 'price' ? { ...item, abs_max: 12 } : item));
    filters.push({ key: 'material', label: 'Material', options: [] });
    expect(visibleFilters(filters).map((item) => item.key)).toEqual(['color', 'size', 'rating', 'brand']);
  });
});
