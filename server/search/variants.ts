/** A real backend selects the variant matching the colour filter: without it, "Black" shows cards of every colour. */
import { colourKey } from '../../fixtures/catalogue/index.js';
import type { CatalogueProduct } from '../../fixtures/catalogue/index.js';
import type { Selections } from './types.js';

/**
 * `product` with the best-matching variant flagged selected: both colour and size, else colour (what
 * the card shows), else size; priced inside a price filter where possible.
 */
export function withMatchingVariant(product: CatalogueProduct, selections: Selections): CatalogueProduct {
  const colours = selections.lists.get('color');
  const sizes = selections.lists.get('size');
  if (!colours && !sizes) return product;
  const colourMatches = (v: CatalogueProduct['variants'][number]): boolean =>
    !!colours && v.color !== '' && colours.has(colourKey(v.color));
  const sizeMatches = (v: CatalogueProduct['variants'][number]): boolean => !!sizes && sizes.has(v.size);
  const { variants } = product;
  const current = variants.find((v) => v.selected) ?? variants[0];
  // Keep the default when it already fits: the shopper's filters do not change a fitting card.
  const fits = (v: CatalogueProduct['variants'][number]): boolean =>
    (!colours || colourMatches(v)) && (!sizes || sizeMatches(v));
  // Among fitting variants, one whose price is inside a price filter, so the card's price agrees with it.
  const price = selections.price;
  const priced = (v: CatalogueProduct['variants'][number]): boolean =>
    fits(v) && (!price || ((p) => p >= price[0] && p <= price[1])(v.sale_price ?? v.price));
  const best =
    (current && priced(current) ? current : undefined) ??
    variants.find(priced) ??
    (current && fits(current) ? current : undefined) ??
    variants.find(fits) ??
    (colours ? variants.find(colourMatches) : undefined) ??
    (sizes ? variants.find(sizeMatches) : undefined);
  if (!best || (best === current && best.selected)) return product;
  return { ...product, variants: variants.map((v) => ({ ...v, selected: v === best })) };
}
