/**
 * The per-shop durable outbox: every event is written to storage before any network work, so a
 * reload, a crash or another tab can still deliver it. Storage is shared by the shop's tabs and
 * may throw (full, disabled); then events stay in this page's memory and nothing throws. Whatever
 * is read back is checked (shape, size, range): a corrupted entry is dropped, never sent.
 */
import { isRecord } from '../core/coerce.js';
import type { KeyValueStorage } from '../ports/env.js';
import type { AnalyticsEvent, DeadLetter } from './types.js';

/** Most dead letters kept per shop; the oldest go first. */
export const DEAD_LETTER_CAP = 200;

/** Largest event (as JSON) the outbox keeps; a bigger one is refused when recorded and dropped when read. */
export const MAX_EVENT_BYTES = 64 * 1024;

/** Storage keys of one shop's outbox, dead letters, sequence counter and next-attempt times. */
export function outboxKeys(shopId: string): { outbox: string; deadLetters: string; seq: string; waits: string } {
  return {
    outbox: `aisle-outbox:${shopId}`,
    deadLetters: `aisle-deadletter:${shopId}`,
    seq: `aisle-seq:${shopId}`,
    waits: `aisle-outbox-wait:${shopId}`,
  };
}

/**
 * When an event may next be tried after its token was refused, and how many such rounds it has had
 * (the exponent of the next wait). Kept in storage so that a reload does not start a new storm.
 */
export interface AuthWait {
  at: number;
  rounds: number;
}

function parseList(text: string | null): unknown[] {
  if (!text) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as unknown[]) : [];
}

