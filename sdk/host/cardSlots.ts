/**
 * The shop's card slots (`Aisle.setCardSlots`). Only this small registry lives in aisle.js, so a page
 * can register before the app arrives and the first paint leaves room; checking and drawing are the app's.
 */
import type { CardSlot, CardSlots } from '../contract.js';

/** What the page passed to `Aisle.setCardSlots`, kept as given, and who is told of a change (the mounted app). */
export class CardSlotRegistry {
  /** The page's last call's argument (null once removed), unchecked. */
  current: unknown = null;
  private readonly listeners = new Set<(slots: unknown) => void>();

  /** null or nothing removes them. */
  set(slots: unknown): void {
    this.current = slots ?? null;
    for (const listener of [...this.listeners]) listener(this.current);
  }

  /** Whether a badge and an actions slot look set (what the first paint leaves room for). */
  shape(): { badge: boolean; actions: boolean } {
    const slots = this.current as Record<string, unknown> | null;
    return { badge: typeof slots?.badge === 'function', actions: typeof slots?.actions === 'function' };
  }

  /** Calls `listener` at each change of the slots; returns what stops it. */
  subscribe(listener: (slots: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** What the app reads of the registry (its mount follows the slots until it unmounts). */
export type CardSlotSource = Pick<CardSlotRegistry, 'current' | 'subscribe'>;

/**
 * The card slots in what the page passed: a function by slot name (`badge`, `actions`), or null
 * when none is set. Anything else (another name, a slot that is not a function, an argument that is
 * not an object) is left out with one warning; the rest is kept.
 */
export function readCardSlots(raw: unknown, log: Pick<Console, 'warn'>): CardSlots | null {
  const slots: CardSlots = {};
  let refused = raw !== null && typeof raw !== 'object';
  if (!refused && raw)
    for (const [name, slot] of Object.entries(raw))
      if ((name === 'badge' || name === 'actions') && typeof slot === 'function') slots[name] = slot as CardSlot;
      else if (slot !== null && slot !== undefined) refused = true;
  if (refused)
    log.warn('[Aisle] Aisle.setCardSlots takes { badge, actions }, each a function, or null: the rest is left out.');
  return slots.badge || slots.actions ? slots : null;
}
