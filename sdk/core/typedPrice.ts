// Apart from the slider's rules in price.ts: only the price panel's typed boxes need it, so it loads
// with them rather than with the first render.
import { decimalSeparator } from './format.js';
import type { Locale } from './types.js';

/**
 * A price as typed in a "From"/"To" box, or null when it is not one: digits with an optional decimal
 * part, currency signs and spaces ignored. A locale that writes its decimals after a comma reads "12,50"
 * as 12.5 (French); elsewhere a comma only groups thousands ("1,200" in English).
 */
export function parseTypedPrice(text: string, locale: Locale): number | null {
  let value = text.replace(/[\s\u00a0\u202f$€£]|CA|US/gi, '');
  value = decimalSeparator(locale) === ',' ? value.replace(',', '.') : value.replace(/,/g, '');
  if (!/^\d+(?:\.\d+)?$/.test(value) && !/^\.\d+$/.test(value)) return null;
  const amount = Number(value);
  return Number.isFinite(amount) ? amount : null;
}
