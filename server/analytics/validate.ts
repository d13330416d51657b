import { validate as isUuid } from 'uuid';
import { isRecord } from '../../sdk/core/coerce.js';
import { checkConversion, conversionOfEvent } from '../../sdk/core/conversion.js';
import { wrongEventField } from './eventFields.js';
import type { AnalyticsEvent, EventData, IdentityMetadata } from './types.js';

/** A checked value, or the message saying what is wrong with it. */
export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** Longest shop id, event name, environment and distinct id the service accepts. */
export const MAX_NAME_LENGTH = 100;
/** Deepest nesting accepted inside `data.metadata`; deeper values could not be serialised safely. */
export const MAX_METADATA_DEPTH = 16;
/** Longest `url` and `data.referrer` (what browsers and CDNs reliably carry). */
export const MAX_URL_LENGTH = 2048;
/** Longest `data.page_title`. */
export const MAX_TITLE_LENGTH = 1000;
/** Largest `data.metadata`, as JSON: room for the ids of a long infinite-scrolled listing. */
export const MAX_METADATA_BYTES = 32 * 1024;
/** Oldest event accepted, before its receipt: an outbox kept across a month's absence still delivers. */
export const MAX_EVENT_AGE_MS = 30 * 24 * 3600 * 1000;
/** Latest event accepted, after its receipt: a device clock somewhat ahead, not a date in another year. */
export const MAX_EVENT_LEAD_MS = 3600 * 1000;

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

// Half of a UTF-16 surrogate pair, which no valid UTF-8 text can hold.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

/** True for a string of 1 to 100 characters. */
export function isName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= 1 &&
    value.length <= MAX_NAME_LENGTH &&
    unstorableText(value) === undefined
  );
}

/** Checks a shop id (required, 1 to 100 characters). */
export function checkShopId(value: unknown): Checked<string> {
  if (value === undefined) return fail('shop_id is required');
  if (!isName(value)) return fail(`shop_id must be a string of 1 to ${MAX_NAME_LENGTH} characters`);
  return { ok: true, value };
}

/** The client's distinct id when usable as a visitor id, else undefined (the caller mints one). */
export function usableDistinctId(value: unknown): string | undefined {
  return isName(value) ? value : undefined;
}

/**
 * The form an event id is stored and compared in. UUIDs are case-insensitive (RFC 9562), so `ABC…`
 * and `abc…` are the same event: lower case, as UUIDs are written when generated.
 */
export function normaliseEventId(id: string): string {
  return id.toLowerCase();
}

/**
 * Checks one event received at `receivedMs`; unknown fields are dropped, optional fields may be
 * omitted or null. Its timestamp must lie from 30 days before its receipt to 1 hour after it.
 */
export function checkEvent(raw: unknown, receivedMs: number): Checked<AnalyticsEvent> {
  if (!isRecord(raw)) return fail('event must be a JSON object');
  const { id, seq, event, url, timestamp, environment } = raw;
  if (typeof id !== 'string' || !isUuid(id)) return fail('id must be a UUID string');
  if (!Number.isSafeInteger(seq) || (seq as number) < 0) return fail('seq must be an integer >= 0');
  if (!isName(event)) return fail(`event must be a string of 1 to ${MAX_NAME_LENGTH} characters`);
  const data = checkData(raw.data);
  if (!data.ok) return data;
  const wrongField = data.value.metadata && wrongEventField(event, data.value.metadata);
  if (wrongField) return fail(wrongField);
  const conversion = conversionOfEvent(event);
  if (conversion) {
    const checked = checkConversion(conversion, data.value.metadata, 'data.metadata');
    if (!checked.ok) return checked;
  }
  if (typeof url !== 'string') return fail('url must be a string');
  if (url.length > MAX_URL_LENGTH) return fail(`url must be at most ${MAX_URL_LENGTH} characters`);
  if (typeof timestamp !== 'string' || !isRealDateTime(timestamp)) {
    return fail('timestamp must be an ISO 8601 date-time string');
  }
  const at = Date.parse(timestamp);
  if (at < receivedMs - MAX_EVENT_AGE_MS) return fail('timestamp is more than 30 days before the event was received');
  if (at > receivedMs + MAX_EVENT_LEAD_MS) return fail('timestamp is more than 1 hour after the event was received');
  if (!isName(environment)) return fail(`environment must be a string of 1 to ${MAX_NAME_LENGTH} characters`);
  const value = { id: normaliseEventId(id), seq: seq as number, event, data: data.value, url, timestamp, environment };
  const unstorable = unstorableText(value);
  if (unstorable) return fail(unstorable);
  return { ok: true, value };
}

