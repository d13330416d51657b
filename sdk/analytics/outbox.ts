/**
 * The per-shop durable outbox: every event is written to storage before any network work, so a
 * reload, a crash or another tab can still deliver it. Storage is shared by the shop's tabs and
 * may throw (full, disabled); then events stay in this page's memory and nothing throws.
 */
import type { KeyValueStorage } from '../stores/env.js';
import type { AnalyticsEvent, DeadLetter } from './types.js';

/** Most dead letters kept per shop; the oldest go first. */
export const DEAD_LETTER_CAP = 200;

/** Storage keys of one shop's outbox, dead letters and sequence counter. */
export function outboxKeys(shopId: string): { outbox: string; deadLetters: string; seq: string } {
  return { outbox: `aisle-outbox:${shopId}`, deadLetters: `aisle-deadletter:${shopId}`, seq: `aisle-seq:${shopId}` };
}

function parseList<T>(text: string | null): T[] {
  if (!text) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? (value as T[]) : [];
}

function isEvent(value: unknown): value is AnalyticsEvent {
  const event = value as AnalyticsEvent | null;
  return typeof event?.id === 'string' && typeof event.seq === 'number' && typeof event.event === 'string';
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

  constructor(
    private readonly storage: KeyValueStorage,
    shopId: string,
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

  /** The shop's dead letters, oldest first. */
  deadLetters(): DeadLetter[] {
    try {
      return parseList<DeadLetter>(this.storage.getItem(this.keys.deadLetters));
    } catch {
      return [];
    }
  }

  /** The next sequence number, unique across the shop's tabs and reloads (a counter in storage). */
  nextSeq(): number {
    let stored = 0;
    try {
      stored = Number(this.storage.getItem(this.keys.seq)) || 0;
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
    try {
      events = parseList<unknown>(text).filter(isEvent);
    } catch {
      events = []; // corrupt JSON holds nothing deliverable: let the next write replace it
    }
    this.cache = text === null ? null : { text, events };
    return [...events];
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
