/** The product card, its rating, swatches and grid: how a card is laid out (what it says is cardView.ts). */
import { partClasses, type PartClasses } from '../core/customization.js';
import { formatDecimal } from '../core/format.js';
import type { Messages } from '../core/messages.js';
import type { Locale, Product, Variant } from '../core/types.js';
import { starsFill, swatchPaint, tabbableSwatch, type CardView } from './cardView.js';
import type { Renderer } from './renderer.js';

/** A card's swatch group, as the card hands it to whoever draws the swatches. */
export interface SwatchGroup {
  label: string;
  swatches: Variant[];
  checkedId: string | null;
}

/** What a card shows, worked out by cardView, and how its images load. */
export interface ProductCardProps<E> {
  product: Product;
  card: CardView;
  messages: Messages;
  locale: Locale;
  /** Images above the fold load at once; the rest lazily. */
  eager: boolean;
  /** The first row's images: the browser fetches them before other images (they are the LCP). */
  priority: boolean;
  swatches: (group: SwatchGroup) => E;
  onClick?: unknown;
  classes?: PartClasses | undefined;
  /** Each set slot gets an empty container only the app fills (the value is its ref); actions sit outside the link. */
  slots?: { badge?: unknown; actions?: unknown } | undefined;
}

/** A product card: at most two tab stops and as few elements as possible, because a listing holds dozens. */
export function createProductCard<E>(renderer: Renderer<E>): (props: ProductCardProps<E>) => E {
  const h = renderer.createElement;
  const stars = createStars(renderer);
  return ({ product, card, messages: m, classes, slots, ...props }) => {
    const href = card.href || undefined;
    return h(
      'li',
      {
        className: partClasses(classes, 'aisle-card', 'card'),
        'data-aisle': 'product',
        'data-product-id': product.product_id,
      },
      h(
        'a',
        { className: 'aisle-card__link', href, onClick: props.onClick },
        h(
          'span',
          { className: 'aisle-card__media' },
          card.image
            ? h('img', {
                src: card.image,
                alt: card.alt,
                width: 480,
                height: 600,
                loading: props.eager ? 'eager' : 'lazy',
                decoding: 'async',
                // The attribute as browsers read it (React 18 does not know a camel-cased property).
                fetchpriority: props.priority ? 'high' : undefined,
              })
            : null,
          card.flag || card.percentOff
            ? // One row that wraps: a long flag and the discount sit side by side or one under the
              // other, never on top of each other.
              h(
                'span',
                { className: 'aisle-card__badges' },
                card.flag ? h('span', { className: 'aisle-card__flag' }, card.flag) : null,
                card.percentOff ? h('span', { className: 'aisle-card__discount' }, card.percentOff) : null,
              )
            : null,
          slots?.badge ? h('span', { className: 'aisle-card__slot aisle-card__slot--badge', ref: slots.badge }) : null,
        ),
        product.brand ? h('span', { className: 'aisle-card__brand' }, product.brand) : null,
        h('span', { className: partClasses(classes, 'aisle-card__title', 'cardTitle') }, product.title),
      ),
      h(
        'p',
        { className: partClasses(classes, 'aisle-card__price', 'price') },
        ...(card.sale !== null
          ? [
              h(
                'span',
                { className: 'aisle-card__sale' },
                h('span', { className: 'aisle-visually-hidden' }, m.salePrice, ' '),
                card.sale,
              ),
              ' ',
              h(
                's',
                { className: 'aisle-card__was' },
                h('span', { className: 'aisle-visually-hidden' }, m.regularPrice, ' '),
                card.price,
              ),
            ]
          : [h('span', null, card.price)]),
      ),
      slots?.actions ? h('div', { className: 'aisle-card__slot aisle-card__slot--actions', ref: slots.actions }) : null,
      card.rating
        ? stars({
            className: 'aisle-card__rating',
            rating: card.rating.value,
            locale: props.locale,
            label: card.rating.label,
            suffix: card.rating.suffix,
          })
        : null,
      card.swatchLabel !== null
        ? props.swatches({ label: card.swatchLabel, swatches: card.swatches, checkedId: card.variant?.id ?? null })
        : null,
      card.remainder > 0
        ? // Not a tab stop: it leads where the card's own link leads, and the card keeps two stops.
          h(
            'a',
            { className: 'aisle-card__more', href, tabIndex: -1, 'aria-label': m.moreVariants(card.remainder) },
            '+',
            card.remainder,
          )
        : null,
      product.promo_message ? h('p', { className: 'aisle-card__promo' }, product.promo_message) : null,
    );
  };
}

