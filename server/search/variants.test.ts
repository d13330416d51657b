import { describe, expect, it } from 'vitest';
import { colourKey } from '../../fixtures/catalogue/index.js';
import type { CatalogueProduct, ProductJson } from '../../fixtures/catalogue/index.js';
import type { Variant } from '../../sdk/core/types.js';
import { categoryProducts, search } from './testing/support.js';
import type { Selections } from './types.js';
import { withMatchingVariant } from './variants.js';

const variantsOf = (product: ProductJson): Variant[] => ('variants' in product ? product.variants : []);
const selectedOf = (product: ProductJson): Variant | undefined => variantsOf(product).find((v) => v.selected);

describe('the variant a filter matches', () => {
  it('is the one flagged selected when filtering by colour, so the card shows that colour', () => {
    const answer = search({
      customer: 'maple-pine',
      page: 'womens-running-shoes',
      size: 500,
      filters: [{ key: 'color', value: ['black'] }],
    });
    expect(answer.products.length).toBeGreaterThan(0);
    // Some of these products default to another colour, so this checks a real change.
    const defaults = categoryProducts('womens-running-shoes').filter((p) =>
      answer.products.some((a) => a.product_id === p.product_id),
    );
    expect(
      defaults.some((p) => colourKey((p.variants.find((v) => v.selected) ?? p.variants[0])!.color) !== 'black'),
    ).toBe(true);
    for (const product of answer.products) {
      expect(variantsOf(product).filter((v) => v.selected)).toHaveLength(1);
      expect(colourKey(selectedOf(product)!.color), product.product_id).toBe('black');
    }
  });

  it('matches colour and size together where one variant has both', () => {
    const filters = [
      { key: 'color', value: ['black', 'white'] },
      { key: 'size', value: ['women__8'] },
    ];
    const answer = search({ customer: 'maple-pine', page: 'womens-running-shoes', size: 500, filters });
    expect(answer.products.length).toBeGreaterThan(0);
    let both = 0;
    for (const product of answer.products) {
      const selected = selectedOf(product)!;
      const canMatchBoth = variantsOf(product).some(
        (v) => ['black', 'white'].includes(colourKey(v.color)) && v.size === 'women__8',
      );
      if (canMatchBoth) {
        both++;
        expect(['black', 'white']).toContain(colourKey(selected.color));
        expect(selected.size).toBe('women__8');
      } else {
        // No single variant has both: the colour, which the card shows, wins.
        expect(['black', 'white']).toContain(colourKey(selected.color));
      }
    }
    expect(both).toBeGreaterThan(0);
  });

  it('prefers a matching variant priced inside the price filter', () => {
    const variant = (id: string, color: string, price: number, selected = false): Variant => ({
      id,
      name: id,
      color,
      size: 'one__size',
      price,
      sale_price: null,
      images: [],
      swatch: '',
      marketing_flag: '',
      selected,
    });
    const product = {
      ...categoryProducts('womens-running-shoes')[0]!,
      variants: [variant('a', 'Red', 10, true), variant('b', 'Navy', 100), variant('c', 'Navy', 20)],
    };
    const selections = (price?: [number, number]): Selections => ({
      price,
      ratingKeys: new Set(),
      lists: new Map([['color', new Set(['navy'])]]),
    });
    const chosen = (p: CatalogueProduct): string | undefined => p.variants.find((v) => v.selected)?.id;
    expect(chosen(withMatchingVariant(product, selections()))).toBe('b');
    expect(chosen(withMatchingVariant(product, selections([0, 50])))).toBe('c');
    // No navy variant in range: the colour still wins over the price.
    expect(chosen(withMatchingVariant(product, selections([0, 5])))).toBe('b');
  });

  it('flags the matching model for tenants that send models', () => {
    const unfiltered = search({ customer: 'tinker', page: 'plush-toys', size: 500 });
    const colours = unfiltered.filters.find((f) => f.key === 'color')?.options ?? [];
    const colour = colours[colours.length - 1]!.key;
    const answer = search({
      customer: 'tinker',
      page: 'plush-toys',
      size: 500,
      filters: [{ key: 'color', value: [colour] }],
    });
    expect(answer.products.length).toBeGreaterThan(0);
    for (const product of answer.products) {
      if (!('models' in product)) throw new Error('expected models');
      const model = product.models.find((m) => m.model_id === product.selected_model);
      expect(colourKey(model!.color)).toBe(colour);
    }
  });

  it('is left as the catalogue has it when no colour or size is filtered', () => {
    const answer = search({
      customer: 'maple-pine',
      page: 'womens-running-shoes',
      size: 500,
      filters: [{ key: 'rating', value: ['3'] }],
    });
    const catalogue = new Map(categoryProducts('womens-running-shoes').map((p) => [p.product_id, p]));
    for (const product of answer.products) {
      const expected = catalogue.get(product.product_id)!.variants.map((v) => v.selected);
      expect(variantsOf(product).map((v) => v.selected)).toEqual(expected);
    }
  });
});
