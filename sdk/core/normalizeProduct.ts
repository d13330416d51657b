/** Maps either tenant shape of a product (`variants[]`, or `models[]` with `selected_model`) into `Product`. */
import type { Product, Review, Variant } from './types.js';
import { isRecord, toArray, toBool, toNum, toNumOrNull, toStr, type UnknownRecord } from './coerce.js';
import { memoStrings } from './memo.js';

/** Resolves assets; `link` resolves product page links, which belong to the retailer's site, not the search host. */
export type UrlResolver = ((url: string) => string) & { readonly link?: (url: string) => string };

const asWritten: UrlResolver = (url) => url;

/** A product in our shape, or null when it has no id (it could not be tracked or keyed). */
export function normalizeProduct(raw: unknown, resolve: UrlResolver = asWritten): Product | null {
  if (!isRecord(raw)) return null;
  const productId = toStr(raw.product_id) || toStr(raw.id);
  if (productId === '') return null;
  const range = readPriceRange(raw.price_range);
  // A variant without a price takes the product's lowest price rather than showing as free.
  const variants = normalizeVariants(raw, { fallbackPrice: range?.min_purchase_price ?? 0, resolve });
  return {
    product_id: productId,
    title: toStr(raw.title),
    brand: toStr(raw.brand),
    url: (resolve.link ?? resolve)(toStr(raw.url)),
    image: resolve(toStr(raw.image)),
    description: toStr(raw.description),
    quantity: toNum(raw.quantity),
    promo_message: toStr(raw.promo_message),
    price_range: range ?? priceRangeOf(variants),
    reviews: toArray(raw.reviews).flatMap((review) => {
      const normalized = normalizeReview(review);
      return normalized ? [normalized] : [];
    }),
    review_count: Math.max(0, Math.floor(toNum(raw.review_count))),
    // Ratings are out of five: anything outside would draw more stars than there are.
    average_rating: Math.min(5, Math.max(0, toNum(raw.average_rating))),
    variants,
  };
}

/** Normalises a list of raw products, dropping those without an id. */
export function normalizeProducts(raw: unknown, resolve: UrlResolver = asWritten): Product[] {
  return toArray(raw).flatMap((item) => {
    const product = normalizeProduct(item, resolve);
    return product ? [product] : [];
  });
}

interface VariantContext {
  fallbackPrice: number;
  resolve: UrlResolver;
}

function normalizeVariants(raw: UnknownRecord, context: VariantContext): Variant[] {
  // Prefer `variants`; fall back to `models` only when a tenant sent no usable variants.
  const variants = toArray(raw.variants);
  if (variants.length > 0 || !Array.isArray(raw.models)) {
    return variants.flatMap((item) => keep(toVariant(item, 'id', (v) => toBool(v.selected), context)));
  }
  const selectedModel = toStr(raw.selected_model);
  return raw.models.flatMap((item) =>
    keep(toVariant(item, 'model_id', (m) => selectedModel !== '' && toStr(m.model_id) === selectedModel, context)),
  );
}

function toVariant(
  raw: unknown,
  idField: 'id' | 'model_id',
  isSelected: (v: UnknownRecord) => boolean,
  { fallbackPrice, resolve }: VariantContext,
): Variant | null {
  if (!isRecord(raw)) return null;
  const id = toStr(raw[idField]);
  if (id === '') return null;
  const color = toStr(raw.color);
  const size = toStr(raw.size);
  return {
    id,
    name: toStr(raw.name) || [color, sizeLabel(size)].filter((part) => part.trim() !== '').join(' / '),
    color,
    size,
    price: toNum(raw.price, fallbackPrice),
    sale_price: salePrice(raw.sale_price),
    images: toArray(raw.images)
      .filter((image): image is string => typeof image === 'string' && image !== '')
      .map(resolve),
    swatch: resolveSwatch(toStr(raw.swatch), resolve),
    marketing_flag: toStr(raw.marketing_flag),
    selected: isSelected(raw),
  };
}

/** Only a swatch that looks like a path is resolved, so a colour name never turns into an address. */
export function resolveSwatch(swatch: string, resolve: UrlResolver): string {
  return swatch.startsWith('#') || !/[/.]/.test(swatch) ? swatch : resolve(swatch);
}

/**
 * Images resolve against the request's URL, as a browser resolves any resource; product links against
 * the page, since a product page is the retailer's. Anything odd is left as written for the safety
 * checks: a resolver must never turn "java\tscript:" into a script URL.
 */
export function relativeUrlResolver(requestUrl: string, pageHref: string): UrlResolver {
  let page: URL;
  let base: URL;
  try {
    page = new URL(pageHref);
    base = new URL(requestUrl, page);
  } catch {
    return asWritten;
  }
  if (!isWeb(page) || !isWeb(base)) return asWritten;
  const pageOrigin = page.origin;
  const against = (baseHref: string) => (url: string) =>
    url === '' || url.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(url) || !resolvable(url)
      ? url
      : resolveAgainst(url, baseHref, pageOrigin);
  return Object.assign(against(base.href), { link: against(page.href) });
}

function isWeb(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}

// The same products come back in reply after reply: their addresses are parsed once.
const resolveAgainst = memoStrings((url: string, base: string, pageOrigin: string): string => {
  try {
    const resolved = new URL(url, base);
    if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') return url;
    return resolved.origin === pageOrigin ? `${resolved.pathname}${resolved.search}${resolved.hash}` : resolved.href;
  } catch {
    return url;
  }
});

function resolvable(text: string): boolean {
  return !/[\s\\]/.test(text) && ![...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
}

// Tenants send 0 or nothing for "not on sale"; a zero sale price would otherwise display as free.
function salePrice(value: unknown): number | null {
  const parsed = toNumOrNull(value);
  return parsed !== null && parsed > 0 ? parsed : null;
}

function normalizeReview(raw: unknown): Review | null {
  if (!isRecord(raw)) return null;
  return { id: toStr(raw.id), nickname: toStr(raw.nickname), text: toStr(raw.text), rating: toNum(raw.rating) };
}

function readPriceRange(raw: unknown): Product['price_range'] | null {
  if (!isRecord(raw)) return null;
  const min = toNumOrNull(raw.min_purchase_price);
  const max = toNumOrNull(raw.max_purchase_price);
  if (min === null && max === null) return null;
  return { min_purchase_price: min ?? max ?? 0, max_purchase_price: max ?? min ?? 0 };
}

// Without a price range, derive it from the variants so structured data and cards still show a price.
function priceRangeOf(variants: Variant[]): Product['price_range'] {
  const prices = variants.map((variant) => variant.sale_price ?? variant.price);
  if (prices.length === 0) return { min_purchase_price: 0, max_purchase_price: 0 };
  return { min_purchase_price: Math.min(...prices), max_purchase_price: Math.max(...prices) };
}

function keep<T>(value: T | null): T[] {
  return value === null ? [] : [value];
}

/** Sizes keyed `group__value` (`women__10`) read out only the value. */
export function sizeLabel(size: string): string {
  const at = size.lastIndexOf('__');
  return at === -1 ? size : size.slice(at + 2);
}
