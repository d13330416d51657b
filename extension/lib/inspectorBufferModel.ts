/** One tab's inspector buffer: plain JSON (mirrored to storage.session), capped so a hostile page cannot grow it. */
import type { DebugDetail, EventState, InspectedEvent, PageSnapshot, PreviewStatus, SessionInfo } from './pageData.js';

/** The most page loads a tab keeps. */
export const MAX_LOADS = 20;
/** The most events one page load keeps. */
export const MAX_EVENTS_PER_LOAD = 500;
/** The most search requests one page load keeps. */
export const MAX_SEARCHES_PER_LOAD = 100;
/** The most analytics lifecycle steps one page load keeps. */
export const MAX_LOG_PER_LOAD = 3000;

/** How the inspector learned an event's final state when its own page could not tell. */
export type Confirmation = 'next_page' | 'other_tab';

/** An event with the times the inspector saw it. */
export interface BufferedEvent extends InspectedEvent {
  firstSeenAt: number;
  updatedAt: number;
  /** The shop (tenant id) whose outbox holds the event, when known. */
  shopId: string | null;
  /** Set when the final state came from a later page or another tab rather than this page. */
  confirmedBy: Confirmation | null;
  /**
   * True when the page (or the session) that last reported the unsettled event went away, so its
   * last known state is no longer current and no later page has said where it is.
   */
  orphaned: boolean;
  /** When the inspector learned that the page reporting the unsettled event went away (epoch ms), else null. */
  orphanedAt: number | null;
  /** The `send` steps the inspector saw for the event, over every page load (each page counts its own attempts from 1). */
  sends: number;
}

/** A search request and, once known, its answer. */
export interface SearchRecord {
  n: number;
  url: string;
  body: unknown;
  startedAt: number;
  state: 'pending' | 'done' | 'error';
  status: number | null;
  latencyMs: number | null;
  error: string | null;
  /** Products the answer held in all. */
  total: number | null;
  /** True when the answer said the page does not exist. */
  pageNotFound: boolean | null;
}

/** An analytics lifecycle step from `aisle:debug`. */
export interface SessionLogEntry {
  at: number;
  phase: string;
  shopId: string;
  /** The event the step is about, if any. */
  id: string | null;
  detail: unknown;
}

/** One page load of the tab. */
export interface PageLoad {
  loadId: string;
  url: string;
  startedAt: number;
  session: SessionInfo | null;
  events: BufferedEvent[];
  searches: SearchRecord[];
  log: SessionLogEntry[];
  preview: PreviewStatus | null;
  /** The shop of the analytics session running now in this load (null once it is disposed). */
  activeShop: string | null;
  /** True once a later page load of the tab started. */
  ended: boolean;
  /** When the tab itself was closed (epoch ms), else null: nothing in it reports any more. */
  tabClosedAt: number | null;
  /** Set on a page load read back from the history (historyView.ts): whether an earlier browser session saved it, and when. */
  kept?: { previousSession: boolean; savedAt: number };
}

/** Everything the inspector knows about one tab. */
export interface TabBuffer {
  loads: PageLoad[];
}

/** A message from the page, already validated (see pageData.ts). */
export type PageReport =
  | { kind: 'snapshot'; snapshot: PageSnapshot }
  | { kind: 'debug'; detail: DebugDetail }
  | { kind: 'preview'; status: PreviewStatus };

/** The final state of an event as any tab saw it; lets one tab's news settle another tab's row. */
export interface SettledInfo {
  state: 'acknowledged' | 'dead_lettered';
  httpStatus: number | null;
  reason: string | null;
}

/** Settled events by id, shared by every tab of the background. */
export type SettledIndex = Map<string, SettledInfo>;

/** An empty buffer. */
export function emptyBuffer(): TabBuffer {
  return { loads: [] };
}

/** True for the two states an event never leaves. */
export function isSettled(state: EventState): state is SettledInfo['state'] {
  return state === 'acknowledged' || state === 'dead_lettered';
}

/** The shop an event belongs to, read from its payload's `data.metadata.config_id`. */
export function shopOfPayload(payload: unknown): string | null {
  const data = (payload as { data?: { metadata?: { config_id?: unknown } } } | null)?.data;
  const shop = data?.metadata?.config_id;
  return typeof shop === 'string' ? shop.slice(0, 100) : null;
}

/** Every event of every page load, oldest load first. */
export function* allEvents(buffer: TabBuffer): Generator<BufferedEvent> {
  for (const load of buffer.loads) yield* load.events;
}

/** Marks `event` as unconfirmed from `now` on (its page went away unsettled); an earlier mark stands. */
export function orphan(event: BufferedEvent, now: number): void {
  if (isSettled(event.state)) return;
  if (event.orphaned && event.orphanedAt !== null) return;
  event.orphanedAt = now;
  event.orphaned = true;
  event.updatedAt = now;
}

/** Adds `event` to `load`, dropping its oldest events past the cap. */
export function addEvent(load: PageLoad, event: BufferedEvent): void {
  load.events.push(event);
  if (load.events.length > MAX_EVENTS_PER_LOAD) load.events.splice(0, load.events.length - MAX_EVENTS_PER_LOAD);
}

/** Why and until when an event waits before its next attempt. */
export interface Waiting {
  /** The page's own words, e.g. "token refused 3 times; next attempt at …". */
  reason: string | null;
  nextAttemptAt: number;
  /** Whole seconds from `now` to the next attempt (0 once it is due). */
  inSeconds: number;
}

/**
 * The wait of an event the page has scheduled for later (after a failure or refused tokens), or
 * null when it is not waiting. A wait survives reloads on the page's side, so an event an earlier
 * page load first showed can be waiting again after a later one.
 */
export function waitingOf(event: InspectedEvent, now: number): Waiting | null {
  if (event.state !== 'retry_scheduled' || event.nextAttemptAt === null) return null;
  const inSeconds = Math.max(0, Math.ceil((event.nextAttemptAt - now) / 1000));
  return { reason: event.reason, nextAttemptAt: event.nextAttemptAt, inSeconds };
}

/** The latest page load, if any. */
export function currentLoad(buffer: TabBuffer): PageLoad | undefined {
  return buffer.loads.at(-1);
}
