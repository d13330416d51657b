import { describe, expect, it } from 'vitest';
import { loadTenants } from '../../fixtures/tenants/index.js';
import { renderDlpDemo, renderVsmDemo } from '../demo/tenant-pages.js';
import { handleSearch, handleVehicleSelector } from './handler.js';
import { handleSitemap } from './sitemap.js';
import { strictSearchResponse, strictSitemap } from './strict.js';
import { tenants } from './testing/support.js';
import type { SearchOptions } from './types.js';

// The documented entities, written out here on their own (not imported from the projection) so
// that a field slipping into the projection's lists makes these tests fail.
const SPEC = {
  response: [
    'products',
    'similar_products',
    'filters',
    'sort_options',
    'payload',
    'start',
    'size',
    'page',
    'latency',
    'latency_ms',
    'h1_header',
    'description',
    'related_pages',
    'pageNotFound',
    'notFoundHtmlElement',
    'locale',
    'region',
  ],
  payload: ['total', 'filtered', 'shown'],
  related: ['title', 'href'],
  product: [
    'product_id',
    'title',
    'brand',
    'url',
    'image',
    'description',
    'quantity',
    'promo_message',
    'price_range',
    'reviews',
    'review_count',
    'average_rating',
    'variants',
    'models',
    'selected_model',
  ],
  priceRange: ['min_purchase_price', 'max_purchase_price'],
  review: ['id', 'nickname', 'text', 'rating'],
  variant: ['id', 'color', 'size', 'price', 'sale_price', 'images', 'swatch', 'marketing_flag', 'selected'],
  model: ['model_id', 'color', 'size', 'price', 'sale_price', 'images', 'swatch', 'marketing_flag'],
  filter: ['key', 'label', 'options', 'abs_min', 'abs_max', 'min', 'max'],
  option: ['key', 'text', 'selected'],
  sort: ['key', 'text', 'selected'],
  sitemap: ['url', 'title', 'links', 'subcategories', 'breadcrumbs'],
  link: ['title', 'url'],
};

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);

/** Every key of `object` not in `allowed`, prefixed with where it was found. */
function extra(object: unknown, allowed: string[], at: string): string[] {
  return Object.keys(object as Json)
    .filter((key) => !allowed.includes(key))
    .map((key) => `${at}.${key}`);
}

function productExtras(product: Json, at: string): string[] {
  return [
    ...extra(product, SPEC.product, at),
    ...(product.price_range ? extra(product.price_range, SPEC.priceRange, `${at}.price_range`) : []),
    ...list(product.reviews).flatMap((r, i) => extra(r, SPEC.review, `${at}.reviews[${i}]`)),
    ...list(product.variants).flatMap((v, i) => extra(v, SPEC.variant, `${at}.variants[${i}]`)),
    ...list(product.models).flatMap((m, i) => extra(m, SPEC.model, `${at}.models[${i}]`)),
  ];
}

/** Every field of a search response, at every level, that the documented entities do not have. */
function responseExtras(json: unknown): string[] {
  const response = json as Json;
  return [
    ...extra(response, SPEC.response, 'response'),
    ...extra(response.payload, SPEC.payload, 'payload'),
    ...list(response.related_pages).flatMap((p, i) => extra(p, SPEC.related, `related_pages[${i}]`)),
    ...list(response.sort_options).flatMap((s, i) => extra(s, SPEC.sort, `sort_options[${i}]`)),
    ...list(response.filters).flatMap((f, i) => [
      ...extra(f, SPEC.filter, `filters[${i}]`),
      ...list(f.options).flatMap((o, j) => extra(o, SPEC.option, `filters[${i}].options[${j}]`)),
    ]),
    ...list(response.products).flatMap((p, i) => productExtras(p, `products[${i}]`)),
    ...list(response.similar_products).flatMap((p, i) => productExtras(p, `similar_products[${i}]`)),
  ];
}

function sitemapExtras(json: unknown): string[] {
  const data = json as Json;
  return [
    ...extra(data, SPEC.sitemap, 'sitemap'),
    ...(['links', 'subcategories', 'breadcrumbs'] as const).flatMap((name) =>
      list(data[name]).flatMap((link, i) => extra(link, SPEC.link, `${name}[${i}]`)),
    ),
  ];
}