const isText = (value: unknown, max: number): value is string =>
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
function isEvent(value: unknown): value is AnalyticsEvent {
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

function isDeadLetter(value: unknown): value is DeadLetter {
  return isRecord(value) && isRecord(value.event) && typeof value.event.id === 'string';
}

function isWait(value: unknown): value is AuthWait {
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
function parseSeq(text: string): number | null {
  if (!/^\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value + 1) ? value : null;
}

/** One shop's outbox over shared storage, with an in-memory fallback. */
export class Outbox {
  private readonly keys: ReturnType<typeof outboxKeys>;
  /** Events storage refused; folded back in on the next successful write. */
  private memory: AnalyticsEvent[] = [];
  /** Ids this page saw settled, so a removal that failed to persist is never sent again. */
  private readonly settled = new Set<string>();
  private lastSeq = 0;
  /** The last text read and its events: the sender reads before every send, mostly unchanged. */
  private cache: { text: string; events: AnalyticsEvent[] } | null = null;

  /** Waits this page could not store, so that they still hold here. */
  private memoryWaits = new Map<string, AuthWait>();

  constructor(
    private readonly storage: KeyValueStorage,
    shopId: string,
    /** Reports corrupted storage, once per kind (the caller de-duplicates by key). */
    private readonly warnOnce: (key: string, message: string) => void = () => undefined,
  ) {
    this.keys = outboxKeys(shopId);
  }

  /** Adds an event; false when storage refused it and it lives only in this page's memory. */
  add(event: AnalyticsEvent): boolean {
    const stored = this.read();
    if (stored !== null && this.write([...stored, event])) return true;
    this.memory.push(event);
    return false;
  }

  /** Events not yet settled, oldest sequence number first (re-read, so other tabs' events count). */
  pending(): AnalyticsEvent[] {
    const byId = new Map<string, AnalyticsEvent>();
    for (const event of [...(this.read() ?? []), ...this.memory]) {
      if (!this.settled.has(event.id)) byId.set(event.id, event);
    }
    return [...byId.values()].sort((a, b) => a.seq - b.seq);
  }

  /** Removes an acknowledged or dead-lettered event. */
  remove(id: string): void {
    this.settled.add(id);
    this.memory = this.memory.filter((event) => event.id !== id);
    const stored = this.read();
    if (stored?.some((event) => event.id === id)) this.write(stored.filter((event) => event.id !== id));
    if (this.waitOf(id)) this.setWait(id, null);
  }

  /** The stored next-attempt time of event `id` after refused tokens, if any (another tab's included). */
  waitOf(id: string): AuthWait | null {
    return this.memoryWaits.get(id) ?? this.readWaits().get(id) ?? null;
  }

  /** Records (or, with null, clears) when event `id` may next be tried; pending events only are kept. */
  setWait(id: string, wait: AuthWait | null): void {
    const waits = this.readWaits();
    if (wait) waits.set(id, wait);
    else waits.delete(id);
    this.memoryWaits.delete(id);
    const pending = new Set(this.pending().map((event) => event.id));
    const kept = [...waits].filter(([key]) => pending.has(key));
    try {
      if (kept.length === 0) this.storage.removeItem(this.keys.waits);
      else this.storage.setItem(this.keys.waits, JSON.stringify(Object.fromEntries(kept)));
    } catch {
      if (wait) this.memoryWaits.set(id, wait); // storage refused: the wait holds for this page at least
    }
  }

  /** Moves an event to the dead-letter list, kept in storage for inspection. */
  deadLetter(event: AnalyticsEvent, reason: string, httpStatus: number | undefined, at: string): void {
    this.remove(event.id);
    const letters = [...this.deadLetters(), { event, reason, httpStatus, at }].slice(-DEAD_LETTER_CAP);
    try {
      this.storage.setItem(this.keys.deadLetters, JSON.stringify(letters));
    } catch {
      /* the letter is lost for inspection only: the event is settled either way */
    }
  }

  /** The shop's dead letters, oldest first (entries of another shape are skipped). */
  deadLetters(): DeadLetter[] {
    try {
      return parseList(this.storage.getItem(this.keys.deadLetters)).filter(isDeadLetter);
    } catch {
      return [];
    }
  }

  /** The next sequence number, unique across the shop's tabs and reloads (a counter in storage). */
  nextSeq(): number {
    let stored = 0;
    try {
      const text = this.storage.getItem(this.keys.seq);
      const parsed = text === null ? 0 : parseSeq(text);
      if (parsed === null) {
        // Past 2^53 the counter no longer counts and the service refuses every event: start again.
        this.warnOnce(this.keys.seq, `[Aisle] analytics: ignored an unusable stored sequence counter`);
      }
      stored = parsed ?? 0;
    } catch {
      /* unreadable storage: this page's own counter and the pending events still order correctly */
    }
    const highestPending = this.pending().at(-1)?.seq ?? 0;
    this.lastSeq = Math.max(stored, this.lastSeq, highestPending) + 1;
    try {
      this.storage.setItem(this.keys.seq, String(this.lastSeq));
    } catch {
      /* see above */
    }
    return this.lastSeq;
  }

  /** The stored events, or null when storage cannot be read (then it must not be overwritten). */
  private read(): AnalyticsEvent[] | null {
    let text: string | null;
    try {
      text = this.storage.getItem(this.keys.outbox);
    } catch {
      return null;
    }
    if (text !== null && text === this.cache?.text) return [...this.cache.events];
    let events: AnalyticsEvent[];
    let dropped = false;
    try {
      const entries = parseList(text);
      events = entries.filter(isEvent);
      dropped = events.length < entries.length;
    } catch {
      events = []; // corrupt JSON holds nothing deliverable: let the next write replace it
      dropped = true;
    }
    if (dropped) this.warnOnce(this.keys.outbox, `[Aisle] analytics: dropped unusable entries of the stored outbox`);
    this.cache = text === null ? null : { text, events };
    return [...events];
  }

  private readWaits(): Map<string, AuthWait> {
    let entries: Array<[string, unknown]>;
    try {
      const value: unknown = JSON.parse(this.storage.getItem(this.keys.waits) ?? '{}');
      entries = isRecord(value) ? Object.entries(value) : [];
    } catch {
      entries = [];
    }
    return new Map(entries.filter((entry): entry is [string, AuthWait] => isWait(entry[1])));
  }

  private write(events: AnalyticsEvent[]): boolean {
    const ids = new Set(events.map((event) => event.id));
    const all = [...events, ...this.memory.filter((event) => !ids.has(event.id))].filter(
      (e) => !this.settled.has(e.id),
    );
    try {
      const text = JSON.stringify(all);
      this.storage.setItem(this.keys.outbox, text);
      this.cache = { text, events: all };
      this.memory = [];
      return true;
    } catch {
      return false;
    }
  }
}
