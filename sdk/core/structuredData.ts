/**
 * schema.org JSON-LD for the DLP, so search engines can list its products: an ItemList of Product or ProductGroup
 * entries with USD offers, and a BreadcrumbList. Pure data; the host writes it into the head.
 */
import type { Product, SearchResponse, SitemapLink, Variant } from './types.js';
import { selectedVariant } from './product.js';

/** A JSON-LD node: plain JSON with an `@type`. */
export type JsonLd = { '@type': string; '@context'?: string } & { [field: string]: unknown };

const SCHEMA = 'https://schema.org';

/** The DLP's JSON-LD: the product ItemList, then a BreadcrumbList when there are breadcrumbs. */
export function dlpStructuredData(
  response: SearchResponse,
  options: { pageUrl: string; breadcrumbs: SitemapLink[] },
): JsonLd[] {
  const { pageUrl } = options;
  const itemList: JsonLd = {
    '@context': SCHEMA,
    '@type': 'ItemList',
    url: pageUrl,
    numberOfItems: response.products.length,
    itemListElement: response.products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: product.variants.length > 1 ? productGroup(product, pageUrl) : singleProduct(product, pageUrl),
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
      item: absoluteUrl(crumb.url, pageUrl),
    })),
  };
  return [itemList, breadcrumbList];
}

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>`, `&`, U+2028 and U+2029 are
 * written as \u escapes, so no title can close the element or break older parsers.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function singleProduct(product: Product, pageUrl: string): JsonLd {
  const variant = selectedVariant(product);
  return {
    '@type': 'Product',
    ...common(product, pageUrl),
    ...(variant ? { sku: variant.id } : {}),
    offers: offer(product, variant, pageUrl),
    ...rating(product),
  };
}

function productGroup(product: Product, pageUrl: string): JsonLd {
  const varies = (field: 'color' | 'size') => new Set(product.variants.map((variant) => variant[field])).size > 1;
  return {
    '@type': 'ProductGroup',
    ...common(product, pageUrl),
    productGroupID: product.product_id,
    variesBy: [varies('color') && `${SCHEMA}/color`, varies('size') && `${SCHEMA}/size`].filter(Boolean),
    hasVariant: product.variants.map((variant) => ({
      '@type': 'Product',
      name: variant.name ? `${product.title} - ${variant.name}` : product.title,
      sku: variant.id,
      ...(variant.color ? { color: variant.color } : {}),
      ...(variant.size ? { size: variant.size } : {}),
      image: absoluteUrl(variant.images[0] ?? product.image, pageUrl),
      offers: offer(product, variant, pageUrl),
    })),
    ...rating(product),
  };
}

function common(product: Product, pageUrl: string): Record<string, unknown> {
  return {
    name: product.title,
    productID: product.product_id,
    url: absoluteUrl(product.url, pageUrl),
    image: absoluteUrl(product.image, pageUrl),
    // The description is server HTML; JSON-LD wants text.
    description: product.description
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
  };
}

function offer(product: Product, variant: Variant | null, pageUrl: string): JsonLd {
  const price = variant ? (variant.sale_price ?? variant.price) : product.price_range.min_purchase_price;
  return {
    '@type': 'Offer',
    // Offers are in USD for every tenant, Canadian ones included: a fixed rule of the structured data.
    priceCurrency: 'USD',
    price,
    availability: `${SCHEMA}/${product.quantity > 0 ? 'InStock' : 'OutOfStock'}`,
    url: absoluteUrl(product.url, pageUrl),
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
