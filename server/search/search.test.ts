import { describe, expect, it } from 'vitest';
import { Rng } from '../../fixtures/catalogue/prng.js';
import type { ProductJson } from '../../fixtures/catalogue/index.js';
import { categoryProducts, meets, optionKeys, search, shownPrice } from './testing/support.js';
import type { Filters } from './testing/support.js';
import { SORT_KEYS } from './types.js';

const ids = (products: ProductJson[]): string[] => products.map((p) => p.product_id);
const base = { customer: 'maple-pine', page: 'womens-running-shoes', start: 0, size: 500 };

describe('facet counts', () => {
  const cases: [customer: string, page: string][] = [
    ['maple-pine', 'womens-running-shoes'],
    ['lakeshore', 'area-rugs'],
    ['summit', 'running-shorts'],
    ['harbor-lane', 'lipsticks'],
    ['gearhead', 'floor-mats'],
  ];

  it.each(cases)('match a brute-force count for random selections (%s, %s)', (customer, page) => {
    const rng = new Rng(`facets:${page}`);
    const offered = search({ customer, page, size: 0 }).filters;
    const products = categoryProducts(page);
    for (let round = 0; round < 8; round++) {
      const filters: Filters = [];
      for (const filter of offered) {
        if (filter.key === 'price' && rng.chance(0.4)) {
          const a = filter.abs_min ?? 0;
          const b = filter.abs_max ?? 0;
          filters.push({ key: 'price', value: [a + (b - a) * rng.next() * 0.3, b - (b - a) * rng.next() * 0.3] });
        } else if (filter.options.length > 0 && rng.chance(0.5)) {
          const keys = rng.sample(
            filter.options.map((o) => o.key),
            rng.int(1, 3),
          );
          filters.push({ key: filter.key, value: keys });
        }
      }
      const answer = search({ customer, page, filters, start: 0, size: 500 });
      const expected = products.filter((product) => filters.every((f) => meets(product, f)));
      expect(ids(answer.products)).toEqual(expected.map((p) => p.product_id));
      expect(answer.payload).toEqual({ total: products.length, filtered: expected.length, shown: expected.length });
      for (const filter of answer.filters.filter((f) => f.key !== 'price')) {
        // Disjunctive rule: every OTHER facet's selection applies, this facet's own does not.
        const others = products.filter((p) => filters.every((f) => f.key === filter.key || meets(p, f)));
        const own = filters.find((f) => f.key === filter.key)?.value ?? [];
        for (const option of filter.options) {
          const count =
            filter.key === 'rating'
              ? others.filter((p) => p.average_rating >= Number(option.key)).length
              : others.filter((p) => optionKeys(p, filter.key).includes(option.key)).length;
          expect(option.count, `${filter.key}=${option.key}`).toBe(count);
          expect(option.selected).toBe((own as unknown[]).includes(option.key));
        }
      }
    }
  });

  it('treat several ratings as "the lowest wins"', () => {
    const two = search({ ...base, filters: [{ key: 'rating', value: ['4', '2'] }] });
    const one = search({ ...base, filters: [{ key: 'rating', value: ['2'] }] });
    expect(ids(two.products)).toEqual(ids(one.products));
    expect(
      two.filters
        .find((f) => f.key === 'rating')
        ?.options.filter((o) => o.selected)
        .map((o) => o.key),
    ).toEqual(['4', '2']);
  });

  it('keep a selected value the category does not offer, with a zero count', () => {
    const answer = search({ ...base, filters: [{ key: 'color', value: ['ultraviolet'] }] });
    expect(answer.payload.filtered).toBe(0);
    expect(answer.filters.find((f) => f.key === 'color')?.options).toContainEqual({
      key: 'ultraviolet',
      text: 'ultraviolet',
      selected: true,
      count: 0,
    });
  });
});

describe('price filter', () => {
  it('reports the category bounds whatever is selected, and the selection as min/max', () => {
    const prices = categoryProducts('womens-running-shoes').map(shownPrice);
    const filters: Filters = [
      { key: 'price', value: [60, 90] },
      { key: 'color', value: ['black'] },
    ];
    const price = search({ ...base, filters }).filters.find((f) => f.key === 'price');
    expect(price).toMatchObject({ abs_min: Math.min(...prices), abs_max: Math.max(...prices), min: 60, max: 90 });
    const open = search(base).filters.find((f) => f.key === 'price');
    expect(open).toMatchObject({ min: Math.min(...prices), max: Math.max(...prices), options: [] });
  });

  it('collapses to abs_min == abs_max where every product costs the same', () => {
    const price = search({ ...base, page: 'wool-socks' }).filters.find((f) => f.key === 'price');
    expect(price?.abs_min).toBe(19.99);
    expect(price?.abs_max).toBe(19.99);
  });
});

