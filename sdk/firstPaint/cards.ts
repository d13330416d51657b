/**
 * The first paint's product cards: the elements of the app's ProductCard (see
 * sdk/ui/product/ProductCard.tsx), drawn from the same card view.
 */
import { formatDecimal } from '../core/format.js';
import type { Product } from '../core/types.js';
import {
  cardView,
  EAGER_IMAGES,
  PRIORITY_IMAGES,
  starsFill,
  swatchPaint,
  tabbableSwatch,
} from '../views/cardView.js';
import { h, type PaintInput } from './elements.js';

/** Appends the cards of products `from` to `to` (exclusive) to `grid`. */
export function drawCards(doc: Document, grid: Element, input: PaintInput, from: number, to: number): void {
  const settings = {
    viewport: input.viewport,
    region: input.region,
    locale: input.locale,
    messages: input.messages,
    pageOrigin: input.origin,
  };
  const products = input.data.products.slice(from, to);
  products.forEach((product, i) =>
    grid.append(
      drawCard(doc, product, settings, {
        eager: from + i < EAGER_IMAGES,
        priority: from + i < PRIORITY_IMAGES[input.viewport],
        swatchImagesNow: input.swatchImagesNow,
      }),
    ),
  );
}

function drawCard(
  doc: Document,
  product: Product,
  settings: Parameters<typeof cardView>[2],
  opts: { eager: boolean; priority: boolean; swatchImagesNow: boolean },
): HTMLElement {
  const m = settings.messages;
  const card = cardView(product, null, settings);
  const href = card.href || null;
  const image = card.image
    ? h(doc, 'img', {
        src: card.image,
        alt: card.alt,
        width: 480,
        height: 600,
        loading: opts.eager ? 'eager' : 'lazy',
        decoding: 'async',
        fetchpriority: opts.priority ? 'high' : null,
      })
    : null;
  const badges =
    card.flag || card.percentOff
      ? h(
          doc,
          'span',
          { class: 'aisle-card__badges' },
          card.flag ? h(doc, 'span', { class: 'aisle-card__flag' }, card.flag) : null,
          card.percentOff ? h(doc, 'span', { class: 'aisle-card__discount' }, card.percentOff) : null,
        )
      : null;
  const price =
    card.sale !== null
      ? [
          h(
            doc,
            'span',
            { class: 'aisle-card__sale' },
            h(doc, 'span', { class: 'aisle-visually-hidden' }, m.salePrice, ' '),
            card.sale,
          ),
          ' ',
          h(
            doc,
            's',
            { class: 'aisle-card__was' },
            h(doc, 'span', { class: 'aisle-visually-hidden' }, m.regularPrice, ' '),
            card.price,
          ),
        ]
      : [h(doc, 'span', null, card.price)];
  let rating: HTMLElement | null = null;
  if (card.rating) {
    const { shown, fill } = starsFill(card.rating.value);
    rating = h(
      doc,
      'p',
      { class: 'aisle-card__rating aisle-stars', role: 'img', 'aria-label': card.rating.label },
      `${formatDecimal(shown, settings.locale)} ${card.rating.suffix}`,
    );
    rating.style.setProperty('--aisle-fill', fill);
  }
  let swatches: HTMLElement | null = null;
  if (card.swatchLabel !== null) {
    const checked = card.variant?.id ?? null;
    const tabbable = tabbableSwatch(card.swatches, checked);
    swatches = h(doc, 'div', { class: 'aisle-card__swatches', role: 'radiogroup', 'aria-label': card.swatchLabel });
    for (const v of card.swatches) {
      const swatch = h(doc, 'button', {
        type: 'button',
        role: 'radio',
        class: 'aisle-swatch',
        'aria-label': v.name || v.color,
        'aria-checked': String(v.id === checked),
        tabindex: v.id === tabbable ? 0 : -1,
      });
      const paint = swatchPaint(v, opts.swatchImagesNow);
      if (paint && 'colour' in paint) swatch.style.backgroundColor = paint.colour;
      else if (paint) swatch.style.backgroundImage = paint.image;
      swatches.append(swatch);
    }
  }
  return h(
    doc,
    'li',
    { class: 'aisle-card', 'data-aisle': 'product', 'data-product-id': product.product_id },
    h(
      doc,
      'a',
      { class: 'aisle-card__link', href },
      h(doc, 'span', { class: 'aisle-card__media' }, image, badges),
      product.brand ? h(doc, 'span', { class: 'aisle-card__brand' }, product.brand) : null,
      h(doc, 'span', { class: 'aisle-card__title' }, product.title),
    ),
    h(doc, 'p', { class: 'aisle-card__price' }, ...price),
    rating,
    swatches,
    card.remainder > 0
      ? h(
          doc,
          'a',
          { class: 'aisle-card__more', href, tabindex: -1, 'aria-label': m.moreVariants(card.remainder) },
          `+${card.remainder}`,
        )
      : null,
    product.promo_message ? h(doc, 'p', { class: 'aisle-card__promo' }, product.promo_message) : null,
  );
}
