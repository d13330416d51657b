/**
 * What the outbox accepts back from storage, which other tabs, older versions or a hostile page may
 * have written: each reader checks shape, size and range, so a corrupted entry is dropped, never sent.
 */
import { isRecord } from '../core/coerce.js';
import type { AnalyticsEvent, DeadLetter } from './types.js';

/** Largest event (as JSON) the outbox keeps; a bigger one is refused when recorded and dropped when read. */
export const MAX_EVENT_BYTES = 64 * 1024;

/**
 * When an event may next be tried after its token was refused, and how many such rounds it has had
 * (the exponent of the next wait). Kept in storage so that a reload does not start a new storm.
 */
export interface AuthWait {
  at: number;
  rounds: number;
}

/** A stored JSON list, or an empty one when nothing is stored (throws on corrupt JSON). */
export function parseList(text: string | null): unknown[] {
  if (!text) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as unknown[]) : [];
}

/** A string of 1 to `max` characters. */
export const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= max;
const encoder = new TextEncoder();

/** True when `event` is small enough to be kept (its JSON at most `MAX_EVENT_BYTES`). */
export function fitsOutbox(event: AnalyticsEvent): boolean {
  const text = JSON.stringify(event);
  // Cheap first: a JSON string's UTF-8 size is at most three bytes per UTF-16 unit.
  return text.length * 3 <= MAX_EVENT_BYTES || encoder.encode(text).length <= MAX_EVENT_BYTES;
}

/**
 * An event this client could have written: the fields it sends, of the right types, a sequence
 * number that stays exact, and a sane size. Anything else is corrupted storage.
 */
export function isEvent(value: unknown): value is AnalyticsEvent {
  if (!isRecord(value)) return false;
  const { id, seq, event, data, url, timestamp, environment } = value;
  return (
    isText(id, 64) &&
    Number.isSafeInteger(seq) &&
    (seq as number) >= 0 &&
    Number.isSafeInteger((seq as number) + 1) && // the next event's number must stay exact too
    isText(event, 200) &&
    isRecord(data) &&
    isRecord(data.metadata) &&
    typeof url === 'string' &&
    isText(timestamp, 40) &&
    isText(environment, 40) &&
    fitsOutbox(value as unknown as AnalyticsEvent)
  );
}

/** A stored dead letter: an event object with an id. */
export function isDeadLetter(value: unknown): value is DeadLetter {
  return isRecord(value) && isRecord(value.event) && typeof value.event.id === 'string';
}

/** A stored next-attempt time: a finite time and 1 to 1000 rounds. */
export function isWait(value: unknown): value is AuthWait {
  return (
    isRecord(value) &&
    typeof value.at === 'number' &&
    Number.isFinite(value.at) &&
    Number.isSafeInteger(value.rounds) &&
    (value.rounds as number) >= 1 &&
    (value.rounds as number) <= 1000
  );
}

/** A stored sequence counter, or null when it is not a non-negative integer that can still grow exactly. */
export function parseSeq(text: string): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value + 1) ? value : null;
}
