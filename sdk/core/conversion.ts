/**
 * A conversion the retailer reports (`Aisle.track` or `POST /v3/server-event`). One framework-free
 * check serves the page and the analytics service, which refuses bad input again before storing.
 */
import { isRecord } from './coerce.js';

/** The conversions the page and the service take, and the analytics event each is recorded as. */
export const CONVERSION_EVENTS = {
  add_to_cart: 'ecommerce:add_to_cart',
  purchase: 'ecommerce:purchase',
} as const;

/** `add_to_cart` or `purchase`. */
export type ConversionKind = keyof typeof CONVERSION_EVENTS;

/** One product of a conversion: its id, how many, and its unit price in the shop's currency. */
export interface ConversionLine {
  product_id: string;
  quantity: number;
  price: number;
}

/** What a conversion carries; `order_id` is required for a purchase (it de-duplicates the order). */
export interface Conversion {
  items: ConversionLine[];
  /** ISO 4217 code, upper case (`EUR`, `CAD`). */
  currency: string;
  order_id?: string;
}

/** Most products one conversion lists. */
export const MAX_CONVERSION_ITEMS = 100;
/** Most units of one product in one conversion. */
export const MAX_QUANTITY = 10_000;
/** Highest unit price: keeps every sum of revenue exact in both databases' integers. */
export const MAX_PRICE = 10_000_000;
/** Longest product id and order id. */
export const MAX_CONVERSION_ID_LENGTH = 100;

type Checked = { ok: true; value: Conversion } | { ok: false; error: string };

const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= MAX_CONVERSION_ID_LENGTH;
const isWhole = (value: unknown, most: number): boolean =>
  Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= most;
const isPrice = (value: unknown): boolean => typeof value === 'number' && value >= 0 && value <= MAX_PRICE;
const ID_WORDS = `a string of 1 to ${MAX_CONVERSION_ID_LENGTH} characters`;

/** True for `add_to_cart` and `purchase`. */
export function isConversionKind(value: unknown): value is ConversionKind {
  return typeof value === 'string' && Object.hasOwn(CONVERSION_EVENTS, value);
}

/** The conversion an analytics event name records (`ecommerce:purchase` → `purchase`), else null. */
export function conversionOfEvent(event: string): ConversionKind | null {
  const found = Object.entries(CONVERSION_EVENTS).find(([, name]) => name === event);
  return found ? (found[0] as ConversionKind) : null;
}

/**
 * Checks a conversion's data, naming the first wrong field under `where` (`data.items[0].quantity
 * must be an integer from 1 to 10000`). Fields other than the documented ones are left out of the value.
 */
export function checkConversion(kind: ConversionKind, data: unknown, where = 'data'): Checked {
  const wrong = (field: string, words: string): Checked => ({ ok: false, error: `${where}${field} must be ${words}` });
  if (!isRecord(data)) return wrong('', 'an object');
  const { items, currency, order_id: orderId } = data;
  if (!Array.isArray(items) || !isWhole(items.length, MAX_CONVERSION_ITEMS)) {
    return wrong('.items', `an array of 1 to ${MAX_CONVERSION_ITEMS} products`);
  }
  const lines: ConversionLine[] = [];
  for (const [index, item] of items.entries()) {
    const at = `.items[${index}]`;
    if (!isRecord(item)) return wrong(at, 'an object');
    const { product_id: productId, quantity, price } = item;
    if (!isId(productId)) return wrong(`${at}.product_id`, ID_WORDS);
    if (!isWhole(quantity, MAX_QUANTITY)) return wrong(`${at}.quantity`, `an integer from 1 to ${MAX_QUANTITY}`);
    if (!isPrice(price)) return wrong(`${at}.price`, `a number from 0 to ${MAX_PRICE} (the unit price)`);
    lines.push({ product_id: productId, quantity: quantity as number, price: price as number });
  }
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    return wrong('.currency', 'an ISO 4217 code of three capital letters (EUR)');
  }
  const value: Conversion = { items: lines, currency };
  if (kind === 'purchase') {
    if (!isId(orderId)) return wrong('.order_id', `${ID_WORDS} (it is required for a purchase)`);
    value.order_id = orderId;
  }
  return { ok: true, value };
}
