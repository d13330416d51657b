import { describe, expect, it } from 'vitest';
import type { Product, Variant } from './types.js';
import { imageUrl, resultId, selectedVariant, viewportKind, visibleSwatches } from './product.js';

const variant = (id: string, selected = false): Variant => ({
  id,
  name: id,
  color: id,
  size: '',
  price: 10,
  sale_price: null,
  images: [],
  swatch: '',
  marketing_flag: '',
  selected,
});
const product = (variants: Variant[]): Product => ({
  product_id: 'p1',
  title: 'Boot',
  brand: '',
  url: '/p1',
  image: '',
  description: '',
  quantity: 1,
  promo_message: '',
  price_range: { min_purchase_price: 10, max_purchase_price: 10 },
  reviews: [],
  review_count: 0,
  average_rating: 0,
  variants,
});
const many = (n: number) => Array.from({ length: n }, (_, i) => variant(`v${i}`));

describe('selectedVariant / resultId (selected variant, result ids)', () => {
  it.each([
    [[variant('a'), variant('b', true)], 'b'],
    [[variant('a'), variant('b')], 'a'],
    [[], null],
  ])('%#: picks the flagged variant, else the first', (variants, id) => {
    expect(selectedVariant(product(variants))?.id ?? null).toBe(id);
  });

  it('result id is productId:variantId', () => {
    expect(resultId(product([variant('a'), variant('b', true)]))).toBe('p1:b');
    expect(resultId(product([]))).toBe('p1:');
  });
});

describe('visibleSwatches (how many swatches a card shows)', () => {
  it.each([
    ['desktop', 'us', 20, 12, 8],
    ['desktop', 'us', 12, 12, 0],
    ['tablet', 'us', 13, 12, 1],
    ['mobile', 'us', 4, 4, 0],
    ['mobile', 'us', 5, 3, 2],
    ['mobile', 'us', 3, 3, 0],
    ['desktop', 'ca', 20, 0, 0],
    ['mobile', 'ca', 5, 0, 0],
    ['desktop', undefined, 2, 2, 0],
  ] as const)('%s in %s with %d variants shows %d, remainder %d', (viewport, region, count, shown, remainder) => {
    const result = visibleSwatches(product(many(count)), { viewport, region });
    expect(result.shown).toHaveLength(shown);
    expect(result.remainder).toBe(remainder);
  });
});

describe('imageUrl (width 480, high quality)', () => {
  it.each([
    ['/img/boot.jpg', '/img/boot.jpg?w=480&q=high'],
    ['img/boot.jpg', 'img/boot.jpg?w=480&q=high'],
    ['https://cdn.example/boot.jpg?v=3', 'https://cdn.example/boot.jpg?v=3&w=480&q=high'],
    ['https://cdn.example/boot.jpg?w=100&q=low#x', 'https://cdn.example/boot.jpg?w=480&q=high#x'],
    ['//cdn.example/boot.jpg', '//cdn.example/boot.jpg?w=480&q=high'],
    ['  /a.png  ', '/a.png?w=480&q=high'],
    ['data:image/png;base64,AAAA', 'data:image/png;base64,AAAA'],
    ['javascript:alert(1)', ''],
    ['java\tscript:alert(1)', ''],
    ['https://', ''],
    ['', ''],
    [null, ''],
    [42, ''],
  ])('%j → %j', (src, expected) => {
    expect(imageUrl(src)).toBe(expected);
  });

  it('takes another width and quality', () => {
    expect(imageUrl('/a.png', { width: 960, quality: 'medium' })).toBe('/a.png?w=960&q=medium');
  });
});

describe('viewportKind (screen sizes)', () => {
  it.each([
    [1440, 'desktop'],
    [1025, 'desktop'],
    [1024, 'tablet'],
    [769, 'tablet'],
    [768, 'mobile'],
    [320, 'mobile'],
    [Number.NaN, 'desktop'],
  ] as const)('%d px → %s', (width, kind) => {
    expect(viewportKind(width)).toBe(kind);
  });
});