const strict: SearchOptions = { tenants, backend: 'strict' };
const filtered = [
  { key: 'color', value: ['black'] },
  { key: 'size', value: ['women__8'] },
];

describe('a strict backend', () => {
  it.each([
    ['maple-pine', 'womens-running-shoes'],
    ['tinker', 'building-sets'],
    ['gearhead', 'brake-pads'],
    ['boreal', 'mens-jeans'],
  ])('sends only documented fields at every level (%s, %s)', (customer, page) => {
    const body = { customer, page, start: 0, size: 60, filters: customer === 'maple-pine' ? filtered : [] };
    const rich = handleSearch(body, { tenants });
    const answer = handleSearch(body, strict);
    expect(answer.status).toBe(200);
    // The rich engine does send extras here, so an empty list below means they were removed.
    expect(responseExtras(rich.json).length).toBeGreaterThan(0);
    expect(responseExtras(answer.json)).toEqual([]);
  });

  it('keeps every documented field the rich engine sends, with the same values', () => {
    const body = { customer: 'maple-pine', page: 'womens-running-shoes', size: 24, filters: filtered };
    const rich = handleSearch(body, { tenants }).json as Json;
    const answer = handleSearch(body, strict).json as Json;
    expect(answer.payload).toEqual(rich.payload);
    expect(answer.h1_header).toBe(rich.h1_header);
    expect(list(answer.products).map((p) => p.product_id)).toEqual(list(rich.products).map((p) => p.product_id));
    const colour = list(answer.filters).find((f) => f.key === 'color');
    expect(list(colour?.options)[0]).toEqual({
      key: expect.any(String) as string,
      text: expect.any(String) as string,
      selected: expect.any(Boolean) as boolean,
    });
    expect(list(colour?.options).filter((o) => o.selected)).toHaveLength(1);
    const price = list(answer.filters).find((f) => f.key === 'price');
    expect(Object.keys(price ?? {}).sort()).toEqual(['abs_max', 'abs_min', 'key', 'label', 'max', 'min', 'options']);
  });

  it('answers the vehicle selector without the vehicle extras', () => {
    const body = { customer: 'gearhead', page: 'brake-pads', vehicle_id: 'honda-civic', vehicle_year: '2015' };
    const answer = handleVehicleSelector(body, strict);
    expect(answer.status).toBe(200);
    expect(responseExtras(answer.json)).toEqual([]);
  });

  it('answers a page that does not exist with the documented fields', () => {
    const answer = handleSearch({ customer: 'boreal', page: 'no-such-page' }, strict);
    expect(answer.json).toMatchObject({ pageNotFound: true, notFoundHtmlElement: expect.any(String) as string });
    expect(responseExtras(answer.json)).toEqual([]);
  });

  it('leaves error bodies and non-objects alone', () => {
    expect(handleSearch({ customer: 'nobody', page: 'x' }, strict)).toEqual({
      status: 400,
      json: { error: 'unknown customer "nobody"' },
    });
    expect(strictSearchResponse(null)).toBeNull();
    expect(strictSearchResponse([1])).toEqual([1]);
    expect(strictSitemap('x')).toBe('x');
  });

  it('drops non-objects inside lists and never adds a missing field', () => {
    const out = strictSearchResponse({ products: [null, 3, { product_id: 'a', extra: 1 }], filters: 'no' });
    expect(out).toEqual({ products: [{ product_id: 'a' }], filters: 'no' });
  });

  it('projects sitemap data to the documented fields', () => {
    const dirty = {
      url: '/x/vsm/',
      title: 'T',
      links: [{ title: 'a', url: '/a', count: 3 }],
      subcategories: [],
      breadcrumbs: [],
      icon: 'i',
    };
    expect(sitemapExtras(dirty).length).toBeGreaterThan(0);
    expect(sitemapExtras(strictSitemap(dirty))).toEqual([]);
  });
});

describe('choosing the backend', () => {
  const cedar = loadTenants().find((t) => t.demo.backend === 'strict');

  it('a tenant whose fixture says strict answers strictly on its own', () => {
    expect(cedar).toBeDefined();
    const body = { customer: cedar!.config.customerSearchId ?? cedar!.config.id, page: 'womens-running-shoes' };
    expect(responseExtras(handleSearch(body, { tenants }).json)).toEqual([]);
  });

  it('a rich tenant stays rich unless the whole stack is strict', () => {
    const body = { customer: 'maple-pine', page: 'womens-running-shoes' };
    expect(responseExtras(handleSearch(body, { tenants }).json).length).toBeGreaterThan(0);
    expect(responseExtras(handleSearch(body, { tenants, backend: 'rich' }).json).length).toBeGreaterThan(0);
  });
});

