import { describe, expect, it } from 'vitest';
import { normalizeSearchResponse, normalizeSitemap, readRenderContext } from './normalize.js';
import { relativeUrlResolver } from './normalizeProduct.js';

const product = (fields: Record<string, unknown> = {}) => ({ product_id: 'p1', title: 'Boot', ...fields });

describe('normalizeSearchResponse (untrusted search responses)', () => {
  it.each([null, undefined, 'text', 42, [], true])('returns null for %j', (raw) => {
    expect(normalizeSearchResponse(raw)).toBeNull();
  });

  it.each([
    ['no products', {}],
    ['products null', { products: null }],
    ['products an object', { products: { a: 1 } }],
    ['products a string', { products: 'p1' }],
    ['a list in which nothing is a product', { products: [null, 'p1', { title: 'no id' }] }],
    ['pageNotFound not a boolean', { pageNotFound: 'true' }],
  ])('a reply with %s cannot be read as a search response', (_name, raw) => {
    expect(normalizeSearchResponse(raw)).toBeNull();
  });

  it('a not-found reply needs no products', () => {
    const response = normalizeSearchResponse({ pageNotFound: true, notFoundHtmlElement: '<p>Gone</p>' });
    expect(response).toMatchObject({ pageNotFound: true, products: [], notFoundHtmlElement: '<p>Gone</p>' });
  });

  it('an empty product list is a readable reply (nothing matches)', () => {
    expect(normalizeSearchResponse({ products: [] })?.products).toEqual([]);
  });

  it.each([
    ['missing', undefined, { total: 7, filtered: 7, shown: 7 }],
    ['all counts given', { total: 90, filtered: 40, shown: 24 }, { total: 90, filtered: 40, shown: 24 }],
    ['only total', { total: 90 }, { total: 90, filtered: 90, shown: 7 }],
    ['only filtered', { filtered: 40 }, { total: 40, filtered: 40, shown: 7 }],
    ['negative counts', { total: -1, filtered: -2, shown: -3 }, { total: 7, filtered: 7, shown: 7 }],
    ['NaN strings', { total: 'NaN', filtered: 'x', shown: '' }, { total: 7, filtered: 7, shown: 7 }],
    ['huge counts', { total: 1e308, filtered: 2 ** 60, shown: 3 }, { total: 7, filtered: 7, shown: 3 }],
    ['numeric strings', { total: '90', filtered: '40.6', shown: '24' }, { total: 90, filtered: 40, shown: 24 }],
    ['counts below what was received', { total: 0, filtered: 3, shown: 7 }, { total: 7, filtered: 7, shown: 7 }],
    ['total below filtered', { total: 10, filtered: 40, shown: 7 }, { total: 40, filtered: 40, shown: 7 }],
  ])('payload %s: unbelievable counts fall back to what was received', (_name, payload, expected) => {
    // Seven products received after a start of 0: `shown` falls back to 7.
    const products = Array.from({ length: 7 }, (_, i) => product({ product_id: `p${i}` }));
    expect(normalizeSearchResponse({ products, payload })?.payload).toEqual(expected);
  });

  it('a stale start past the end is not counted as items: counts stay what the backend holds', () => {
    // A bookmark of page 10,000 of a 400-item listing: the reply echoes the start and holds nothing.
    const stale = { products: [], start: 479_952, size: 48, payload: { total: 400, filtered: 400, shown: 400 } };
    expect(normalizeSearchResponse(stale)?.payload).toEqual({ total: 400, filtered: 400, shown: 400 });
    const noShown = { products: [], start: 479_952, payload: { total: 400, filtered: 400 } };
    expect(normalizeSearchResponse(noShown)?.payload).toEqual({ total: 400, filtered: 400, shown: 0 });
    expect(normalizeSearchResponse({ products: [], start: 479_952 })?.payload).toEqual({
      total: 0,
      filtered: 0,
      shown: 0,
    });
  });

  it('shown never exceeds filtered', () => {
    const raw = { products: [product()], start: 500, payload: { filtered: 400 } };
    expect(normalizeSearchResponse(raw)?.payload).toEqual({ total: 400, filtered: 400, shown: 400 });
  });

  it('a missing shown counts the products received after start', () => {
    const raw = { products: [product()], start: 24, payload: { filtered: 100 } };
    expect(normalizeSearchResponse(raw)?.payload.shown).toBe(25);
  });

  it.each([
    [12, 12],
    ['7', 7],
    [0, 0],
    [undefined, undefined],
    [null, undefined],
    ['NaN', undefined],
    [-3, undefined],
    [{}, undefined],
  ])('an option count of %j is read as %j', (count, expected) => {
    const raw = { products: [], filters: [{ key: 'brand', options: [{ key: 'acme', count }] }] };
    expect(normalizeSearchResponse(raw)?.filters[0]?.options[0]?.count).toBe(expected);
  });

  it('fills every missing field with a safe default', () => {
    expect(normalizeSearchResponse({ products: [] })).toEqual({
      products: [],
      similar_products: [],
      filters: [],
      sort_options: [],
      payload: { total: 0, filtered: 0, shown: 0 },
      start: 0,
      size: 0,
      page: '',
      latency_ms: 0,
      h1_header: '',
      description: '',
      related_pages: [],
      pageNotFound: false,
      notFoundHtmlElement: '',
      locale: '',
      region: '',
    });
  });

  it.each([
    [{ latency: 12 }, 12],
    [{ latency_ms: 34 }, 34],
    [{ latency: 12, latency_ms: 34 }, 34],
    [{ latency: 'slow' }, 0],
    [{ latency_ms: Number.NaN, latency: 7 }, 7],
  ])('reads latency from both spellings: %j → %d', (raw, expected) => {
    expect(normalizeSearchResponse({ products: [], ...raw })?.latency_ms).toBe(expected);
  });

  it('maps models[] + selected_model onto variants', () => {
    const raw = {
      products: [
        product({
          selected_model: 'm2',
          models: [
            {
              model_id: 'm1',
              color: 'Red',
              size: 'S',
              price: 20,
              sale_price: 15,
              images: ['a.jpg', 3],
              swatch: '#f00',
            },
            { model_id: 'm2', name: 'Blue Large', color: 'Blue', size: 'L', price: '22.50', marketing_flag: 'new' },
            { color: 'no id' },
          ],
        }),
      ],
    };
    const variants = normalizeSearchResponse(raw)?.products[0]?.variants;
    expect(variants).toEqual([
      {
        id: 'm1',
        name: 'Red / S',
        color: 'Red',
        size: 'S',
        price: 20,
        sale_price: 15,
        images: ['a.jpg'],
        swatch: '#f00',
        marketing_flag: '',
        selected: false,
      },
      {
        id: 'm2',
        name: 'Blue Large',
        color: 'Blue',
        size: 'L',
        price: 22.5,
        sale_price: null,
        images: [],
        swatch: '',
        marketing_flag: 'new',
        selected: true,
      },
    ]);
  });

  it.each([
    [{ color: 'Black', size: '' }, 'Black'],
    [{ color: '', size: '9' }, '9'],
    [{ color: ' ', size: '' }, ''],
    [{ color: 'Black', size: 9 }, 'Black / 9'],
  ])('variant name defaults to color / size without empty parts: %j → %j', (fields, name) => {
    const raw = { products: [product({ variants: [{ id: 'v', ...fields }] })] };
    expect(normalizeSearchResponse(raw)?.products[0]?.variants[0]?.name).toBe(name);
  });

  it('drops products without an id and coerces mistyped fields', () => {
    const raw = {
      products: [
        { title: 'no id' },
        'junk',
        product({
          product_id: 7,
          title: { html: true },
          quantity: Infinity,
          review_count: '3',
          reviews: [null, { id: 1 }],
        }),
      ],
    };
    const products = normalizeSearchResponse(raw)?.products ?? [];
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      product_id: '7',
      title: '',
      quantity: 0,
      review_count: 3,
      reviews: [{ id: '1', nickname: '', text: '', rating: 0 }],
      variants: [],
    });
  });

  it('treats a zero or missing sale price as not on sale, and derives a missing price range from variants', () => {
    const raw = {
      products: [
        product({
          variants: [
            { id: 'a', price: 30, sale_price: 0 },
            { id: 'b', price: 40, sale_price: 25 },
          ],
        }),
      ],
    };
    const [first] = normalizeSearchResponse(raw)?.products ?? [];
    expect(first?.variants.map((v) => v.sale_price)).toEqual([null, 25]);
    expect(first?.price_range).toEqual({ min_purchase_price: 25, max_purchase_price: 30 });
  });

  it('a variant without a price takes the product range minimum instead of showing as free', () => {
    const raw = {
      products: [
        product({
          price_range: { min_purchase_price: 35, max_purchase_price: 60 },
          variants: [{ id: 'a' }, { id: 'b', price: 'n/a' }, { id: 'c', price: 60 }],
        }),
      ],
    };
    expect(normalizeSearchResponse(raw)?.products[0]?.variants.map((v) => v.price)).toEqual([35, 35, 60]);
  });

  it.each([
    [{ average_rating: 9, review_count: 3 }, 5, 3],
    [{ average_rating: -2, review_count: -3 }, 0, 0],
    [{ average_rating: '4.5', review_count: '2.7' }, 4.5, 2],
  ])('ratings stay within five stars and review counts are whole: %j', (fields, rating, count) => {
    const [first] = normalizeSearchResponse({ products: [product(fields)] })?.products ?? [];
    expect(first).toMatchObject({ average_rating: rating, review_count: count });
  });

  it('normalises filters: an option without a count has none, price bounds kept only when numeric', () => {
    const raw = {
      filters: [
        {
          key: 'color',
          label: 'Color',
          options: [{ key: 'black', text: 'Black', selected: 'yes' }, { text: 'no key' }],
        },
        { key: 'price', options: [], abs_min: 3, abs_max: '250', min: 'x' },
        { label: 'no key' },
      ],
      sort_options: [{ key: 'price_asc', text: 'Price', selected: true }, { text: 'no key' }],
      products: [],
    };
    const response = normalizeSearchResponse(raw);
    expect(response?.filters).toEqual([
      { key: 'color', label: 'Color', options: [{ key: 'black', text: 'Black', selected: false }] },
      { key: 'price', label: 'price', options: [], abs_min: 3, abs_max: 250 },
    ]);
    expect(response?.sort_options).toEqual([{ key: 'price_asc', text: 'Price', selected: true }]);
  });
});

