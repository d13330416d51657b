import { memo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useIntersection } from '../hooks.js';
import type { Locale, Product, Region, Variant, Viewport } from '../../core/types.js';
import type { Messages } from '../../core/messages.js';
import { Stars } from './Stars.js';
import { cardView, swatchImage, swatchPaint, tabbableSwatch } from '../../views/cardView.js';

/** Everything a card needs; plain values so that `memo` skips cards whose product did not change. */
export interface ProductCardProps {
  product: Product;
  /** One-based position in its list (analytics list_position). */
  position: number;
  viewport: Viewport;
  region: Region;
  locale: Locale;
  messages: Messages;
  /** The page's origin: relative product links are checked against it (a string, so `memo` still skips). */
  pageOrigin: string;
  /** Images above the fold load at once; the rest lazily. */
  eager: boolean;
  /** The first row's images: the browser fetches them before other images (they are the LCP). */
  priority?: boolean;
  onProductClick?: (
    product: Product,
    variantId: string | null,
    position: number,
    event: MouseEvent<HTMLAnchorElement>,
  ) => void;
}

/**
 * A product card: image, badges, brand, title, price, rating, swatches, promo. It is at most two tab
 * stops (its link, and its swatch group entered with the arrow keys) and as few elements as its
 * content allows, because a listing holds dozens of them.
 */
export const ProductCard = memo(function ProductCard(props: ProductCardProps) {
  const { product, locale } = props;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const card = cardView(product, chosenId, props);
  const { variant, href } = card;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) =>
    props.onProductClick?.(product, variant?.id ?? null, props.position, event);
  return (
    <li className="aisle-card" data-aisle="product" data-product-id={product.product_id}>
      <a className="aisle-card__link" href={href || undefined} onClick={onClick}>
        <span className="aisle-card__media">
          {card.image ? (
            <img
              src={card.image}
              alt={card.alt}
              width={480}
              height={600}
              loading={props.eager ? 'eager' : 'lazy'}
              decoding="async"
              // React 18 does not know the camel-cased property; the attribute is what browsers read.
              {...(props.priority ? { fetchpriority: 'high' } : {})}
            />
          ) : null}
          {card.flag || card.percentOff ? (
            // One row that wraps: a long flag and the discount sit side by side or one under the
            // other, never on top of each other.
            <span className="aisle-card__badges">
              {card.flag ? <span className="aisle-card__flag">{card.flag}</span> : null}
              {card.percentOff ? <span className="aisle-card__discount">{card.percentOff}</span> : null}
            </span>
          ) : null}
        </span>
        {product.brand ? <span className="aisle-card__brand">{product.brand}</span> : null}
        <span className="aisle-card__title">{product.title}</span>
      </a>
      <p className="aisle-card__price">
        {card.sale !== null ? (
          <>
            <span className="aisle-card__sale">
              <span className="aisle-visually-hidden">{props.messages.salePrice} </span>
              {card.sale}
            </span>{' '}
            <s className="aisle-card__was">
              <span className="aisle-visually-hidden">{props.messages.regularPrice} </span>
              {card.price}
            </s>
          </>
        ) : (
          <span>{card.price}</span>
        )}
      </p>
      {card.rating ? (
        <Stars
          className="aisle-card__rating"
          rating={card.rating.value}
          locale={locale}
          label={card.rating.label}
          suffix={card.rating.suffix}
        />
      ) : null}
      {card.swatchLabel !== null ? (
        <Swatches
          label={card.swatchLabel}
          swatches={card.swatches}
          checkedId={variant?.id ?? null}
          onChoose={setChosenId}
        />
      ) : null}
      {card.remainder > 0 ? (
        // Not a tab stop: it leads where the card's own link leads, and the card keeps two stops.
        <a
          className="aisle-card__more"
          href={href || undefined}
          tabIndex={-1}
          aria-label={props.messages.moreVariants(card.remainder)}
        >
          +{card.remainder}
        </a>
      ) : null}
      {product.promo_message ? <p className="aisle-card__promo">{product.promo_message}</p> : null}
    </li>
  );
});

/** How far below the viewport a card's swatch images start loading. */
const SWATCH_IMAGES_MARGIN = '400px';

/**
 * The swatches as one radio group: a single tab stop (the checked swatch, else the first), the
 * arrow keys, Home and End move the choice, as in any radio group. Each swatch is one element: a
 * colour or an image painted as its background. Background images would all load at once, so they
 * are set only once the group comes near the viewport, as a lazy image would.
 */
function Swatches(props: {
  label: string;
  swatches: Variant[];
  checkedId: string | null;
  onChoose: (id: string) => void;
}) {
  const { swatches, checkedId } = props;
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  const images = swatches.some((v) => swatchImage(v.swatch) !== null);
  const ref = useIntersection<HTMLDivElement>(() => setNear(true), 0, images && !near, SWATCH_IMAGES_MARGIN);
  const tabbable = tabbableSwatch(swatches, checkedId);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]')];
    const from = buttons.indexOf(event.target as HTMLButtonElement);
    if (from < 0) return;
    const last = buttons.length - 1;
    const to =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? from === last
          ? 0
          : from + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? from === 0
            ? last
            : from - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const swatch = swatches[to];
    if (to < 0 || !swatch) return;
    event.preventDefault();
    props.onChoose(swatch.id);
    buttons[to]?.focus();
  };
  return (
    <div ref={ref} className="aisle-card__swatches" role="radiogroup" aria-label={props.label} onKeyDown={onKeyDown}>
      {swatches.map((v) => {
        const paint = swatchPaint(v, near);
        return (
          <button
            key={v.id}
            type="button"
            role="radio"
            className="aisle-swatch"
            aria-label={v.name || v.color}
            aria-checked={v.id === checkedId}
            tabIndex={v.id === tabbable ? 0 : -1}
            // Anything that is neither a colour nor an image shows the stylesheet's neutral dot.
            style={
              paint === null
                ? undefined
                : 'colour' in paint
                  ? { backgroundColor: paint.colour }
                  : { backgroundImage: paint.image }
            }
            onClick={() => props.onChoose(v.id)}
          />
        );
      })}
    </div>
  );
}
