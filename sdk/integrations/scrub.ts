/** What error reports must never carry: tokens, credentials and the shopper's identifiers. */

const FILTERED = '[Filtered]';
/** A JWT: three base64url parts, the first an encoded JSON header (`eyJ…`). */
const JWT = /\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
/** An address with a top-level domain of letters (so that `aisle@0.1.0`, a release, is not one). */
const EMAIL = /[\w.+%-]+@[\w-]+(\.[\w-]+)*\.[a-z]{2,}\b/gi;
/** Version 4 UUIDs are what the analytics session generates as visitor ids. */
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\b/gi;
/** Keys whose values are dropped whatever they hold. */
const SENSITIVE_KEY = /authorization|cookie|token|secret|password|distinct_?id|visitor_?id|e-?mail|^user$|^sub$/i;

/** Replaces tokens, credentials, e-mail addresses, visitor ids and the `known` secrets. */
export function scrubText(text: string, known: readonly string[] = []): string {
  let out = text;
  for (const secret of known) if (secret.length >= 8) out = out.split(secret).join(FILTERED);
  return out.replace(JWT, FILTERED).replace(BEARER, FILTERED).replace(EMAIL, FILTERED).replace(UUID, FILTERED);
}

/** A deep copy, scrubbed, with sensitive keys' values filtered. */
export function scrubValue<T>(value: T, known: readonly string[] = [], depth = 0): T {
  if (typeof value === 'string') return scrubText(value, known) as T;
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubValue(item, known, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SENSITIVE_KEY.test(key) ? FILTERED : scrubValue(item, known, depth + 1);
  }
  return out as T;
}
