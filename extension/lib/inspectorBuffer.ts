/**
 * One tab's inspector buffer: what the page's Aisle reported, grouped by page load. It is plain
 * JSON (it is mirrored to storage.session) and capped, so a chatty or hostile page cannot grow it
 * without bound.
 *
 * There is one row per event id. An event keeps the page load it was first seen in; later loads
 * (which resend a previous page's outbox) and other tabs (which may be the shop's sender) update
 * its state there. A page that goes away cannot report what happened to the events it was sending,
 * so those rows are marked as unconfirmed until a later page of the same shop shows whether its
 * durable outbox still holds them: an event that left the outbox was taken by the service.
 */
import { isRecord } from '../../sdk/core/coerce.js';
import {
  capJson,
  EVENT_STATES,
  readPreviewStatus,
  type DebugDetail,
  type EventState,
  type InspectedEvent,
  type PageSnapshot,
  type PreviewStatus,
  type SessionInfo,
} from './pageData.js';

export const MAX_LOADS = 20;
export const MAX_EVENTS_PER_LOAD = 500;
export const MAX_SEARCHES_PER_LOAD = 100;
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
function shopOfPayload(payload: unknown): string | null {
  const data = (payload as { data?: { metadata?: { config_id?: unknown } } } | null)?.data;
  const shop = data?.metadata?.config_id;
  return typeof shop === 'string' ? shop.slice(0, 100) : null;
}

/** The page load `loadId`, started (and older ones dropped past the cap) when it is new. */
function loadFor(buffer: TabBuffer, loadId: string, url: string, now: number): PageLoad {
  const existing = buffer.loads.find((l) => l.loadId === loadId);
  if (existing) return existing;
  // A new page of the tab: the earlier ones are gone, and so is their say over unsettled events.
  for (const old of buffer.loads) {
    old.ended = true;
    old.activeShop = null;
  }
  for (const event of allEvents(buffer)) if (!isSettled(event.state)) event.orphaned = true;
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
  };
  buffer.loads.push(load);
  if (buffer.loads.length > MAX_LOADS) buffer.loads.splice(0, buffer.loads.length - MAX_LOADS);
  return load;
}

function* allEvents(buffer: TabBuffer): Generator<BufferedEvent> {
  for (const load of buffer.loads) yield* load.events;
}

function findEvent(buffer: TabBuffer, id: string): BufferedEvent | undefined {
  for (let i = buffer.loads.length - 1; i >= 0; i--) {
    const found = buffer.loads[i]!.events.find((e) => e.id === id);
    if (found) return found;
  }
  return undefined;
}

function addEvent(load: PageLoad, event: BufferedEvent): void {
  load.events.push(event);
  if (load.events.length > MAX_EVENTS_PER_LOAD) load.events.splice(0, load.events.length - MAX_EVENTS_PER_LOAD);
}

/** Settles `event` and tells the shared index, so that other tabs showing it follow. */
function settle(event: BufferedEvent, info: SettledInfo, now: number, shared?: SettledIndex): void {
  Object.assign(event, info, { nextAttemptAt: null, orphaned: false, updatedAt: now });
  shared?.set(event.id, info);
}

/** Applies what another tab (or an earlier page in it) already knows of a settled event. */
function settleFromIndex(event: BufferedEvent, now: number, shared?: SettledIndex): void {
  const known = shared?.get(event.id);
  if (!known || isSettled(event.state)) return;
  Object.assign(event, known, { nextAttemptAt: null, orphaned: false, confirmedBy: 'other_tab', updatedAt: now });
}

