/** What a card shows, worked out once: the React card and the first paint both draw from it, so they cannot drift apart. */
import { discountPercent, formatPrice } from '../core/format.js';
import { isCssHexColour } from '../core/colour.js';
import { localeSuffixUrl } from '../core/localeUrl.js';
import { imageUrl, selectedVariant, visibleSwatches } from '../core/product.js';
import { safeHref } from '../core/safeUrl.js';
import type { Locale, Product, Region, Variant, Viewport } from '../core/types.js';
import type { Messages } from '../core/messages.js';

/** How many cards of the result grid load their image at once: roughly the first screen on any viewport. */
export const EAGER_IMAGES = 8;
/** The first row on a phone (two columns), a tablet and a wide screen (up to five): fetched first. */
export const PRIORITY_IMAGES = { mobile: 2, tablet: 3, desktop: 4 } as const;

/** What every card of a listing shares. */
export interface CardSettings {
  viewport: Viewport;
  region: Region;
  locale: Locale;
  messages: Messages;
  pageOrigin: string;
}

/** What one card shows. */
export interface CardView {
  variant: Variant | null;
  /** The checked link with the locale's suffix, or '' when the product's address is unusable (the card is then no link). */
  href: string;
  image: string;
  alt: string;
  flag: string | null;
  percentOff: string | null;
  sale: string | null;
  price: string;
  rating: { value: number; label: string; suffix: string } | null;
  swatches: Variant[];
  /** The '+N' link. */
  remainder: number;
  /** The swatch group's name; the group shows only with two swatches or a remainder. */
  swatchLabel: string | null;
}

/** The card for `product` showing `variant` (its selected variant when none was chosen). */
export function cardView(product: Product, chosenId: string | null, s: CardSettings): CardView {
  const m = s.messages;
  const variant = product.variants.find((v) => v.id === chosenId) ?? selectedVariant(product);
  const { shown, remainder } = visibleSwatches(product, { viewport: s.viewport, region: s.region });
  const price = variant?.price ?? product.price_range.min_purchase_price;
  const sale = variant?.sale_price ?? null;
  const discount = discountPercent(price, sale);
  const onSale = sale !== null && sale < price;
  return {
    variant,
    // The suffix goes on first, so the check runs on what lands in `href` (the rule of every link Aisle writes).
    href: safeHref(localeSuffixUrl(product.url, s), s.pageOrigin),
    image: imageUrl(variant?.images[0] ?? product.image, { width: 480, quality: 'high' }),
    alt: variant?.color ? `${product.title}, ${variant.color}` : product.title,
    flag: variant?.marketing_flag || null,
    percentOff: discount !== null && discount > 0 ? m.percentOff(discount) : null,
    sale: onSale ? formatPrice(sale, s.region, s.locale) : null,
    price: formatPrice(price, s.region, s.locale),
    rating:
      product.review_count > 0
        ? {
            value: product.average_rating,
            label: `${m.ratingOutOf5(product.average_rating)}, ${m.reviewCount(product.review_count)}`,
            suffix: `(${product.review_count})`,
          }
        : null,
    swatches: shown,
    remainder,
    swatchLabel: shown.length > 1 || remainder > 0 ? m.colorsOf(product.title) : null,
  };
}

/** The rating as the stars draw it: clamped to 0–5 (non-finite as 0), and its fill in per cent. */
export function starsFill(rating: number): { shown: number; fill: string } {
  const shown = Number.isFinite(rating) ? Math.max(0, Math.min(5, rating)) : 0;
  return { shown, fill: `${shown * 20}%` };
}

/** Its colour, else its image once the group is near the viewport, else nothing (a neutral dot). */
export function swatchPaint(v: Variant, near: boolean): { colour: string } | { image: string } | null {
  const value = v.swatch.trim();
  if (isCssHexColour(value)) return { colour: value };
  if (!near) return null;
  const image = swatchImage(v.swatch);
  // JSON quoting makes the URL one CSS string: it can only ever be this one property's value.
  const src = image === null ? '' : imageUrl(image, { width: 48, quality: 'high' });
  return src ? { image: `url(${JSON.stringify(src)})` } : null;
}

/** The image a swatch names, or null; a broken colour ("#12345") as a URL would be a fragment of the page itself. */
export function swatchImage(swatch: string): string | null {
  const value = swatch.trim();
  return value === '' || value.startsWith('#') ? null : value;
}

/** The swatch that takes the group's one tab stop: the checked one, else the first. */
export function tabbableSwatch(swatches: readonly Variant[], checkedId: string | null): string | null {
  return swatches.some((v) => v.id === checkedId) ? checkedId : (swatches[0]?.id ?? null);
}
