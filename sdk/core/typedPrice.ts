// Apart from the slider's rules in price.ts: only the price panel's typed boxes need it, so it loads
// with them rather than with the first render.
import { currencyOf } from './format.js';
import { intlTag, type Locale } from './locales.js';
import type { Region } from './types.js';

/** How a locale writes a price in the region's currency, learnt from Intl rather than assumed. */
interface PriceForm {
  /** The thousands separator (a plain space where the locale groups with a no-break space). */
  group: string;
  decimal: string;
  /** Currency signs a shopper may write before or after the amount, longest first ("CA$", "$"). */
  signs: string[];
  /** The amount once its sign is off: plain or correctly grouped digits, then at most the currency's decimals. */
  amount: RegExp;
}

const SPACES = /[\s\u00a0\u202f]+/g;
const forms = new Map<string, PriceForm>();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function priceForm(locale: Locale, region: Region | undefined): PriceForm {
  const tag = intlTag(locale, region);
  const currency = currencyOf(region);
  const key = `${tag}|${currency}`;
  const known = forms.get(key);
  if (known) return known;
  const format = (currencyDisplay: 'symbol' | 'narrowSymbol') =>
    new Intl.NumberFormat(tag, { style: 'currency', currency, currencyDisplay });
  const parts = format('symbol').formatToParts(1234567.5);
  const part = (type: Intl.NumberFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const sign = (display: 'symbol' | 'narrowSymbol') =>
    (
      format(display)
        .formatToParts(1)
        .find((p) => p.type === 'currency')?.value ?? ''
    )
      .replace(SPACES, ' ')
      .trim();
  const group = part('group').replace(SPACES, ' ') || ',';
  const decimal = part('decimal') || '.';
  const digits = format('symbol').resolvedOptions().maximumFractionDigits ?? 2;
  const whole = `(?:\\d+|\\d{1,3}(?:${escape(group)}\\d{3})+)`;
  const fraction = `${escape(decimal)}\\d{1,${digits}}`;
  const form: PriceForm = {
    group,
    decimal,
    signs: [...new Set([sign('symbol'), sign('narrowSymbol')])].filter(Boolean).sort((a, b) => b.length - a.length),
    amount: new RegExp(digits > 0 ? `^(?:${whole}(?:${fraction})?|${fraction})$` : `^${whole}$`),
  };
  forms.set(key, form);
  return form;
}

/** `value` without one currency sign at its start or its end (the first of `signs` found). */
function withoutSign(value: string, signs: readonly string[]): string {
  for (const sign of signs) {
    if (value.startsWith(sign)) return value.slice(sign.length).trim();
    if (value.endsWith(sign)) return value.slice(0, -sign.length).trim();
  }
  return value;
}

/**
 * A price as a person writes it in the locale, learnt from Intl ("1 200", "12,50", "CA$40", "40 $"),
 * or null ("US60CA", "$1,0,0", "-20", "1e3").
 */
export function parseTypedPrice(text: string, locale: Locale, region?: Region): number | null {
  const form = priceForm(locale, region);
  const value = withoutSign(text.replace(SPACES, ' ').trim(), form.signs);
  if (!form.amount.test(value)) return null;
  const amount = Number(value.split(form.group).join('').replace(form.decimal, '.'));
  return Number.isFinite(amount) ? amount : null;
}
