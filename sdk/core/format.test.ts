import { describe, expect, it } from 'vitest';
import { discountPercent, formatCount, formatDecimal, formatPrice } from './format.js';

// Intl writes French amounts with U+00A0 (no-break space); the tests spell it out.
const NBSP = '\u00a0';

describe('formatPrice (currency shown)', () => {
  it.each([
    [12.99, 'us', 'en', '$12.99'],
    [12.99, undefined, 'en', '$12.99'],
    [1234.5, 'us', 'en', '$1,234.50'],
    [12.99, 'ca', 'en', 'CA$12.99'],
    [12.99, 'ca', 'fr', `12,99${NBSP}$`],
    [1234.5, 'ca', 'fr', `1${NBSP}234,50${NBSP}$`],
    [0, 'us', 'en', '$0.00'],
    [Number.NaN, 'us', 'en', ''],
  ] as const)('%d in %s/%s → %j', (amount, region, locale, expected) => {
    expect(formatPrice(amount, region, locale)).toBe(expected);
  });
});

describe('discountPercent (rounded fraction of price)', () => {
  it.each([
    [100, 75, 25],
    [30, 19.99, 33],
    [9.99, 4.99, 50],
    [100, 100, null],
    [100, 120, null],
    [100, null, null],
    [100, undefined, null],
    [0, 0, null],
    [-10, 5, null],
    [100, -5, null],
    [Number.NaN, 5, null],
    [1000, 999.99, null],
  ])('price %d, sale %j → %j', (price, sale, expected) => {
    expect(discountPercent(price, sale)).toBe(expected);
  });
});

describe('formatCount / formatDecimal', () => {
  it.each([
    [1234, 'en', '1,234'],
    [1234, 'fr', `1${NBSP}234`],
    [0, 'en', '0'],
    [Number.POSITIVE_INFINITY, 'en', '0'],
  ] as const)('formatCount(%d, %s) → %j', (n, locale, expected) => {
    expect(formatCount(n, locale)).toBe(expected);
  });

  it('formats ratings with the locale decimal mark', () => {
    expect(formatDecimal(4.45, 'en')).toBe('4.5');
    expect(formatDecimal(4.5, 'fr')).toBe('4,5');
  });
});
