/** Coercions for untrusted input: a value of the wanted type or a safe default; none throws. */

/** A plain object we may read fields from (arrays excluded). */
export type UnknownRecord = Record<string, unknown>;

/** A non-null, non-array object. */
export function isRecord(value: unknown): value is UnknownRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string from a string or a finite number; anything else gives `fallback`. */
export function toStr(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return fallback;
}

// Plain decimal notation only: rejects '', ' ', '0x10' and 'Infinity', which Number() accepts.
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A finite number from a number or a numeric string; anything else gives `fallback`. */
export function toNum(value: unknown, fallback = 0): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : fallback;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : fallback;
  }
  return fallback;
}

/** A finite number, or null when the value is not one (see `toNum`). */
export function toNumOrNull(value: unknown): number | null {
  const parsed = toNum(value, Number.NaN);
  return Number.isNaN(parsed) ? null : parsed;
}

/** A positive safe integer, or null (page numbers and page sizes). */
export function toPositiveInt(value: unknown): number | null {
  const parsed = toNumOrNull(value);
  if (parsed === null) return null;
  const whole = Math.floor(parsed);
  return whole >= 1 && Number.isSafeInteger(whole) ? whole : null;
}

/** The boolean itself; anything else gives `fallback` (no truthiness guessing). */
export function toBool(value: unknown, fallback = false): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/** The array itself, or [] when the value is not an array. */
export function toArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A non-empty string, or undefined (optional fields). */
export function optionalStr(value: unknown): string | undefined {
  const text = toStr(value);
  return text === '' ? undefined : text;
}
