/**
 * A card counts as seen once half in view for one continuous second (the MRC display standard), once
 * per product and list per listing view.
 */
import { VIEW_MS } from '../core/viewability.js';
import type { TimerHandle, Timers } from '../ports/env.js';

/** How long a card must stay half in view, without a break, to count as seen. */
export { VIEW_MS };
/** Seen cards wait this long for others before their batch is sent. */
export const BATCH_MS = 2000;
/** A batch is sent at once when it holds this many cards. */
export const BATCH_MAX = 48;

/** The two product lists a card can be in. */
export type ImpressionList = 'search_results' | 'similar_products';

/** A card in view, as the event reports it. */
export interface Sighting {
  productId: string;
  list: ImpressionList;
  /** 1-based position in its list, as `ecommerce:product_click` counts it. */
  position: number;
  /** The results page the card belongs to (1-based). */
  page: number;
  /** The result set the card was seen in (listing, filters and sort). */
  resultSet: string;
  /** The address of the listing the card was seen on (its event is filed under it, sent later or not). */
  url: string;
}

/** Cards seen in one list and result set, sent as one event. */
export interface ImpressionBatch {
  list: ImpressionList;
  resultSet: string;
  url: string;
  items: Array<Pick<Sighting, 'productId' | 'position' | 'page'>>;
}

/** The once-per-view key of a card. */
export const sightingKey = (s: Pick<Sighting, 'list' | 'productId'>): string => `${s.list}|${s.productId}`;

/** Counts impressions for one listing view; `send` receives the batches, `onSeen` each newly seen key. */
export class ImpressionCounter {
  readonly #timers: Timers;
  readonly #send: (batch: ImpressionBatch) => void;
  readonly #onSeen: (key: string) => void;
  #seen: Set<string>;
  /** Cards half in view now, by key. */
  readonly #inView = new Map<string, Sighting>();
  /** The one-second timers of cards in view and not yet seen. */
  readonly #running = new Map<string, TimerHandle>();
  #pending: Sighting[] = [];
  #batchTimer: TimerHandle | null = null;
  #paused = false;

  constructor(options: {
    timers: Timers;
    send: (batch: ImpressionBatch) => void;
    onSeen?: (key: string) => void;
    /** Keys already seen in this listing view (a listing restored after Back). */
    seen?: Iterable<string>;
  }) {
    this.#timers = options.timers;
    this.#send = options.send;
    this.#onSeen = options.onSeen ?? (() => undefined);
    this.#seen = new Set(options.seen);
  }

  /** Whether `key` has been counted in this listing view. */
  hasSeen(key: string): boolean {
    return this.#seen.has(key);
  }

  /**
   * A card came at least half into view; `alreadyMs`: how long it had been in view before (on the
   * first screen, before the app took over), which counts toward its second.
   */
  enter(sighting: Sighting, alreadyMs = 0): void {
    const key = sightingKey(sighting);
    this.#inView.set(key, sighting);
    if (alreadyMs > 0) this.#stop(key);
    if (alreadyMs >= VIEW_MS && !this.#paused) this.#count(key);
    else this.#start(key, VIEW_MS - Math.max(0, alreadyMs));
  }

  /** A card went below half in view (or left the page): its second starts again next time. */
  leave(key: string): void {
    this.#inView.delete(key);
    this.#stop(key);
  }

  /** Nothing counts while paused (the drawer covers the grid, the page is hidden). */
  pause(): void {
    this.#paused = true;
    for (const key of [...this.#running.keys()]) this.#stop(key);
  }

  /** Cards still in view start a fresh second. */
  resume(): void {
    this.#paused = false;
    for (const key of this.#inView.keys()) this.#start(key);
  }

  /** Sends what was seen and not yet sent (the page hides or goes away). */
  flush(): void {
    if (this.#batchTimer !== null) this.#timers.clearTimeout(this.#batchTimer);
    this.#batchTimer = null;
    const pending = this.#pending.splice(0);
    const batches = new Map<string, ImpressionBatch>();
    for (const s of pending) {
      const id = `${s.list}\n${s.resultSet}\n${s.url}`;
      const batch = batches.get(id) ?? { list: s.list, resultSet: s.resultSet, url: s.url, items: [] };
      batch.items.push({ productId: s.productId, position: s.position, page: s.page });
      batches.set(id, batch);
    }
    for (const batch of batches.values()) this.#send(batch);
  }

  dispose(): void {
    this.flush();
    this.pause();
    this.#inView.clear();
  }

  #start(key: string, ms = VIEW_MS): void {
    if (this.#paused || this.#seen.has(key) || this.#running.has(key)) return;
    this.#running.set(
      key,
      this.#timers.setTimeout(() => this.#count(key), ms),
    );
  }

  #stop(key: string): void {
    const handle = this.#running.get(key);
    if (handle === undefined) return;
    this.#timers.clearTimeout(handle);
    this.#running.delete(key);
  }

  #count(key: string): void {
    this.#running.delete(key);
    const sighting = this.#inView.get(key);
    if (!sighting || this.#seen.has(key)) return;
    this.#seen.add(key);
    this.#onSeen(key);
    this.#pending.push(sighting);
    if (this.#pending.length >= BATCH_MAX) this.flush();
    else if (this.#batchTimer === null) this.#batchTimer = this.#timers.setTimeout(() => this.flush(), BATCH_MS);
  }
}