/**
 * Why a value's text cannot be stored as sent, or undefined: a NUL character, or half of a UTF-16
 * surrogate pair, which no database text type keeps (and PostgreSQL's JSON refuses outright).
 */
export function unstorableText(root: unknown): string | undefined {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    const texts =
      typeof value === 'string' ? [value] : isRecord(value) || Array.isArray(value) ? Object.keys(value) : [];
    for (const text of texts) {
      if (text.includes('\u0000')) return 'text must not contain NUL characters';
      if (LONE_SURROGATE.test(text)) return 'text must be well-formed Unicode (an unpaired surrogate was sent)';
    }
    if (typeof value === 'object' && value !== null) pending.push(...Object.values(value));
  }
  return undefined;
}

/**
 * True for an ISO 8601 date and time with a zone that names a moment that exists. `Date.parse` rolls
 * 30 February over into March and reads hour 24 as the next day, so each field is set on a UTC date
 * and read back: a field that does not come back unchanged was out of range.
 */
export function isRealDateTime(text: string): boolean {
  const match = ISO_DATE_TIME.exec(text);
  if (!match) return false;
  const field = (index: number): number => Number(match[index] ?? 0);
  const [year, month, day, hour, minute, second] = [field(1), field(2), field(3), field(4), field(5), field(6)];
  if (field(7) > 23 || field(8) > 59) return false; // the zone offset's hours and minutes
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second);
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second &&
    !Number.isNaN(Date.parse(text))
  );
}

function checkData(raw: unknown): Checked<EventData> {
  if (!isRecord(raw)) return fail('data must be an object');
  const data: EventData = {};
  const longest = { page_type: MAX_NAME_LENGTH, page_title: MAX_TITLE_LENGTH, referrer: MAX_URL_LENGTH };
  for (const key of ['page_type', 'page_title', 'referrer'] as const) {
    const value = raw[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return fail(`data.${key} must be a string`);
    if (value.length > longest[key]) return fail(`data.${key} must be at most ${longest[key]} characters`);
    data[key] = value;
  }
  const metadata = raw.metadata;
  if (metadata !== undefined && metadata !== null) {
    if (!isRecord(metadata)) return fail('data.metadata must be an object');
    if (depthExceeds(metadata, MAX_METADATA_DEPTH)) {
      return fail(`data.metadata is nested deeper than ${MAX_METADATA_DEPTH} levels`);
    }
    if (Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES) {
      return fail(`data.metadata must be at most ${MAX_METADATA_BYTES} bytes as JSON`);
    }
    data.metadata = metadata;
  }
  return { ok: true, value: data };
}

/** Checks identity metadata; unknown keys are dropped so only the documented fields are stored. */
export function checkIdentityMetadata(raw: unknown): Checked<IdentityMetadata | undefined> {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  if (!isRecord(raw)) return fail('metadata must be an object');
  const metadata: IdentityMetadata = {};
  for (const key of ['initial_referrer', 'user_agent'] as const) {
    const value = raw[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') return fail(`metadata.${key} must be a string`);
    if (value.length > MAX_URL_LENGTH) return fail(`metadata.${key} must be at most ${MAX_URL_LENGTH} characters`);
    metadata[key] = value;
  }
  for (const key of ['screen_height', 'screen_width'] as const) {
    const value = raw[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      return fail(`metadata.${key} must be a number >= 0`);
    }
    metadata[key] = value;
  }
  const unstorable = unstorableText(metadata);
  if (unstorable) return fail(`metadata: ${unstorable}`);
  return { ok: true, value: metadata };
}

// Iterative so that a hostile, deeply nested value cannot overflow the stack while being checked.
function depthExceeds(root: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[root, 1]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return false;
}
