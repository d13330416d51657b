import { describe, expect, it } from 'vitest';
import { ratingStars, sizeGroups, swatchStyle, visibleFilters, type PanelOption } from './filterOptions.js';
import type { Filter } from '../core/types.js';

const option = (key: string): PanelOption => ({ key, text: key, count: 1, selected: false });

describe('filter option rules', () => {
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
    const facet = (key: string): Filter => ({
      key,
      label: key,
      options: [{ key: 'a', text: 'A', count: 1, selected: false }],
    });
    const filters: Filter[] = [
      { key: 'price', label: 'Price', options: [], abs_min: 12, abs_max: 12 },
      facet('color'),
      facet('size'),
      { key: 'material', label: 'Material', options: [] },
      facet('brand'),
    ];
    expect(visibleFilters(filters).map((item) => item.key)).toEqual(['color', 'size', 'brand']);
  });
});
