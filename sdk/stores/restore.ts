/**
 * Coming back to a listing: what a history entry remembers, whether a load restores it, and the wait
 * for the restored grid that gives way to a shopper who scrolls first. The browser side is in host/.
 */
import type { Timers, TimerHandle } from '../ports/env.js';

/** What one history entry remembers; kept small because it lives in the host's history state. */
export interface RestoreRecord {
  /** A record for another address is ignored. */
  path: string;
  search: string;
  /** Used when the card cannot be found. */
  y: number;
  /** The card the shopper opened (or the first in view), its top relative to the viewport. */
  product: string | null;
  offset: number;
  /** The opened card's link gets the focus back. */
  focus: boolean;
}

/** The navigation timing entry's `type`. */
export type Arrival = 'navigate' | 'reload' | 'back_forward' | 'prerender' | 'unknown';

/** Aisle's key in `history.state`, which is shared with the host page. */
export const RESTORE_STATE_KEY = 'aisle:listing';

/** The restore gives up after this long. */
export const RESTORE_WAIT_MS = 10_000;

/** Longest product id kept: longer ones are not ids Aisle would have written. */
const MAX_ID_LENGTH = 200;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Anything malformed (another script's state, an older format) reads as null. */
export function readRestoreRecord(raw: unknown): RestoreRecord | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.path !== 'string' || !r.path.startsWith('/') || typeof r.search !== 'string') return null;
  if (!finite(r.y) || r.y < 0 || !finite(r.offset)) return null;
  const product =
    typeof r.product === 'string' && r.product !== '' && r.product.length <= MAX_ID_LENGTH ? r.product : null;
  if (r.product !== null && r.product !== undefined && product === null) return null;
  return { path: r.path, search: r.search, y: r.y, product, offset: r.offset, focus: r.focus === true && !!product };
}

/** Aisle's part of the entry's `history.state` (shared with the host page), unvalidated. */
export function readEntryMemory(win: Window): unknown {
  try {
    const state: unknown = win.history.state;
    return typeof state === 'object' && state !== null
      ? (state as Record<string, unknown>)[RESTORE_STATE_KEY]
      : undefined;
  } catch {
    return undefined;
  }
}

/** Only a return to the same entry at the same address restores: otherwise a shopper lands at a stranger's card. */
export function planRestore(
  record: RestoreRecord | null,
  here: { pathname: string; search: string },
  arrival: Arrival,
): RestoreRecord | null {
  if (!record || (arrival !== 'back_forward' && arrival !== 'reload')) return null;
  return record.path === here.pathname && record.search === here.search ? record : null;
}

/** Where to scroll so that the card is back at its offset (or the old position when it is gone). */
export function scrollTarget(record: RestoreRecord, card: { top: number } | null, scrollY: number): number {
  const target = card ? card.top + scrollY - record.offset : record.y;
  return Math.max(0, Math.round(target));
}

/** One restore: `waiting`, then `done`, or `abandoned` when the shopper scrolls first or the wait runs out. */
export class ListingRestore {
  status: 'waiting' | 'done' | 'abandoned' = 'waiting';
  private readonly timer: TimerHandle;

  constructor(
    readonly record: RestoreRecord,
    private readonly timers: Timers,
    waitMs = RESTORE_WAIT_MS,
  ) {
    this.timer = timers.setTimeout(() => this.giveWay(), waitMs);
  }

  /** Null while the grid is loading or empty: restoring then would land short of the card and jump. */
  due(view: { loading: boolean; hasProducts: boolean }): RestoreRecord | null {
    if (this.status !== 'waiting' || view.loading || !view.hasProducts) return null;
    return this.record;
  }

  /** The restore was applied. */
  finish(): void {
    this.end('done');
  }

  /** The shopper moved first (or the wait ran out): their scroll wins and nothing moves. */
  giveWay(): void {
    this.end('abandoned');
  }

  private end(status: 'done' | 'abandoned'): void {
    if (this.status !== 'waiting') return;
    this.status = status;
    this.timers.clearTimeout(this.timer);
  }
}