describe('sorting', () => {
  const products = new Map(categoryProducts('womens-running-shoes').map((p, rank) => [p.product_id, { p, rank }]));
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const keyOf: Record<string, (id: string) => number | string> = {
    price_asc: (id) => shownPrice(products.get(id)!.p),
    price_desc: (id) => -shownPrice(products.get(id)!.p),
    rating_desc: (id) => -products.get(id)!.p.average_rating,
    reviews_desc: (id) => -products.get(id)!.p.review_count,
    title_asc: (id) => products.get(id)!.p.title,
  };

  it.each(SORT_KEYS)('%s holds over the whole filtered set, ties in relevance order', (sort) => {
    const filters = [{ key: 'deal', value: ['on-sale', 'promotion'] }];
    const answer = search({ ...base, sort, filters });
    const order = ids(answer.products);
    expect(order.length).toBe(answer.payload.filtered);
    expect(answer.sort_options.filter((o) => o.selected).map((o) => o.key)).toEqual([sort]);
    for (let i = 1; i < order.length; i++) {
      const [a, b] = [order[i - 1]!, order[i]!];
      const key = keyOf[sort];
      const diff = !key
        ? 0
        : sort === 'title_asc'
          ? collator.compare(key(a) as string, key(b) as string)
          : (key(a) as number) - (key(b) as number);
      expect(diff).toBeLessThanOrEqual(0);
      if (diff === 0 && sort !== 'rating_desc') expect(products.get(a)!.rank).toBeLessThan(products.get(b)!.rank);
    }
  });

  it('defaults to relevance', () => {
    expect(search(base).sort_options.find((o) => o.selected)?.key).toBe('relevance_desc');
  });
});

describe('paging', () => {
  it.each([7, 24, 50])('start/size %i partitions the filtered set with no overlap or gap', (size) => {
    const filters = [{ key: 'size', value: ['women__7', 'women__8'] }];
    const all = ids(search({ ...base, sort: 'price_desc', filters }).products);
    const seen: string[] = [];
    for (let start = 0; start < all.length + size; start += size) {
      const answer = search({ ...base, sort: 'price_desc', filters, start, size });
      expect(answer.payload.shown).toBe(Math.min(start + size, all.length));
      expect(answer.start).toBe(Math.min(start, all.length));
      expect(answer.payload.shown).toBe(answer.start + answer.products.length);
      seen.push(...ids(answer.products));
    }
    expect(seen).toEqual(all);
  });

  it('a start far past the end (a stale page link) is answered from the end, start and shown agreeing', () => {
    const all = search({ ...base, size: 24 }).payload.filtered;
    const answer = search({ ...base, start: 479_952, size: 48 });
    expect(answer.products).toEqual([]);
    expect(answer.start).toBe(all);
    expect(answer.payload).toEqual({ total: all, filtered: all, shown: all });
  });
});

describe('pages', () => {
  it('answers an unknown page with pageNotFound and a way home', () => {
    const answer = search({ ...base, page: 'no-such<page>' });
    expect(answer.pageNotFound).toBe(true);
    expect(answer.products).toEqual([]);
    expect(answer.filters).toEqual([]);
    expect(answer.related_pages).toEqual([]);
    expect(answer.h1_header).toBe('Page not found');
    expect(answer.notFoundHtmlElement).toMatch(/<h2>.+<\/h2><p>.*no-such&lt;page&gt;.*<\/p>.*<a href="\/maple\/">/);
  });

  it('fills the page furniture: h1, description, related pages, ~40 similar products', () => {
    const answer = search({ ...base, size: 24 });
    expect(answer.h1_header).toBe("Women's Running Shoes");
    expect(answer.description).toContain('<ul>');
    expect(answer.related_pages.length).toBeGreaterThan(15);
    expect(answer.similar_products.length).toBe(40);
    expect(answer.products[0]?.url).toMatch(/^\/maple\/p\/ap-\d{6}$/);
    expect(answer.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('serves landing pages and staging page names from their category', () => {
    const landing = search({ ...base, page: 'trending', size: 5 });
    expect(landing.h1_header).toBe('#Trending');
    expect(ids(landing.products)).toEqual(ids(search({ ...base, size: 5 }).products));
    expect(search({ ...base, page: 'womens-running-shoes_staging' }).pageNotFound).toBe(false);
  });

  it('speaks French for locale fr', () => {
    const answer = search({ customer: 'boreal', page: 'womens-running-shoes', locale: 'fr_CA', region: 'ca', size: 1 });
    expect(answer.h1_header).toBe('Chaussures de course pour femmes');
    expect(answer.description).toContain('Livraison gratuite');
    expect(answer.filters.map((f) => f.label)).toEqual([
      'Prix',
      'Évaluation',
      'Couleur',
      'Taille',
      'Marque',
      'Aubaines',
    ]);
    expect(answer.filters.find((f) => f.key === 'color')?.options.map((o) => o.text)).toContain('Noir');
    expect(answer.sort_options.map((o) => o.text)).toContain('Prix : croissant');
    expect(answer.related_pages.map((p) => p.title)).toContain('Chandails pour femmes');
    expect([answer.locale, answer.region]).toEqual(['fr_CA', 'ca']);
  });

  it('sends toys as models[] with selected_model', () => {
    const answer = search({ customer: 'tinker-tide', page: 'plush-toys', size: 40 });
    for (const product of answer.products) {
      expect(product).not.toHaveProperty('variants');
      expect(product).toHaveProperty('models');
      expect(product).toHaveProperty('selected_model');
    }
  });
});
