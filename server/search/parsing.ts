/** Shared pieces of request validation. */

/** A parse result: the value, or the status and message to answer with. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; status: number; error: string };

/** A failed parse (400 unless said otherwise). */
export function fail(error: string, status = 400): { ok: false; status: number; error: string } {
  return { ok: false, status, error };
}

/** A client string quoted for an error message, cut short so errors stay small. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

/** Whether an optional field was left out (JSON clients send null as often as nothing). */
export function absent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

/** Whether `value` is an integer. */
export function isInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}