describe('normalizeSitemap (VSM data)', () => {
  it('keeps titled links and defaults missing lists', () => {
    expect(normalizeSitemap({ title: 'All', links: [{ title: 'Boots', url: '/b' }, { url: '/x' }, 5] })).toEqual({
      url: '',
      title: 'All',
      links: [{ title: 'Boots', url: '/b' }],
      subcategories: [],
      breadcrumbs: [],
    });
    expect(normalizeSitemap('nope')).toBeNull();
  });
});

describe('readRenderContext (the render context)', () => {
  it('fills the documented defaults', () => {
    const result = readRenderContext({ config: { id: 'maple' } });
    expect(result).toEqual({
      ok: true,
      context: {
        config: {
          id: 'maple',
          base: '',
          prodUrl: '',
          defaultPageSize: 24,
          infiniteLoading: false,
          proxySearch: false,
          searchRouterReplaceState: false,
          mainSelector: 'main',
          backButtonReload: true,
          resultsViewUpdateEvent: false,
          vehicleSelector: false,
        },
        environment: 'production',
        additional: {},
      },
    });
  });

  it.each([
    [undefined, 'render context is not an object'],
    ['{not json', 'render context is not valid JSON'],
    [[], 'render context is not an object'],
    [{}, 'render context has no config'],
    [{ config: { id: '  ' } }, 'render context config has no id'],
    [{ config: { base: '/x' } }, 'render context config has no id'],
  ])('rejects %j', (raw, error) => {
    expect(readRenderContext(raw)).toEqual({ ok: false, error });
  });

  it('reads typed fields and keeps unknown additional parameters', () => {
    const result = readRenderContext(
      JSON.stringify({
        config: {
          id: 'boreal',
          base: '/boreal/',
          region: 'CA',
          defaultPageSize: -4,
          backButtonReload: false,
          customerSearchId: '',
        },
        environment: 'qa',
        additional: { lang: 'fr', locale: 5, pageSize: '48', campaign: null, vehicle_id: 'v1' },
      }),
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.context.config).toMatchObject({
      base: '/boreal',
      region: 'ca',
      defaultPageSize: 24,
      backButtonReload: false,
    });
    expect(result.context.config).not.toHaveProperty('customerSearchId');
    expect(result.context.environment).toBe('qa');
    expect(result.context.additional).toEqual({ lang: 'fr', locale: '5', pageSize: 48, vehicle_id: 'v1' });
  });

  it.each(['staging', 'PRODUCTION', 3, null])('an unknown environment %j means production', (environment) => {
    const result = readRenderContext({ config: { id: 'x' }, environment });
    expect(result.ok && result.context.environment).toBe('production');
  });

  it('routes data by shape: sitemap data vs search response', () => {
    const vsm = readRenderContext({
      config: { id: 'x' },
      data: { title: 'All', subcategories: [{ title: 'A', url: '/a' }] },
    });
    expect(vsm.ok && vsm.context.data && 'subcategories' in vsm.context.data).toBe(true);
    const dlp = readRenderContext({ config: { id: 'x' }, data: { products: [], links: [] } });
    expect(dlp.ok && dlp.context.data && 'products' in dlp.context.data).toBe(true);
    const none = readRenderContext({ config: { id: 'x' }, data: 'junk' });
    expect(none.ok && none.context).not.toHaveProperty('data');
  });

  it('never throws on hostile input', () => {
    const hostile: unknown[] = [
      Object.create(null),
      { config: Object.create(null) },
      {
        config: { id: 'x', base: 5, mainSelector: {} },
        additional: [],
        data: { products: 'x', filters: [{ key: {} }] },
      },
      { config: { id: 'x' }, data: { products: [{ product_id: 'p', variants: 'x', models: [null] }] } },
      '',
      'null',
      '"string"',
    ];
    for (const raw of hostile) expect(() => readRenderContext(raw)).not.toThrow();
  });
});

