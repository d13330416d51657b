/**
 * What keeps personal data out of analytics events, shared by the browser (before an event is
 * stored or sent) and the analytics service (again, before it is stored): page addresses keep only
 * the query parameters a listing needs, lose their fragment and any user name, and e-mail addresses
 * and phone numbers are replaced wherever they appear, however they are percent-encoded.
 * Pure and free of the DOM, so the same rules run in Node.
 */
import { URL_STATE_PARAMS } from './query.js';

/** The query parameters every tenant's events keep: the listing state (see urlState.ts) and the locale. */
export const DEFAULT_QUERY_PARAMS: readonly string[] = [...URL_STATE_PARAMS, 'locale'];

/** Campaign tags (`utm_source`, `utm_campaign`, …) are kept whatever the tenant declares. */
const CAMPAIGN_PARAM = /^utm_[a-z0-9_]+$/i;

/** What an e-mail address is replaced with. */
export const EMAIL_MARK = '[email]';
/** What a phone number is replaced with. */
export const PHONE_MARK = '[phone]';

/**
 * An address with a top-level domain of letters (so that `aisle@0.1.0`, a release, is not one). Every
 * part is bounded as addresses are (64 characters before the `@`, 63 per label), which also keeps
 * the search linear on a long text that holds no address.
 */
export const EMAIL = /[\w.+!$'*^`{|}~-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){0,8}\.[a-z]{2,24}\b/gi;
/**
 * Phone numbers as people write them: international (`+` and 8 to 15 digits, single separators
 * allowed), North American with separators (`514-555-0199`, `(514) 555 0199`), and `tel:` links.
 * A bare run of digits is not taken for one: product and variant ids look just like it.
 */
const PHONES = [
  /\btel:[+\d\s().-]{6,24}/gi,
  /\+\s?\d(?:[\s.()-]{0,2}\d){7,14}(?!\d)/g,
  /(?<![\d+])\(?\d{3}\)?[\s.-]{1,2}\d{3}[\s.-]\d{4}(?!\d)/g,
];

/**
 * `%XX` sequences of printable ASCII decoded, up to three layers deep (`%2540` is a doubly encoded
 * `@`). Only ASCII: it never throws on a malformed sequence, and every character of an address or a
 * phone number is ASCII.
 */
function decodeAscii(text: string): string {
  let out = text;
  for (let layer = 0; layer < 3; layer += 1) {
    const next = out.replace(/%([2-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (next === out) break;
    out = next;
  }
  return out;
}

/**
 * `text` with every e-mail address and phone number replaced by `[email]` / `[phone]`. When one is
 * found behind percent-encoding, the decoded text is returned (with the replacement); otherwise
 * `text` itself, unchanged.
 */
export function redactPersonal(text: string): string {
  const decoded = decodeAscii(text);
  let out = decoded.replace(EMAIL, EMAIL_MARK);
  for (const phone of PHONES) out = out.replace(phone, PHONE_MARK);
  return out === decoded ? text : out;
}

/** True when a query parameter named `name` may stay in an event's address. */
export function keepsQueryParam(name: string, allowed: readonly string[]): boolean {
  const decoded = decodeAscii(name);
  return CAMPAIGN_PARAM.test(decoded) || allowed.includes(decoded);
}

/** A query string (without `?`) cut down to the allowed parameters, their values redacted. */
function privateQuery(query: string, allowed: readonly string[]): string {
  return query
    .split('&')
    .filter((pair) => pair !== '' && keepsQueryParam(pair.split('=')[0]!, allowed))
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at === -1) return pair;
      const value = pair.slice(at + 1);
      const cleaned = redactPersonal(value);
      return cleaned === value ? pair : `${pair.slice(0, at + 1)}${encodeURIComponent(cleaned)}`;
    })
    .join('&');
}

/** A path with each segment that holds an e-mail address or a phone number redacted. */
function privatePath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const cleaned = redactPersonal(segment);
      return cleaned === segment ? segment : encodeURIComponent(cleaned);
    })
    .join('/');
}

/**
 * A page address (`url`, `referrer`) as an event may carry it: no user name or password, no
 * fragment, only the `allowed` query parameters (plus `utm_*`), and no e-mail address or phone
 * number anywhere. Text that is not an absolute address (an empty referrer, a relative path) gets
 * the same treatment by its parts.
 */
export function privateAddress(address: string, allowed: readonly string[] = DEFAULT_QUERY_PARAMS): string {
  const withoutFragment = address.split('#')[0]!;
  const queryAt = withoutFragment.indexOf('?');
  let base = queryAt === -1 ? withoutFragment : withoutFragment.slice(0, queryAt);
  const query = queryAt === -1 ? '' : privateQuery(withoutFragment.slice(queryAt + 1), allowed);
  const origin = /^([a-z][a-z\d+.-]*:\/\/)([^/]*)/i.exec(base);
  let prefix = '';
  if (origin) {
    // A user name or password (`https://ann@shop.example/`) is personal by nature: dropped.
    prefix = origin[1]! + origin[2]!.replace(/^.*@/, '');
    base = base.slice(origin[0].length);
  }
  return `${prefix}${privatePath(base)}${query === '' ? '' : `?${query}`}`;
}

/** A deep copy of `value` with every string (keys included) redacted; other values as they are. */
export function redactDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactPersonal(value) as T;
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => redactDeep(item, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[redactPersonal(key)] = redactDeep(item, depth + 1);
  return out as T;
}

/** The parts of an event that can carry personal data (the wire event and the client's both have them). */
export interface EventPageFields {
  url: string;
  data: {
    page_title?: string | null;
    referrer?: string | null;
    metadata?: Record<string, unknown> | null;
  };
}

/**
 * `event` with its address and referrer made private (see `privateAddress`) and e-mail addresses
 * and phone numbers redacted from its title and metadata. Other fields are kept as they are.
 */
export function withoutPersonalData<E extends EventPageFields>(event: E, allowed: readonly string[]): E {
  const data = { ...event.data };
  if (typeof data.page_title === 'string') data.page_title = redactPersonal(data.page_title);
  if (typeof data.referrer === 'string') data.referrer = privateAddress(data.referrer, allowed);
  if (data.metadata) data.metadata = redactDeep(data.metadata);
  return { ...event, url: privateAddress(event.url, allowed), data };
}

/** The tenant's declared parameters added to the ones every tenant keeps. */
export function queryParamsOf(declared: readonly string[] | undefined): readonly string[] {
  return declared && declared.length > 0 ? [...DEFAULT_QUERY_PARAMS, ...declared] : DEFAULT_QUERY_PARAMS;
}
