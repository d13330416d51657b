/**
 * An event keeps the page load it was first seen in; later loads and other tabs (the shop's sender) update it.
 * A page that goes away cannot report its sends, so those rows stay unconfirmed until a later page of the
 * shop shows whether its durable outbox still holds them: one that left it was taken by the service.
 */
import type { PageSnapshot } from './pageData.js';
import {
  addEvent,
  allEvents,
  orphan,
  isSettled,
  MAX_LOADS,
  shopOfPayload,
  type BufferedEvent,
  type PageLoad,
  type SettledIndex,
  type SettledInfo,
  type TabBuffer,
} from './inspectorBufferModel.js';

/** The page load `loadId`, started (and older ones dropped past the cap) when it is new. */
export function loadFor(buffer: TabBuffer, loadId: string, url: string, now: number): PageLoad {
  const existing = buffer.loads.find((l) => l.loadId === loadId);
  if (existing) return existing;
  // A new page of the tab: the earlier ones are gone, and so is their say over unsettled events.
  for (const old of buffer.loads) {
    old.ended = true;
    old.activeShop = null;
  }
  endLoads(buffer, null, now);
  const load: PageLoad = {
    loadId,
    url,
    startedAt: now,
    session: null,
    events: [],
    searches: [],
    log: [],
    preview: null,
    activeShop: null,
    ended: false,
    tabClosedAt: null,
  };
  buffer.loads.push(load);
  if (buffer.loads.length > MAX_LOADS) buffer.loads.splice(0, buffer.loads.length - MAX_LOADS);
  return load;
}

/**
 * A page of the tab started (`loadId`; its relay says so on every page, with Aisle or without):
 * every other page load has ended, and nothing on that page can confirm their unsettled events
 * any more. A page that runs Aisle then gets its own load with its first report.
 */
export function pageStarted(buffer: TabBuffer, loadId: string, now: number): boolean {
  const load = buffer.loads.find((l) => l.loadId === loadId);
  const others = buffer.loads.filter((l) => l !== load && !l.ended);
  if (others.length === 0 && !(load?.ended ?? false)) return false;
  endLoads(buffer, load ?? null, now);
  // A page back from the back-forward cache is current again: its next snapshot says what it holds.
  if (load) load.ended = false;
  return true;
}

function endLoads(buffer: TabBuffer, except: PageLoad | null, now: number): void {
  for (const old of buffer.loads) {
    if (old === except) continue;
    old.ended = true;
    old.activeShop = null;
  }
  for (const event of allEvents(buffer)) orphan(event, now);
}

/** Settles `event` and tells the shared index, so that other tabs showing it follow. */
export function settle(event: BufferedEvent, info: SettledInfo, now: number, shared?: SettledIndex): void {
  Object.assign(event, info, { nextAttemptAt: null, orphaned: false, orphanedAt: null, updatedAt: now });
  shared?.set(event.id, info);
}

/** Applies what another tab (or an earlier page in it) already knows of a settled event. */
export function settleFromIndex(event: BufferedEvent, now: number, shared?: SettledIndex): void {
  const known = shared?.get(event.id);
  if (!known || isSettled(event.state)) return;
  Object.assign(event, known, {
    nextAttemptAt: null,
    orphaned: false,
    orphanedAt: null,
    confirmedBy: 'other_tab',
    updatedAt: now,
  });
}