describe('relative URLs in a search response', () => {
  const page = 'https://shop.example';
  const raw = {
    products: [
      {
        product_id: 'p1',
        url: '/maple/p/p1',
        image: '/img/p1.jpg',
        variants: [
          { id: 'a', images: ['/img/p1-a.jpg', 'img/p1-b.jpg'], swatch: '/img/sw/black.png' },
          { id: 'b', images: ['https://cdn.example/p1.jpg'], swatch: '#000' },
          { id: 'c', swatch: 'navy' },
        ],
      },
    ],
    similar_products: [{ product_id: 's1', url: 's/1', image: '//cdn.example/s1.jpg' }],
    filters: [{ key: 'color', options: [{ key: 'black', swatch: '/img/sw/black.png' }] }],
  };

  it('resolve images against the URL of the request that returned them when the search host is elsewhere', () => {
    const data = normalizeSearchResponse(raw, relativeUrlResolver('https://search.example/api/search', page))!;
    const [product] = data.products;
    expect(product!.image).toBe('https://search.example/img/p1.jpg');
    expect(product!.variants[0]!.images).toEqual([
      'https://search.example/img/p1-a.jpg',
      'https://search.example/api/img/p1-b.jpg',
    ]);
    expect(product!.variants[0]!.swatch).toBe('https://search.example/img/sw/black.png');
    expect(product!.variants[1]!.images).toEqual(['https://cdn.example/p1.jpg']);
    expect(product!.variants[1]!.swatch).toBe('#000');
    expect(product!.variants[2]!.swatch).toBe('navy');
    expect(data.similar_products[0]).toMatchObject({ image: 'https://cdn.example/s1.jpg' });
    expect(data.filters[0]!.options[0]!.swatch).toBe('https://search.example/img/sw/black.png');
  });

  it('keep product page links on the retailer’s page when the search host is elsewhere', () => {
    const resolve = relativeUrlResolver(
      'https://search.example/api/search',
      'https://shop.example/maple/rain?sort=new',
    );
    const data = normalizeSearchResponse(raw, resolve)!;
    expect(data.products[0]!.url).toBe('/maple/p/p1');
    // A relative link is the page's, as the browser would read it in the page's own markup.
    expect(data.similar_products[0]!.url).toBe('/maple/s/1');
    expect(resolve.link!('https://search.example/p/2')).toBe('https://search.example/p/2');
    expect(resolve.link!('//shop.example/p/3')).toBe('/p/3');
  });

  it('change nothing visible when the search is on the page origin (a proxy path)', () => {
    const data = normalizeSearchResponse(raw, relativeUrlResolver('/maple/search', page))!;
    expect(data.products[0]).toMatchObject({ url: '/maple/p/p1', image: '/img/p1.jpg' });
    expect(data.products[0]!.variants[0]!.images).toEqual(['/img/p1-a.jpg', '/maple/img/p1-b.jpg']);
  });

  it.each([
    'javascript:alert(1)',
    'java\tscript:alert(1)',
    ' /img/x.jpg',
    'data:image/png;base64,AA',
    '#top',
    '\\\\evil.example/x',
  ])('leave %j as written for the later safety checks', (url) => {
    const resolve = relativeUrlResolver('https://search.example/search', page);
    expect(resolve(url)).toBe(url);
    expect(resolve.link!(url)).toBe(url);
  });
});

