/** Prices, discounts and counts as shoppers read them: `$`, `CA$12.99`, `12,99 $`. Intl does the work. */
import { intlTag, type Locale } from './locales.js';
import type { Region } from './types.js';

export { intlTag };

// Building a NumberFormat is costly and a grid formats hundreds of prices, so instances are reused.
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(tag: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const cacheKey = `${tag}|${JSON.stringify(options)}`;
  let format = formats.get(cacheKey);
  if (!format) {
    format = new Intl.NumberFormat(tag, options);
    formats.set(cacheKey, format);
  }
  return format;
}

/** The currency a region's prices are in: Canadian dollars in `ca`, US dollars elsewhere. */
export function currencyOf(region: Region | undefined): 'CAD' | 'USD' {
  return region === 'ca' ? 'CAD' : 'USD';
}

/** A price in the shopper's currency form: "$12.99", "CA$12.99" or "12,99 $" ('' for a non-number). */
export function formatPrice(amount: number, region: Region | undefined, locale: Locale): string {
  if (!Number.isFinite(amount)) return '';
  return numberFormat(intlTag(locale, region), { style: 'currency', currency: currencyOf(region) }).format(amount);
}

/** Whole percent saved, rounded; null when there is no discount or the prices make no sense. */
export function discountPercent(price: number, salePrice: number | null | undefined): number | null {
  if (salePrice === null || salePrice === undefined) return null;
  if (!Number.isFinite(price) || !Number.isFinite(salePrice) || price <= 0 || salePrice < 0) return null;
  if (salePrice >= price) return null;
  const percent = Math.round(((price - salePrice) / price) * 100);
  // A saving that rounds to 0 % would show a "0% off" badge; treat it as no discount.
  return percent >= 1 ? percent : null;
}

/** A count with the locale's digit grouping ("1,234" / "1 234"); non-numbers count as 0. */
export function formatCount(count: number, locale: Locale): string {
  return formatNumber(count, locale, 0);
}

/** A decimal such as a rating, with at most one fraction digit ("4.5" / "4,5"). */
export function formatDecimal(value: number, locale: Locale): string {
  return formatNumber(value, locale, 1);
}

function formatNumber(value: number, locale: Locale, maximumFractionDigits: number): string {
  return numberFormat(intlTag(locale), { maximumFractionDigits }).format(Number.isFinite(value) ? value : 0);
}

/** The mark a locale writes before the decimal part of a number ("." in English, "," in French). */
export function decimalSeparator(locale: Locale): string {
  return formatDecimal(1.5, locale).charAt(1);
}