function mergeSnapshot(
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
        orphaned: false,
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
      orphaned: false,
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
 * A running session lists every event its shop's durable outbox held when it started, and all it
 * recorded since. An event of that shop whose page went away unsettled and that this snapshot does
 * not list has therefore left the outbox, which only an acknowledgement (or a refusal the page did
 * not live to report) does: it was sent while its page unloaded, and the next page confirms it.
 */
function reconcileLeftOutbox(
  buffer: TabBuffer,
  load: PageLoad,
  snapshot: PageSnapshot,
  seen: Set<string>,
  now: number,
  shared?: SettledIndex,
): void {
  const shop = load.activeShop;
  // A session not yet started (or already disposed) says nothing about the outbox.
  if (!shop || (snapshot.session.status === 'created' && snapshot.events.length === 0)) return;
  for (const event of allEvents(buffer)) {
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
  }
}

/** Steps that carry an event id and move that event's state. */
function applyEventStep(
  buffer: TabBuffer,
  load: PageLoad,
  detail: Extract<DebugDetail, { source: 'analytics' }>,
  now: number,
  shared?: SettledIndex,
): void {
  if (!detail.id) return;
  let event = findEvent(buffer, detail.id);
  if (!event) {
    // The step can come before the first snapshot lists the event (or the page leaves first).
    if (!['queued', 'send', 'token_refresh', 'retry_scheduled', 'acknowledged', 'dead_lettered'].includes(detail.phase))
      return;
    event = {
      id: detail.id,
      event: detail.event ?? '(unnamed)',
      seq: detail.seq,
      state: 'queued',
      attempts: 0,
      httpStatus: null,
      reason: null,
      nextAttemptAt: null,
      payload: null,
      firstSeenAt: now,
      updatedAt: now,
      shopId: detail.shopId || null,
      confirmedBy: null,
      orphaned: false,
    };
    addEvent(load, event);
    settleFromIndex(event, now, shared);
  }
  event.shopId ??= detail.shopId || null;
  if (isSettled(event.state)) return;
  const patch: Partial<BufferedEvent> = { orphaned: false, updatedAt: now };
  switch (detail.phase) {
    case 'send':
      Object.assign(patch, {
        state: 'in_flight',
        attempts: Math.max(event.attempts, detail.attempt ?? event.attempts + 1),
        nextAttemptAt: null,
      });
      break;
    case 'token_refresh':
      Object.assign(patch, { state: 'queued', httpStatus: 401, reason: 'token refused; retrying with a fresh token' });
      break;
    case 'retry_scheduled':
      Object.assign(patch, {
        state: 'retry_scheduled',
        httpStatus: detail.httpStatus,
        reason: detail.reason,
        nextAttemptAt: detail.nextAttemptAt,
      });
      break;
    case 'acknowledged':
      Object.assign(event, patch);
      return settle(event, { state: 'acknowledged', httpStatus: 202, reason: null }, now, shared);
    case 'dead_lettered':
      Object.assign(event, patch);
      return settle(
        event,
        { state: 'dead_lettered', httpStatus: detail.httpStatus, reason: detail.reason },
        now,
        shared,
      );
    default:
      break;
  }
  Object.assign(event, patch);
}

function applyDebug(buffer: TabBuffer, load: PageLoad, detail: DebugDetail, now: number, shared?: SettledIndex): void {
  if (detail.source === 'analytics') {
    load.log.push({ at: now, phase: detail.phase, shopId: detail.shopId, id: detail.id, detail: detail.detail });
    if (load.log.length > MAX_LOG_PER_LOAD) load.log.splice(0, load.log.length - MAX_LOG_PER_LOAD);
    if (detail.phase === 'disposed') {
      // The session ended (a tenant switch, an unmount): its unsettled events wait for a later one.
      if (load.activeShop === detail.shopId) load.activeShop = null;
      for (const event of load.events)
        if (event.shopId === detail.shopId && !isSettled(event.state)) event.orphaned = true;
    } else if (detail.shopId) {
      load.activeShop = detail.shopId;
    }
    applyEventStep(buffer, load, detail, now, shared);
    return;
  }
  if (detail.phase === 'request') {
    const n = (load.searches.at(-1)?.n ?? 0) + 1;
    load.searches.push({
      n,
      url: detail.url,
      body: detail.body,
      startedAt: detail.at,
      state: 'pending',
      status: null,
      latencyMs: null,
      error: null,
      total: null,
      pageNotFound: null,
    });
    if (load.searches.length > MAX_SEARCHES_PER_LOAD)
      load.searches.splice(0, load.searches.length - MAX_SEARCHES_PER_LOAD);
    return;
  }
  // The answer belongs to the latest pending request for the same URL.
  const pending = [...load.searches].reverse().find((s) => s.state === 'pending' && s.url === detail.url);
  const record = pending ?? load.searches.at(-1);
  if (!record) return;
  record.state = detail.phase === 'response' && (detail.status === null || detail.status < 400) ? 'done' : 'error';
  record.status = detail.status ?? record.status;
  record.latencyMs = detail.latencyMs ?? record.latencyMs;
  record.total = detail.total ?? record.total;
  record.pageNotFound = detail.pageNotFound ?? record.pageNotFound;
  record.error = detail.error ?? (record.state === 'error' && detail.status ? `HTTP ${detail.status}` : record.error);
}

/**
 * Applies one validated report of page load `loadId` (at `url`) to `buffer`, in place. `shared`
 * carries the events other tabs saw settle, both ways.
 */
export function applyReport(
  buffer: TabBuffer,
  loadId: string,
  url: string,
  report: PageReport,
  now: number,
  shared?: SettledIndex,
): TabBuffer {
  const load = loadFor(buffer, loadId, url, now);
  if (report.kind === 'snapshot') mergeSnapshot(buffer, load, report.snapshot, now, shared);
  else if (report.kind === 'debug') applyDebug(buffer, load, report.detail, now, shared);
  else load.preview = report.status;
  return buffer;
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

const text = (v: unknown, max: number): string | null => (typeof v === 'string' ? v.slice(0, max) : null);
const count = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * One event read back field by field: from storage.session (an older version may lack fields) or
 * from an imported file (which may hold anything, and must never break the panel's rendering).
 */
function restoreEvent(raw: unknown): BufferedEvent | null {
  if (!isRecord(raw)) return null;
  const id = text(raw.id, 100);
  const state = EVENT_STATES.find((s) => s === raw.state);
  if (!id || !state) return null;
  const payload = capJson(raw.payload);
  return {
    id,
    event: text(raw.event, 100) ?? '(unnamed)',
    seq: count(raw.seq),
    state,
    attempts: Math.max(0, Math.min(count(raw.attempts) ?? 0, 1e6)),
    httpStatus: count(raw.httpStatus),
    reason: text(raw.reason, 500),
    nextAttemptAt: count(raw.nextAttemptAt),
    payload,
    firstSeenAt: count(raw.firstSeenAt) ?? 0,
    updatedAt: count(raw.updatedAt) ?? 0,
    shopId: text(raw.shopId, 100) ?? shopOfPayload(payload),
    confirmedBy: raw.confirmedBy === 'next_page' || raw.confirmedBy === 'other_tab' ? raw.confirmedBy : null,
    orphaned: raw.orphaned === true,
  };
}

function restoreSearch(raw: unknown): SearchRecord | null {
  if (!isRecord(raw)) return null;
  const state = (['pending', 'done', 'error'] as const).find((s) => s === raw.state) ?? 'error';
  return {
    n: count(raw.n) ?? 0,
    url: text(raw.url, 2000) ?? '',
    body: capJson(raw.body),
    startedAt: count(raw.startedAt) ?? 0,
    state,
    status: count(raw.status),
    latencyMs: count(raw.latencyMs),
    error: text(raw.error, 500),
    total: count(raw.total),
    pageNotFound: typeof raw.pageNotFound === 'boolean' ? raw.pageNotFound : null,
  };
}

function restoreLogEntry(raw: unknown): SessionLogEntry | null {
  if (!isRecord(raw)) return null;
  const phase = text(raw.phase, 40);
  if (!phase) return null;
  return {
    at: count(raw.at) ?? 0,
    phase,
    shopId: text(raw.shopId, 100) ?? '',
    id: text(raw.id, 100),
    detail: capJson(raw.detail, 4000),
  };
}

function restoreSession(raw: unknown): SessionInfo | null {
  if (!isRecord(raw)) return null;
  return {
    status: text(raw.status, 40) ?? 'unknown',
    visitorId: text(raw.visitorId, 200),
    tokenExp: count(raw.tokenExp),
    unpersisted: count(raw.unpersisted) ?? 0,
  };
}

const list = <T>(raw: unknown, max: number, read: (item: unknown) => T | null): T[] =>
  Array.isArray(raw) ? raw.slice(-max).flatMap((item) => read(item) ?? []) : [];

function restoreLoad(raw: unknown, now: () => number): PageLoad | null {
  if (!isRecord(raw)) return null;
  const loadId = text(raw.loadId, 64);
  if (!loadId) return null;
  return {
    loadId,
    url: text(raw.url, 2000) ?? '',
    startedAt: count(raw.startedAt) ?? 0,
    session: restoreSession(raw.session),
    events: list(raw.events, MAX_EVENTS_PER_LOAD, restoreEvent),
    searches: list(raw.searches, MAX_SEARCHES_PER_LOAD, restoreSearch),
    log: list(raw.log, MAX_LOG_PER_LOAD, restoreLogEntry),
    preview: raw.preview === null || raw.preview === undefined ? null : readPreviewStatus(raw.preview, now),
    activeShop: text(raw.activeShop, 100),
    ended: raw.ended === true,
  };
}

/**
 * Reads a buffer back from storage; anything unexpected yields an empty buffer. `now` stamps a
 * preview report stored without a time (injected so that tests run on fake time).
 */
export function restoreBuffer(raw: unknown, now: () => number = Date.now): TabBuffer {
  if (!isRecord(raw) || !Array.isArray(raw.loads)) return emptyBuffer();
  return { loads: raw.loads.slice(-MAX_LOADS).flatMap((l) => restoreLoad(l, now) ?? []) };
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

/** One step of an event's delivery, for its timeline. */
export interface TimelineStep {
  at: number;
  phase: string;
  loadId: string;
  /** True for a session step (identity, token, flush) that happened while the event was under way. */
  session: boolean;
  detail: unknown;
}

/** Session steps worth showing next to an event's own steps. */
const SESSION_PHASES = new Set([
  'identity_request',
  'token_issued',
  'token_reused',
  'identity_failed',
  'flush',
  'flush_result',
  'flush_failed',
  'flush_skipped',
  'disposed',
]);

/**
 * The delivery steps of `event` across every page load (send → token_refresh → identity_request →
 * token_issued → send → acknowledged …), with the session's identity and flush steps of the same
 * shop that fell between its first and last own step in that load.
 */
export function timelineOf(buffer: TabBuffer, event: BufferedEvent): TimelineStep[] {
  const steps: TimelineStep[] = [];
  const latest = buffer.loads.at(-1);
  for (const load of buffer.loads) {
    const from = load.log.findIndex((entry) => entry.id === event.id);
    if (from < 0) continue;
    let to = load.log.length - 1;
    // A settled event (or one a later load took over) ends at its own last step; a pending one
    // in the current load also shows the identity steps it is waiting on now.
    if (isSettled(event.state) || load !== latest) while (to > from && load.log[to]!.id !== event.id) to--;
    for (let i = from; i <= to; i++) {
      const entry = load.log[i]!;
      const mine = entry.id === event.id;
      const around =
        !mine &&
        entry.id === null &&
        SESSION_PHASES.has(entry.phase) &&
        (event.shopId === null || entry.shopId === event.shopId);
      if (mine || around)
        steps.push({ at: entry.at, phase: entry.phase, loadId: load.loadId, session: around, detail: entry.detail });
    }
  }
  return steps;
}
