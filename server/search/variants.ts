/**
 * Which variant a listed product shows. A real backend flags as `selected` the variant that
 * matches the shopper's colour and size filters, so a shopper who filtered by "Black" sees black
 * cards; without it every card keeps its default colour and the filter looks broken.
 */
import { colourKey } from '../../fixtures/catalogue/index.js';
import type { CatalogueProduct } from '../../fixtures/catalogue/index.js';
import type { Selections } from './types.js';

/**
 * `product` with the variant that best matches the colour and size selections flagged selected
 * (and no other): one matching both if there is one, else one matching the colour (what the card
 * shows), else one matching the size; with a price filter, a fitting variant priced inside it is
 * preferred. The default variant is kept when it fits, but flagged even
 * where the catalogue leaves it implicit (first of the list), as a filtering backend does.
 * Without a colour or size selection, or without a match, the product is returned as it is.
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
