/** The first paint's product cards: the app's card view (sdk/views/productCard.ts) drawn with the DOM. */
import { cardView, EAGER_IMAGES, PRIORITY_IMAGES } from '../views/cardView.js';
import { createProductCard, createSwatches } from '../views/productCard.js';
import { domRenderer, type PaintInput } from './elements.js';

/** The cards of products `from` to `to` (exclusive). */
export function drawCards(doc: Document, input: PaintInput, from: number, to: number): HTMLElement[] {
  return cardDrawer(doc, input)(from, to);
}

/** Draws cards `from` to `to` (exclusive); made once for a listing drawn in steps. */
export function cardDrawer(doc: Document, input: PaintInput): (from: number, to: number) => HTMLElement[] {
  const renderer = domRenderer(doc);
  const card = createProductCard(renderer);
  const swatches = createSwatches(renderer);
  const settings = {
    viewport: input.viewport,
    region: input.region,
    locale: input.locale,
    messages: input.messages,
    pageOrigin: input.origin,
  };
  const imagesNow = input.swatchImagesNow;
  const classes = input.context.config.customization?.classes;
  // The slots the page registered before the drawing get their empty containers, as the app draws them.
  const slots = { badge: input.slots.badge || undefined, actions: input.slots.actions || undefined };
  return (from, to) =>
    input.data.products.slice(from, to).map((product, i) =>
      card({
        product,
        card: cardView(product, null, settings),
        messages: input.messages,
        locale: input.locale,
        eager: from + i < EAGER_IMAGES,
        priority: from + i < PRIORITY_IMAGES[input.viewport],
        swatches: (group) => swatches({ ...group, imagesNow, classes }),
        classes,
        slots,
      }),
    );
}