/** The render context written into a demo page. */
function pageContext(html: string): Json {
  const match = /<script type="application\/json" id="aisle-context">(.*?)<\/script>/s.exec(html);
  return JSON.parse(match?.[1] ?? 'null') as Json;
}

describe("a strict tenant's demo pages", () => {
  const cedar = loadTenants().find((t) => t.demo.backend === 'strict')!;
  const maple = loadTenants().find((t) => t.config.id === 'maple')!;
  const request = (tenant: typeof cedar, path: string) => ({
    tenant,
    origin: 'http://127.0.0.1:1',
    url: new URL(`http://127.0.0.1:1${tenant.config.base}/${path}`),
    embedSrc: '/embed/aisle.js',
  });

  it('inline the same strict data, and keep the server-only setting out of the context', async () => {
    const context = pageContext(
      (await renderDlpDemo(request(cedar, 'womens-running-shoes'), 'womens-running-shoes')).html,
    );
    expect(list((context.data as Json).products).length).toBeGreaterThan(0);
    expect(responseExtras(context.data)).toEqual([]);
    expect(JSON.stringify(context)).not.toContain('"backend"');
    const vsm = pageContext((await renderVsmDemo(request(cedar, 'vsm/'), '')).html);
    expect(list((vsm.data as Json).links).length).toBeGreaterThan(0);
    expect(sitemapExtras(vsm.data)).toEqual([]);
  });

  it('a strict stack makes a rich tenant inline strict data too', async () => {
    const rich = pageContext((await renderDlpDemo(request(maple, 'mens-jeans'), 'mens-jeans')).html);
    expect(responseExtras(rich.data).length).toBeGreaterThan(0);
    const page = await renderDlpDemo({ ...request(maple, 'mens-jeans'), backend: 'strict' }, 'mens-jeans');
    expect(responseExtras(pageContext(page.html).data)).toEqual([]);
  });
});

describe('POST /sitemap', () => {
  const body = { customer: 'maple-pine', page: '', environment: 'production', skip_cache: true };

  it('answers the VSM data of the root and of a category', () => {
    const root = handleSitemap(body, { tenants });
    expect(root.status).toBe(200);
    expect(root.json).toMatchObject({ url: '/maple/vsm/', breadcrumbs: [] });
    expect(list((root.json as Json).links).length).toBeGreaterThan(40);
    const category = handleSitemap({ ...body, page: 'mens-jeans/' }, { tenants });
    expect(category.status).toBe(200);
    expect(category.json).toMatchObject({ url: '/maple/vsm/mens-jeans', subcategories: [] });
    expect(sitemapExtras(category.json)).toEqual([]);
  });

  it('speaks French when asked, and for the tenant named by the base path', () => {
    const fr = handleSitemap({ page: '', locale: 'fr_CA', region: 'ca' }, { tenants, basePathTenant: 'boreal' });
    expect(fr.status).toBe(200);
    expect(fr.json).toMatchObject({ url: '/boreal/vsm/', title: 'Vêtements' });
  });

  it('answers 404 for a page the sitemap does not have', () => {
    expect(handleSitemap({ ...body, page: 'no-such-category' }, { tenants }).status).toBe(404);
  });

  it.each([
    ['not an object', 'page'],
    ['no page', { customer: 'maple-pine' }],
    ['a page that is not a string', { ...body, page: 3 }],
    ['an overlong page', { ...body, page: 'x'.repeat(201) }],
    ['an unknown environment', { ...body, environment: 'moon' }],
    ['skip_cache not a boolean', { ...body, skip_cache: 'yes' }],
    ['a locale that is not a string', { ...body, locale: 5 }],
    ['a region that is not a string', { ...body, region: {} }],
    ['an unknown customer', { ...body, customer: 'nobody' }],
    ['no customer at the root', { page: '' }],
  ])('answers 400 for %s', (_name, garbage) => {
    const answer = handleSitemap(garbage, { tenants });
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: expect.any(String) as string });
  });
});