/** A rating as the stars show it. */
export interface StarsProps {
  rating: number;
  label: string;
  locale: Locale;
  /** Shown after the figure, e.g. the review count in brackets. */
  suffix?: string;
  /** The stars are then that block, without a wrapper. */
  className?: string;
}

/**
 * Five stars filled to `rating` in one element (a gradient clipped to five glyphs); as a named image
 * its content is not read twice. A grid of 64 cards used to spend five elements per rating.
 */
export function createStars<E>({ createElement: h }: Renderer<E>): (props: StarsProps) => E {
  return ({ rating, label, locale, suffix, className }) => {
    const { shown, fill } = starsFill(rating);
    const text = formatDecimal(shown, locale);
    return h(
      'p',
      {
        className: className ? `${className} aisle-stars` : 'aisle-stars',
        role: 'img',
        'aria-label': label,
        style: { '--aisle-fill': fill },
      },
      suffix ? `${text} ${suffix}` : text,
    );
  };
}

/** A card's swatch group and its state. */
export interface SwatchesProps extends SwatchGroup {
  /** Swatch images load once the group is near the viewport, as a lazy image would. */
  imagesNow: boolean;
  groupRef?: unknown;
  onKeyDown?: unknown;
  onChoose?: (id: string) => void;
  classes?: PartClasses | undefined;
}

/** The swatches as one radio group with a single tab stop, one element each. */
export function createSwatches<E>({ createElement: h }: Renderer<E>): (props: SwatchesProps) => E {
  return ({ label, swatches, checkedId, imagesNow, onChoose, classes, ...props }) => {
    const tabbable = tabbableSwatch(swatches, checkedId);
    return h(
      'div',
      {
        ref: props.groupRef,
        className: 'aisle-card__swatches',
        role: 'radiogroup',
        'aria-label': label,
        onKeyDown: props.onKeyDown,
      },
      swatches.map((v) => {
        const paint = swatchPaint(v, imagesNow);
        return h('button', {
          key: v.id,
          type: 'button',
          role: 'radio',
          className: partClasses(classes, 'aisle-swatch', 'button'),
          'aria-label': v.name || v.color,
          'aria-checked': v.id === checkedId,
          tabIndex: v.id === tabbable ? 0 : -1,
          style:
            paint === null
              ? undefined
              : 'colour' in paint
                ? { backgroundColor: paint.colour }
                : { backgroundImage: paint.image },
          onClick: onChoose && (() => onChoose(v.id)),
        });
      }),
    );
  };
}

/** A list of cards and its state. */
export interface ProductGridProps<E> {
  label: string;
  /** The result grid is the page's `grid` hook; the similar products have none. */
  hook: 'grid' | 'similar-grid';
  /** Laid out whole (a listing returned to), not as the cards near the screen. */
  whole: boolean;
  busy: boolean;
  /** Assistive technology hears of the list once the cards are in. */
  updating: boolean;
  cards: readonly E[];
  classes?: PartClasses | undefined;
}

/** A list of product cards (the result grid or the similar products). */
export function createProductGrid<E>({ createElement: h }: Renderer<E>): (props: ProductGridProps<E>) => E {
  return ({ label, hook, whole, busy, updating, cards, classes }) =>
    h(
      'ul',
      {
        className: partClasses(
          classes,
          `aisle-grid${whole ? ' aisle-grid--whole' : ''}${busy ? ' aisle-grid--busy' : ''}`,
          'grid',
        ),
        'data-aisle': hook === 'grid' ? 'grid' : undefined,
        'aria-label': label,
        'aria-busy': busy || updating || undefined,
      },
      cards,
    );
}
