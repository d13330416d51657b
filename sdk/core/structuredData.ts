/** schema.org JSON-LD for the DLP; its addresses follow the page links' locale rule, so engines meet what shoppers click. */
import { currencyOf } from './format.js';
import type { Locale } from './locales.js';
import { localeSuffixUrl } from './localeUrl.js';
import type { Product, Region, SearchResponse, SitemapLink, Variant } from './types.js';
import { selectedVariant } from './product.js';

/** A JSON-LD node: plain JSON with an `@type`. */
export type JsonLd = { '@type': string; '@context'?: string } & { [field: string]: unknown };

const SCHEMA = 'https://schema.org';

/** The shopper's region and locale: the offers' currency and the addresses' locale suffix. */
export interface JsonLdSettings {
  region?: Region | undefined;
  locale?: Locale | undefined;
}

interface Page {
  pageUrl: string;
  currency: string;
  /** Absolute, with the locale's suffix. */
  link: (href: string) => string;
}

/** The DLP's JSON-LD: the product ItemList, then a BreadcrumbList when there are breadcrumbs. */
export function dlpStructuredData(
  response: SearchResponse,
  options: { pageUrl: string; breadcrumbs: SitemapLink[] } & JsonLdSettings,
): JsonLd[] {
  const { pageUrl } = options;
  const suffix = { region: options.region, locale: options.locale };
  const page: Page = {
    pageUrl,
    currency: currencyOf(options.region),
    link: (href) => localeSuffixUrl(absoluteUrl(href, pageUrl), suffix),
  };
  const itemList: JsonLd = {
    '@context': SCHEMA,
    '@type': 'ItemList',
    url: page.link(pageUrl),
    numberOfItems: response.products.length,
    itemListElement: response.products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: product.variants.length > 1 ? productGroup(product, page) : singleProduct(product, page),
    })),
  };
  // An empty BreadcrumbList is invalid for search engines, so it is left out instead.
  if (options.breadcrumbs.length === 0) return [itemList];
  const breadcrumbList: JsonLd = {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: options.breadcrumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.title,
      item: page.link(crumb.url),
    })),
  };
  return [itemList, breadcrumbList];
}

/** Where a listing is and what it shows: enough to write its JSON-LD. */
export interface ListingJsonLdInput extends JsonLdSettings {
  /** The page's origin and path (its query, which only holds the listing's state, is left out). */
  origin: string;
  pathname: string;
  base: string;
  pageSize: number;
  messages: { home: string; popularCategories: string };
}

/** The listing's JSON-LD text, for the first page only: search engines read that, and appends need not re-serialise. */
export function listingJsonLd(data: SearchResponse, input: ListingJsonLdInput): string {
  const { origin, base, messages: m } = input;
  const pageUrl = `${origin}${input.pathname}`;
  const breadcrumbs = [
    { title: m.home, url: `${origin}${base}/` },
    { title: m.popularCategories, url: `${origin}${base}/vsm/` },
    { title: data.h1_header, url: pageUrl },
  ];
  const firstPage = { ...data, products: data.products.slice(0, input.pageSize) };
  return serializeJsonLd(
    dlpStructuredData(firstPage, { pageUrl, breadcrumbs, region: input.region, locale: input.locale }),
  );
}

/** JSON for a script element: `<`, `>`, `&`, U+2028/9 escaped so no title can close it or break older parsers. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function singleProduct(product: Product, page: Page): JsonLd {
  const variant = selectedVariant(product);
  return {
    '@type': 'Product',
    ...common(product, page),
    ...(variant ? { sku: variant.id } : {}),
    offers: offer(product, variant, page),
    ...rating(product),
  };
}

function productGroup(product: Product, page: Page): JsonLd {
  const varies = (field: 'color' | 'size') => new Set(product.variants.map((variant) => variant[field])).size > 1;
  return {
    '@type': 'ProductGroup',
    ...common(product, page),
    productGroupID: product.product_id,
    variesBy: [varies('color') && `${SCHEMA}/color`, varies('size') && `${SCHEMA}/size`].filter(Boolean),
    hasVariant: product.variants.map((variant) => ({
      '@type': 'Product',
      name: variant.name ? `${product.title} - ${variant.name}` : product.title,
      sku: variant.id,
      ...(variant.color ? { color: variant.color } : {}),
      ...(variant.size ? { size: variant.size } : {}),
      image: absoluteUrl(variant.images[0] ?? product.image, page.pageUrl),
      offers: offer(product, variant, page),
    })),
    ...rating(product),
  };
}

function common(product: Product, page: Page): Record<string, unknown> {
  return {
    name: product.title,
    productID: product.product_id,
    url: page.link(product.url),
    image: absoluteUrl(product.image, page.pageUrl),
    // The description is server HTML; JSON-LD wants text.
    description: product.description
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
  };
}

function offer(product: Product, variant: Variant | null, page: Page): JsonLd {
  const price = variant ? (variant.sale_price ?? variant.price) : product.price_range.min_purchase_price;
  return {
    '@type': 'Offer',
    // The currency the card shows the price in: a Canadian price declared as USD would misprice it.
    priceCurrency: page.currency,
    price,
    availability: `${SCHEMA}/${product.quantity > 0 ? 'InStock' : 'OutOfStock'}`,
    url: page.link(product.url),
  };
}

function rating(product: Product): Record<string, unknown> {
  if (!(product.review_count > 0)) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: product.average_rating,
      reviewCount: product.review_count,
      bestRating: 5,
    },
  };
}

// Search engines want absolute URLs; a URL that cannot be resolved is kept as given.
function absoluteUrl(href: string, base: string): string {
  if (href === '') return '';
  try {
    return new URL(href, base || undefined).href;
  } catch {
    return href;
  }
}
