/**
 * Sums over every page load, worked out once per version of a load: a tab holds up to 10,000 events
 * and an arriving event changes one load, so the others keep their objects (inspectorChanges) and their facts.
 */
import type { BufferedEvent, PageLoad } from './inspectorBuffer.js';
import { shownState, SHOWN_STATES, type ShownState } from './inspectorHealth.js';

/** One page load's names, shops and counts by shown state. */
export interface LoadFacts {
  names: ReadonlySet<string>;
  shops: ReadonlySet<string>;
  counts: Readonly<Record<ShownState, number>>;
}

const known = new WeakMap<PageLoad, { events: BufferedEvent[]; length: number; stamp: number; facts: LoadFacts }>();

/** A number that moves with every change of the load's events (each change moves an event's `updatedAt`). */
export function loadStamp(load: PageLoad): number {
  let stamp = 0;
  for (const e of load.events) stamp += e.updatedAt;
  return stamp;
}

/** The facts of `load`, from the last time they were worked out if its events did not change since. */
export function factsOf(load: PageLoad): LoadFacts {
  const { events } = load;
  const stamp = loadStamp(load);
  const cached = known.get(load);
  // A buffer changed in place (tests, the background's own) keeps its objects: the list and stamp tell.
  if (cached?.events === events && cached.length === events.length && cached.stamp === stamp) return cached.facts;
  const counts = Object.fromEntries(SHOWN_STATES.map((s) => [s, 0])) as Record<ShownState, number>;
  const names = new Set<string>();
  const shops = new Set<string>();
  for (const e of events) {
    counts[shownState(e)] += 1;
    names.add(e.event);
    if (e.shopId) shops.add(e.shopId);
  }
  const facts = { names, shops, counts };
  known.set(load, { events, length: events.length, stamp, facts });
  return facts;
}

/**
 * How the preview went on a page load, for its heading, or null when the load had no preview. A
 * load that ended while the preview was still starting says so in the past: "pending: searching"
 * on a page that has gone would read as if it were still searching.
 */
export function previewWords(load: PageLoad): string | null {
  const preview = load.preview;
  if (!preview) return null;
  if (preview.outcome === 'pending' && load.ended)
    return `preview had not finished starting when the page left (last: ${preview.message})`;
  return `preview ${preview.outcome}: ${preview.message}`;
}