describe('variant names built from colour and size', () => {
  it('reads a grouped size key as its value, so a card says "Orange / 5", not "Orange / women__5"', () => {
    const data = normalizeSearchResponse({
      products: [{ product_id: 'p', title: 'Shoe', variants: [{ id: 'v', color: 'Orange', size: 'women__5' }] }],
    });
    expect(data?.products[0]?.variants[0]?.name).toBe('Orange / 5');
  });

  it('keeps an ungrouped size and a name the backend sends', () => {
    const data = normalizeSearchResponse({
      products: [
        {
          product_id: 'p',
          title: 'Shoe',
          variants: [
            { id: 'a', color: 'Red', size: 'M' },
            { id: 'b', color: 'Red', size: 'kids__S', name: 'Red, kids small' },
          ],
        },
      ],
    });
    expect(data?.products[0]?.variants.map((v) => v.name)).toEqual(['Red / M', 'Red, kids small']);
  });
});

describe('colour swatches for a backend that sends plain options', () => {
  const reply = (options: unknown[]) => ({
    products: [
      {
        product_id: 'p',
        title: 'Shoe',
        variants: [
          { id: 'a', color: 'Forest Green', swatch: '/img/swatch/2e5e3e.svg' },
          { id: 'b', color: 'Navy', swatch: '#001f5b' },
        ],
      },
    ],
    filters: [
      { key: 'color', label: 'Color', options },
      { key: 'brand', label: 'Brand', options: [{ key: 'navy', text: 'Navy', selected: false }] },
    ],
  });

  it('gives a colour option without a swatch the swatch of a variant of that colour', () => {
    const data = normalizeSearchResponse(
      reply([
        { key: 'forest-green', text: 'Forest Green', selected: false },
        { key: 'navy', text: 'Navy', selected: false },
        { key: 'plum', text: 'Plum', selected: false },
      ]),
    );
    const [colour, brand] = data!.filters;
    expect(colour!.options.map((o) => o.swatch)).toEqual(['/img/swatch/2e5e3e.svg', '#001f5b', undefined]);
    expect(brand!.options[0]!.swatch).toBeUndefined();
  });

  it('keeps a swatch the backend sends', () => {
    const data = normalizeSearchResponse(reply([{ key: 'navy', text: 'Navy', selected: false, swatch: '#000080' }]));
    expect(data!.filters[0]!.options[0]!.swatch).toBe('#000080');
  });
});