/** Merges a page snapshot into `load`, updating rows other loads first showed. */
export function mergeSnapshot(
  buffer: TabBuffer,
  load: PageLoad,
  snapshot: PageSnapshot,
  now: number,
  shared?: SettledIndex,
): void {
  load.session = snapshot.session;
  const seen = new Set<string>();
  // One index per snapshot: a page can list 500 events, each looked up in every page load.
  const index = new Map<string, BufferedEvent>();
  for (const l of buffer.loads) for (const e of l.events) index.set(e.id, e);
  for (const event of snapshot.events) {
    seen.add(event.id);
    const known = index.get(event.id);
    const shopId = shopOfPayload(event.payload);
    if (known) {
      // A settled event stays settled: an older page's stale copy never moves it back.
      if (isSettled(known.state)) continue;
      Object.assign(known, event, {
        attempts: Math.max(known.attempts, event.attempts),
        shopId: shopId ?? known.shopId,
        // A late snapshot of a page that has gone cannot say the event is alive.
        ...(load.ended ? {} : { orphaned: false, orphanedAt: null }),
        updatedAt: now,
      });
      if (isSettled(event.state))
        settle(known, { state: event.state, httpStatus: event.httpStatus, reason: event.reason }, now, shared);
      else settleFromIndex(known, now, shared);
      continue;
    }
    const added: BufferedEvent = {
      ...event,
      firstSeenAt: now,
      updatedAt: now,
      shopId,
      confirmedBy: null,
      orphaned: load.ended && !isSettled(event.state),
      orphanedAt: load.ended && !isSettled(event.state) ? now : null,
      sends: 0,
    };
    addEvent(load, added);
    index.set(added.id, added);
    if (isSettled(added.state))
      shared?.set(added.id, { state: added.state, httpStatus: added.httpStatus, reason: added.reason });
    else settleFromIndex(added, now, shared);
  }
  reconcileLeftOutbox(buffer, load, snapshot, seen, now, shared);
}

/**
 * The shop whose durable outbox `snapshot` speaks for, or null when it says nothing about it (a
 * session not yet started, or already disposed).
 */
export function outboxShopOf(load: PageLoad, snapshot: PageSnapshot): string | null {
  const shop = load.activeShop;
  if (!shop || (snapshot.session.status === 'created' && snapshot.events.length === 0)) return null;
  return shop;
}

/**
 * A running session lists every event its shop's durable outbox held when it started, and all it
 * recorded since. An event of that shop whose page went away unsettled and that this snapshot does
 * not list has therefore left the outbox, which only an acknowledgement (or a refusal the page did
 * not live to report) does: it was sent while its page unloaded, and the next page confirms it.
 * `events` are the candidates: the same tab's, or those of a tab closed before the session started.
 */
export function settleLeftOutbox(
  events: Iterable<BufferedEvent>,
  shop: string,
  seen: ReadonlySet<string>,
  now: number,
  shared?: SettledIndex,
): boolean {
  let changed = false;
  for (const event of events) {
    if (!event.orphaned || isSettled(event.state) || event.shopId !== shop || seen.has(event.id)) continue;
    settle(
      event,
      {
        state: 'acknowledged',
        httpStatus: event.httpStatus === 202 ? 202 : null,
        reason: 'sent while its page unloaded; the next page of this shop no longer holds it in its outbox',
      },
      now,
      shared,
    );
    event.confirmedBy = 'next_page';
    changed = true;
  }
  return changed;
}

function reconcileLeftOutbox(
  buffer: TabBuffer,
  load: PageLoad,
  snapshot: PageSnapshot,
  seen: Set<string>,
  now: number,
  shared?: SettledIndex,
): void {
  const shop = outboxShopOf(load, snapshot);
  if (shop) settleLeftOutbox(allEvents(buffer), shop, seen, now, shared);
}

/**
 * The tab itself was closed: every page load has ended, its unsettled events are unconfirmed from
 * `now` on, and the loads say when, so that no view calls the tab live. False when already closed.
 */
export function tabClosed(buffer: TabBuffer, now: number): boolean {
  if (buffer.loads.length === 0 || closedAt(buffer) !== null) return false;
  endLoads(buffer, null, now);
  for (const load of buffer.loads) load.tabClosedAt = now;
  return true;
}

/** When the tab of `buffer` was closed, or null while it is open. */
export function closedAt(buffer: TabBuffer): number | null {
  return buffer.loads.at(-1)?.tabClosedAt ?? null;
}

/** Settles, in place, every unsettled event of `buffer` that `shared` knows settled; true if any. */
export function applySettled(buffer: TabBuffer, shared: SettledIndex, now: number): boolean {
  let changed = false;
  for (const event of allEvents(buffer)) {
    if (isSettled(event.state) || !shared.has(event.id)) continue;
    settleFromIndex(event, now, shared);
    changed = true;
  }
  return changed;
}

/** Adds the settled events of `buffer` to `shared`. */
export function indexSettled(buffer: TabBuffer, shared: SettledIndex): void {
  for (const event of allEvents(buffer))
    if (isSettled(event.state) && !shared.has(event.id))
      shared.set(event.id, { state: event.state, httpStatus: event.httpStatus, reason: event.reason });
}
