// @vitest-environment happy-dom
/**
 * Property-style check of what a backend must send: a full response in the documented shape has each
 * field in turn removed, set to null and set to a value of the wrong type; each result is normalised
 * and rendered as the DLP, which must still show its products and never print a broken value.
 */
import { configure } from 'mobx';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeSearchResponse } from '../../core/normalize.js';
import { FakeIntersectionObserver, renderAisle, testContext, type Rendered } from '../../testing/ui.js';

configure({ enforceActions: 'always' });

type Json = Record<string, unknown>;

function rawProduct(id: string): Json {
  return {
    product_id: id,
    title: `Dress ${id}`,
    brand: 'Acme',
    url: `/maple/p/${id}`,
    image: `/img/product/${id}.svg`,
    description: '<p>Linen</p>',
    quantity: 4,
    promo_message: 'Free shipping',
    price_range: { min_purchase_price: 40, max_purchase_price: 50 },
    reviews: [{ id: 'r1', nickname: 'Ann', text: 'Lovely', rating: 5 }],
    review_count: 1,
    average_rating: 4.5,
    variants: [
      {
        id: `${id}-a`,
        color: 'Black',
        size: 'M',
        price: 50,
        sale_price: 40,
        images: [`/img/product/${id}-a.svg`],
        swatch: '#000000',
        marketing_flag: 'New',
        selected: true,
      },
      {
        id: `${id}-b`,
        color: 'Navy',
        size: 'L',
        price: 50,
        sale_price: null,
        images: [`/img/product/${id}-b.svg`],
        swatch: '/img/swatch/navy.png',
        marketing_flag: '',
        selected: false,
      },
    ],
  };
}

/** A response with every field the documented shape has, and no Aisle extension. */
function fullResponse(): Json {
  return {
    products: [rawProduct('p1'), rawProduct('p2')],
    similar_products: [rawProduct('s1')],
    filters: [
      {
        key: 'color',
        label: 'Color',
        options: [
          { key: 'black', text: 'Black', selected: false },
          { key: 'navy', text: 'Navy', selected: true },
        ],
      },
      { key: 'size', label: 'Size', options: [{ key: 'women__8', text: '8', selected: false }] },
      { key: 'rating', label: 'Rating', options: [{ key: '4', text: '4 & up', selected: false }] },
      { key: 'brand', label: 'Brand', options: [{ key: 'acme', text: 'Acme', selected: false }] },
      { key: 'price', label: 'Price', options: [], abs_min: 12, abs_max: 288, min: 12, max: 288 },
    ],
    sort_options: [
      { key: 'relevance_desc', text: 'Featured', selected: true },
      { key: 'price_asc', text: 'Price: Low to High', selected: false },
    ],
    payload: { total: 100, filtered: 40, shown: 2 },
    start: 0,
    size: 24,
    page: 'dresses',
    latency: 12,
    h1_header: 'Dresses',
    description: '<p>Dresses for every day</p>',
    related_pages: [{ title: 'Boots', href: 'boots' }],
    pageNotFound: false,
    notFoundHtmlElement: '',
    locale: 'en',
    region: 'us',
  };
}

/** Every field path of the full response (products itself excepted: without it there is no listing). */
function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value)
    ? value.slice(0, 1).map((item, i) => [String(i), item] as const)
    : Object.entries(value);
  const inner = entries.flatMap(([key, item]) => fieldPaths(item, [...prefix, key]));
  return prefix.length === 0 ? inner : [prefix, ...inner];
}

const paths = fieldPaths(fullResponse()).filter((path) => path.join('.') !== 'products');

/** A value of another type than `original`, of the kind a confused backend sends. */
function wrongType(original: unknown): unknown {
  if (typeof original === 'string') return { text: original };
  if (typeof original === 'number') return 'many';
  if (typeof original === 'boolean') return 'yes';
  if (Array.isArray(original)) return 'list';
  return 7;
}

type Mutation = 'removed' | 'null' | 'wrong type';

function mutate(path: string[], mutation: Mutation): Json {
  const root = fullResponse();
  let parent = root as Record<string, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (mutation === 'removed') delete parent[last];
  else parent[last] = mutation === 'null' ? null : wrongType(parent[last]);
  return root;
}

let page: Rendered | undefined;
beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver));
afterEach(() => {
  page?.unmount();
  page = undefined;
  vi.unstubAllGlobals();
});

const BROKEN = /undefined|NaN|\(0\)|\[object Object\]|Infinity/;

/** The page's visible text and accessible names, for the broken-value check. */
function readable(container: HTMLElement): string {
  const names = [...container.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label'));
  const alts = [...container.querySelectorAll('img[alt]')].map((el) => el.getAttribute('alt'));
  return [container.textContent, ...names, ...alts].join('\n');
}

describe('a response missing, nulling or mistyping any one field still renders the DLP', () => {
  const cases = paths.flatMap((path) =>
    (['removed', 'null', 'wrong type'] as const).map((mutation) => [path.join('.'), mutation, path] as const),
  );

  it('covers every field of the documented shape', () => {
    expect(cases.length).toBeGreaterThan(150);
  });

  it.each(cases)('%s %s', async (_name, mutation, path) => {
    const data = normalizeSearchResponse(mutate(path, mutation));
    expect(data, 'the reply stays readable').not.toBeNull();
    page = await renderAisle(testContext({}, { data: data! }));
    const { container } = page;
    // Below the fold loads as its own chunk; its second breadcrumb says it is there.
    await vi.waitFor(() => expect(container.querySelectorAll('[data-aisle="breadcrumbs"]')).toHaveLength(2));
    expect(container.querySelectorAll('[data-aisle="grid"] [data-aisle="product"]').length).toBeGreaterThan(0);
    if (path[0] === 'filters') {
      // Open every filter's panel in the drawer, so their options are checked too.
      act(() => page!.store.drawer.show());
      await page.settle();
      for (const filter of page.store.dlp.data!.filters) {
        act(() => page!.store.drawer.toggleSection(filter.key));
        await page.settle();
        expect(readable(container)).not.toMatch(BROKEN);
      }
    }
    expect(readable(container)).not.toMatch(BROKEN);
    for (const heading of container.querySelectorAll('h1, h2')) expect(heading.textContent!.trim()).not.toBe('');
    const related = container.querySelector('[data-aisle="related"]');
    if (related) expect(related.querySelectorAll('a').length).toBeGreaterThan(0);
    const similar = container.querySelector('[data-aisle="similar"]');
    if (similar) expect(similar.querySelectorAll('[data-aisle="product"]').length).toBeGreaterThan(0);
    // The SEO block holds sanitised server HTML: it is there only when there is some.
    const seo = container.querySelector('[data-aisle="seo"]');
    expect(seo !== null).toBe(data!.description.trim() !== '');
  });
});
