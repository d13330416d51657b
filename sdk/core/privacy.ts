/**
 * Keeps personal data out of analytics events; free of the DOM, so the browser (before sending) and
 * the analytics service (before storing) run the same rules.
 */
import { URL_STATE_PARAMS } from './query.js';

/** The query parameters every tenant's events keep: the listing state and the locale. */
export const DEFAULT_QUERY_PARAMS: readonly string[] = [...URL_STATE_PARAMS, 'locale'];

/** Campaign tags (`utm_source`, `utm_campaign`, …) are kept whatever the tenant declares. */
const CAMPAIGN_PARAM = /^utm_[a-z0-9_]+$/i;

/** Replaces an e-mail address. */
export const EMAIL_MARK = '[email]';
/** Replaces a phone number. */
export const PHONE_MARK = '[phone]';

/**
 * The top-level domain is letters, so `aisle@0.1.0` is not an address; parts are bounded as in
 * real addresses, which also keeps the search linear on a long text.
 */
export const EMAIL = /[\w.+!$'*^`{|}~-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){0,8}\.[a-z]{2,24}\b/gi;
/** A bare run of digits is not taken for a phone number: product and variant ids look just like it. */
const PHONES = [
  /\btel:[+\d\s().-]{6,24}/gi,
  /\+\s?\d(?:[\s.()-]{0,2}\d){7,14}(?!\d)/g,
  /(?<![\d+])\(?\d{3}\)?[\s.-]{1,2}\d{3}[\s.-]\d{4}(?!\d)/g,
];

/**
 * Decodes `%XX` of printable ASCII up to three layers deep (`%2540` is a doubly encoded `@`). ASCII
 * only: it never throws, and addresses and phone numbers are ASCII.
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

/** Replaces e-mail addresses and phone numbers, decoding the text only when one hid behind percent-encoding. */
export function redactPersonal(text: string): string {
  const decoded = decodeAscii(text);
  let out = decoded.replace(EMAIL, EMAIL_MARK);
  for (const phone of PHONES) out = out.replace(phone, PHONE_MARK);
  return out === decoded ? text : out;
}

/** Whether a query parameter may stay in an event's address. */
export function keepsQueryParam(name: string, allowed: readonly string[]): boolean {
  const decoded = decodeAscii(name);
  return CAMPAIGN_PARAM.test(decoded) || allowed.includes(decoded);
}

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

function privatePath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const cleaned = redactPersonal(segment);
      return cleaned === segment ? segment : encodeURIComponent(cleaned);
    })
    .join('/');
}

/** A page address without credentials, fragment, personal data or query parameters beyond `allowed` and `utm_*`. */
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

/** A deep copy with every string, keys included, redacted. */
export function redactDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return redactPersonal(value) as T;
  if (depth > 32 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => redactDeep(item, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[redactPersonal(key)] = redactDeep(item, depth + 1);
  return out as T;
}

/** The parts of an event that can carry personal data. */
export interface EventPageFields {
  url: string;
  data: {
    page_title?: string | null;
    referrer?: string | null;
    metadata?: Record<string, unknown> | null;
  };
}

/** `event` with its addresses, title and metadata made private. */
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
