import { memo, useState, type MouseEvent } from 'react';
import { discountPercent, formatPrice } from '../../core/format.js';
import { imageUrl, selectedVariant, visibleSwatches } from '../../core/product.js';
import { safeHref } from '../../core/safeUrl.js';
import type { Locale, Product, Region, Viewport } from '../../core/types.js';
import type { Messages } from '../../core/messages.js';
import { Stars } from './Stars.js';

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
  onProductClick?: (
    product: Product,
    variantId: string | null,
    position: number,
    event: MouseEvent<HTMLAnchorElement>,
  ) => void;
}

/** A product card: image, brand, title, price, rating, swatches, promo. */
export const ProductCard = memo(function ProductCard(props: ProductCardProps) {
  const { product, viewport, region, locale, messages: m } = props;
  const [chosenId, setChosenId] = useState<string | null>(null);
  const variant = product.variants.find((v) => v.id === chosenId) ?? selectedVariant(product);
  const { shown, remainder } = visibleSwatches(product, { viewport, region });
  const href = safeHref(product.url, props.pageOrigin);
  const image = imageUrl(variant?.images[0] ?? product.image, { width: 480, quality: 'high' });
  const price = variant?.price ?? product.price_range.min_purchase_price;
  const sale = variant?.sale_price ?? null;
  const discount = discountPercent(price, sale);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) =>
    props.onProductClick?.(product, variant?.id ?? null, props.position, event);
  return (
    <li className="aisle-card" data-aisle="product" data-product-id={product.product_id}>
      <a className="aisle-card__link" href={href || undefined} onClick={onClick}>
        <span className="aisle-card__media">
          {image ? (
            <img
              src={image}
              alt={variant?.color ? `${product.title}, ${variant.color}` : product.title}
              width={480}
              height={600}
              loading={props.eager ? 'eager' : 'lazy'}
              decoding="async"
            />
          ) : null}
          {variant?.marketing_flag ? <span className="aisle-card__flag">{variant.marketing_flag}</span> : null}
          {discount !== null && discount > 0 ? (
            <span className="aisle-card__discount">{m.percentOff(discount)}</span>
          ) : null}
        </span>
        {product.brand ? <span className="aisle-card__brand">{product.brand}</span> : null}
        <span className="aisle-card__title">{product.title}</span>
      </a>
      <p className="aisle-card__price">
        {sale !== null && sale < price ? (
          <>
            <span className="aisle-card__sale">
              <span className="aisle-visually-hidden">{m.salePrice} </span>
              {formatPrice(sale, region, locale)}
            </span>{' '}
            <s className="aisle-card__was">
              <span className="aisle-visually-hidden">{m.regularPrice} </span>
              {formatPrice(price, region, locale)}
            </s>
          </>
        ) : (
          <span>{formatPrice(price, region, locale)}</span>
        )}
      </p>
      {product.review_count > 0 ? (
        <p className="aisle-card__rating">
          <Stars
            rating={product.average_rating}
            locale={locale}
            label={`${m.ratingOutOf5(product.average_rating)}, ${m.reviewCount(product.review_count)}`}
          />
          <span className="aisle-card__reviews" aria-hidden="true">
            ({product.review_count})
          </span>
        </p>
      ) : null}
      {shown.length > 1 || remainder > 0 ? (
        <ul className="aisle-card__swatches" aria-label={m.colorsOf(product.title)}>
          {shown.map((v) => (
            <li key={v.id}>
              <button
                type="button"
                className="aisle-swatch"
                aria-label={v.name || v.color}
                aria-pressed={v.id === variant?.id}
                onClick={() => setChosenId(v.id)}
              >
                <SwatchFill swatch={v.swatch} />
              </button>
            </li>
          ))}
          {remainder > 0 ? (
            <li>
              <a className="aisle-card__more" href={href || undefined} aria-label={m.moreVariants(remainder)}>
                +{remainder}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      {product.promo_message ? <p className="aisle-card__promo">{product.promo_message}</p> : null}
    </li>
  );
});

/** A swatch is a colour (`#rrggbb`) or an image URL; anything else shows a neutral dot. */
function SwatchFill({ swatch }: { swatch: string }) {
  if (/^#[0-9a-f]{3,8}$/i.test(swatch)) return <span className="aisle-swatch__fill" style={{ background: swatch }} />;
  const src = imageUrl(swatch, { width: 48, quality: 'high' });
  return src ? (
    <img className="aisle-swatch__fill" src={src} alt="" width={24} height={24} loading="lazy" />
  ) : (
    <span className="aisle-swatch__fill" />
  );
}
