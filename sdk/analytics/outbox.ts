/**
 * The per-shop durable outbox: every event is written to storage before any network work, so a
 * reload, a crash or another tab can still deliver it. Storage is shared by the shop's tabs and
 * may throw (full, disabled); then events stay in this page's memory and nothing throws. Whatever
 * is read back is checked (shape, size, range): a corrupted entry is dropped, never sent.
 */
import { isRecord } from '../core/coerce.js';
import type { KeyValueStorage } from '../ports/env.js';
import {
  fitsOutbox,
  isDeadLetter,
  isEvent,
  isText,
  isWait,
  MAX_EVENT_BYTES,
  parseList,
  parseSeq,
  type AuthWait,
} from './storedShapes.js';
import type { AnalyticsEvent, DeadLetter } from './types.js';

// Callers take the size rule and the wait's shape from the outbox, which applies them.
export { fitsOutbox, MAX_EVENT_BYTES, type AuthWait };

/** Most dead letters kept per shop; the oldest go first. */
export const DEAD_LETTER_CAP = 200;

/** Storage keys of one shop's outbox, dead letters, sequence counter, next-attempt times and settled ids. */
export function outboxKeys(shopId: string): {
  outbox: string;
  deadLetters: string;
  seq: string;
  waits: string;
  settled: string;
} {
  return {
    outbox: `aisle-outbox:${shopId}`,
    deadLetters: `aisle-deadletter:${shopId}`,
    seq: `aisle-seq:${shopId}`,
    waits: `aisle-outbox-wait:${shopId}`,
    settled: `aisle-settled:${shopId}`,
  };
}

/** Most ids of settled events kept in storage, for the tabs that wrote them to see they are done. */
export const SETTLED_CAP = 100;

/**
 * Sequence numbers a tab gives while the shared counter cannot be stored are its own: all of them
 * leave the same remainder modulo this, a remainder each tab draws at random, so two tabs that read
 * the same stale counter still never give the same number.
 */
export const TAB_SEQ_SPACE = 2 ** 20;

/**
 * Appends an event straight to the stored outbox, for a page whose session has not loaded yet; its
 * id, or null when storage refused. Never throws. Small, with no checks of its own: aisle.js carries
 * it (the Outbox that reads the entries drops unusable ones).
 */
export function appendToStoredOutbox(
  storage: Pick<KeyValueStorage, 'getItem' | 'setItem'>,
  shopId: string,
  make: (seq: number) => AnalyticsEvent,
): string | null {
  const keys = outboxKeys(shopId);
  try {
    const text = storage.getItem(keys.outbox);
    let stored: unknown[];
    try {
      stored = parseList(text);
    } catch {
      stored = [];
    }
    const seqs = stored.map((entry) => (isRecord(entry) && parseSeq(String(entry.seq))) || 0);
    const event = make(Math.max(parseSeq(storage.getItem(keys.seq) ?? '0') ?? 0, ...seqs) + 1);
    storage.setItem(keys.seq, String(event.seq));
    storage.setItem(keys.outbox, JSON.stringify([...stored, event]));
    return event.id;
  } catch {
    return null;
  }
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
  /**
   * Events this page wrote to storage and has not seen settled. Another tab's write made from a stale
   * read can drop one from storage: it is then sent from here, never lost (the service knows ids it
   * already has). One the shop's settled list names was delivered by another tab.
   */
  private own = new Map<string, AnalyticsEvent>();
  /** This tab's remainder for sequence numbers given while the counter cannot be stored. */
  private readonly tabSlot = Math.floor(Math.random() * TAB_SEQ_SPACE);

  constructor(
    private readonly storage: KeyValueStorage,
    shopId: string,
    /** Reports corrupted storage, once per kind (the caller de-duplicates by key). */
    private readonly warnOnce: (key: string, message: string) => void = () => undefined,
    /** Hears whether each write of the outbox or the counter was stored (false: storage refused it). */
    private readonly onWrite: (stored: boolean) => void = () => undefined,
  ) {
    this.keys = outboxKeys(shopId);
  }

  /** Adds an event; false when storage refused it and it lives only in this page's memory. */
  add(event: AnalyticsEvent): boolean {
    const stored = this.read();
    if (stored !== null && this.write([...stored, event])) {
      this.own.set(event.id, event);
      return true;
    }
    this.memory.push(event);
    this.onWrite(false);
    return false;
  }

  /** Follows a stored event another part of this page wrote (the visit written at mount) as this page's own. */
  claim(id: string): void {
    const event = this.read()?.find((stored) => stored.id === id);
    if (event && !this.settled.has(id)) this.own.set(id, event);
  }

  /** Events not yet settled, oldest sequence number first (re-read, so other tabs' events count). */
  pending(): AnalyticsEvent[] {
    const byId = new Map<string, AnalyticsEvent>();
    const stored = this.read();
    for (const event of [...(stored ?? []), ...this.memory]) {
      if (!this.settled.has(event.id)) byId.set(event.id, event);
    }
    const missing = stored === null ? [] : [...this.own.values()].filter((event) => !byId.has(event.id));
    if (missing.length > 0) {
      const settledElsewhere = new Set(this.readSettled());
      for (const event of missing) {
        if (settledElsewhere.has(event.id) || this.settled.has(event.id)) this.own.delete(event.id);
        else byId.set(event.id, event);
      }
    }
    return [...byId.values()].sort((a, b) => a.seq - b.seq);
  }

  /** Removes an acknowledged or dead-lettered event, and names it settled for the tab that wrote it. */
  remove(id: string): void {
    this.settled.add(id);
    this.own.delete(id);
    this.memory = this.memory.filter((event) => event.id !== id);
    const stored = this.read();
    if (stored?.some((event) => event.id === id)) {
      this.write(stored.filter((event) => event.id !== id));
      this.writeSettled(id);
    }
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

  /** Kept in storage for inspection. */
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

  /**
   * The next sequence number, unique across the shop's tabs and reloads. `own`: from this tab's own
   * class, as the page goes away: two tabs closed together read the same counter before either write lands.
   */
  nextSeq(own = false): number {
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
    const next = Math.max(stored, this.lastSeq, highestPending) + 1;
    // Another tab may read the same stale counter: this tab's own class keeps the two apart.
    const ownClass = next + ((this.tabSlot - (next % TAB_SEQ_SPACE) + TAB_SEQ_SPACE) % TAB_SEQ_SPACE);
    const numbered = own ? ownClass : next;
    try {
      this.storage.setItem(this.keys.seq, String(numbered));
      this.lastSeq = numbered;
      this.onWrite(true);
    } catch {
      this.lastSeq = ownClass;
      this.onWrite(false);
    }
    return this.lastSeq;
  }

  /** Ids of events settled by any tab of the shop, oldest first. */
  private readSettled(): string[] {
    try {
      return parseList(this.storage.getItem(this.keys.settled)).filter((id): id is string => isText(id, 64));
    } catch {
      return [];
    }
  }

  private writeSettled(id: string): void {
    try {
      const ids = [...this.readSettled().filter((known) => known !== id), id].slice(-SETTLED_CAP);
      this.storage.setItem(this.keys.settled, JSON.stringify(ids));
    } catch {
      /* the tab that wrote the event then sends it again, and the service knows its id */
    }
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
      // Events that waited in memory are in storage now, as this page's own.
      for (const event of this.memory) this.own.set(event.id, event);
      this.memory = [];
      this.onWrite(true);
      return true;
    } catch {
      return false;
    }
  }
}
