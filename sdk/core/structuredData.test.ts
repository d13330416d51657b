import { describe, expect, it } from 'vitest';
import { normalizeSearchResponse } from './normalize.js';
import { dlpStructuredData, listingJsonLd, serializeJsonLd } from './structuredData.js';

const response = normalizeSearchResponse({
  products: [
    {
      product_id: 'p1',
      title: 'Trail Boot',
      brand: 'Acme',
      url: '/p/p1',
      image: '/img/p1.jpg',
      description: '<p>Warm <b>and</b> dry</p>',
      quantity: 4,
      review_count: 12,
      average_rating: 4.5,
      variants: [{ id: 'v1', color: 'Black', size: '9', price: 120, sale_price: 99 }],
    },
    {
      product_id: 'p2',
      title: 'Rain Jacket',
      url: 'https://shop.example/p/p2',
      quantity: 0,
      variants: [
        { id: 'a', color: 'Red', size: 'M', price: 80, images: ['/img/a.jpg'] },
        { id: 'b', color: 'Blue', size: 'M', price: 80, selected: true },
      ],
    },
  ],
})!;
const pageUrl = 'https://shop.example/maple/boots';
const breadcrumbs = [
  { title: 'Home', url: '/' },
  { title: 'Popular Categories', url: '/maple/vsm/' },
];

describe('dlpStructuredData (JSON-LD for search engines)', () => {
  const [itemList, breadcrumbList] = dlpStructuredData(response, { pageUrl, breadcrumbs });
  const items = itemList!.itemListElement as Array<{ position: number; item: Record<string, unknown> }>;

  it('lists products as ListItems in order', () => {
    expect(itemList).toMatchObject({ '@context': 'https://schema.org', '@type': 'ItemList', numberOfItems: 2 });
    expect(items.map((entry) => entry.position)).toEqual([1, 2]);
  });

  it('a single-variant product (no region given) is a Product with a USD offer, availability and rating (best 5)', () => {
    expect(items[0]!.item).toEqual({
      '@type': 'Product',
      name: 'Trail Boot',
      productID: 'p1',
      sku: 'v1',
      url: 'https://shop.example/p/p1',
      image: 'https://shop.example/img/p1.jpg',
      description: 'Warm and dry',
      brand: { '@type': 'Brand', name: 'Acme' },
      offers: {
        '@type': 'Offer',
        priceCurrency: 'USD',
        price: 99,
        availability: 'https://schema.org/InStock',
        url: 'https://shop.example/p/p1',
      },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 12, bestRating: 5 },
    });
  });

  it('a product with several variants is a ProductGroup with hasVariant and variesBy', () => {
    const group = items[1]!.item;
    expect(group).toMatchObject({
      '@type': 'ProductGroup',
      productGroupID: 'p2',
      variesBy: ['https://schema.org/color'],
    });
    expect(group).not.toHaveProperty('aggregateRating');
    expect(group.hasVariant).toEqual([
      expect.objectContaining({
        '@type': 'Product',
        sku: 'a',
        name: 'Rain Jacket - Red / M',
        color: 'Red',
        image: 'https://shop.example/img/a.jpg',
        offers: expect.objectContaining({
          price: 80,
          availability: 'https://schema.org/OutOfStock',
          priceCurrency: 'USD',
        }),
      }),
      expect.objectContaining({ sku: 'b', color: 'Blue' }),
    ]);
  });

  it('adds a BreadcrumbList with absolute URLs, or none without breadcrumbs', () => {
    expect(breadcrumbList).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
        { '@type': 'ListItem', position: 2, name: 'Popular Categories', item: 'https://shop.example/maple/vsm/' },
      ],
    });
    expect(dlpStructuredData(response, { pageUrl, breadcrumbs: [] })).toHaveLength(1);
  });
});

describe('region and locale in the JSON-LD', () => {
  const offers = (nodes: ReturnType<typeof dlpStructuredData>) =>
    JSON.stringify(nodes).match(/"priceCurrency":"[A-Z]+"/g);

  it('declares Canadian dollars for the ca region and US dollars elsewhere', () => {
    const canada = dlpStructuredData(response, { pageUrl, breadcrumbs, region: 'ca', locale: 'en' });
    expect(new Set(offers(canada))).toEqual(new Set(['"priceCurrency":"CAD"']));
    const us = dlpStructuredData(response, { pageUrl, breadcrumbs, region: 'us', locale: 'en' });
    expect(new Set(offers(us))).toEqual(new Set(['"priceCurrency":"USD"']));
  });

  it('gives every page address the locale suffix the links on the page carry, and no image one', () => {
    const text = listingJsonLd(
      { ...response, h1_header: 'Boots' },
      {
        origin: 'https://shop.example',
        pathname: '/maple/boots',
        base: '/maple',
        pageSize: 24,
        messages: { home: 'Accueil', popularCategories: 'Catégories populaires' },
        region: 'ca',
        locale: 'fr',
      },
    );
    const [itemList, crumbs] = JSON.parse(text) as Array<Record<string, unknown>>;
    const item = (itemList!.itemListElement as Array<{ item: Record<string, unknown> }>)[0]!.item;
    expect(itemList!.url).toBe('https://shop.example/maple/boots?locale=fr_CA');
    expect(item.url).toBe('https://shop.example/p/p1?locale=fr_CA');
    expect((item.offers as Record<string, unknown>).url).toBe('https://shop.example/p/p1?locale=fr_CA');
    expect(item.image).toBe('https://shop.example/img/p1.jpg');
    expect((crumbs!.itemListElement as Array<{ item: string }>).map((crumb) => crumb.item)).toEqual([
      'https://shop.example/maple/?locale=fr_CA',
      'https://shop.example/maple/vsm/?locale=fr_CA',
      'https://shop.example/maple/boots?locale=fr_CA',
    ]);
  });
});

describe('serializeJsonLd (safe inside a script element)', () => {
  it('escapes <, >, &, U+2028 and U+2029 and still parses back', () => {
    const value = { name: '</script><script>alert(1)</script> & \u2028\u2029' };
    const text = serializeJsonLd(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text.toLowerCase()).not.toContain('</script');
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('a product title cannot close the element', () => {
    const hostile = normalizeSearchResponse({
      products: [{ product_id: 'x', title: '</SCRIPT><img src=x onerror=alert(1)>' }],
    })!;
    const text = dlpStructuredData(hostile, { pageUrl: '', breadcrumbs: [] }).map(serializeJsonLd).join('');
    expect(text).not.toMatch(/<\/script/i);
    expect(text).not.toContain('<img');
  });
});
