/**
 * One tab's inspector buffer: what the page's Aisle reported, grouped by page load. It is plain
 * JSON (it is mirrored to storage.session) and capped, so a chatty or hostile page cannot grow it
 * without bound. An event keeps the page load it was first seen in; later loads (which resend a
 * previous page's outbox) update its state there.
 */
import type { DebugDetail, InspectedEvent, PageSnapshot, PreviewStatus, SessionInfo } from './pageData.js';

export const MAX_LOADS = 20;
export const MAX_EVENTS_PER_LOAD = 500;
export const MAX_SEARCHES_PER_LOAD = 100;
export const MAX_LOG_PER_LOAD = 200;

/** An event with the times the inspector saw it. */
export interface BufferedEvent extends InspectedEvent {
  firstSeenAt: number;
  updatedAt: number;
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
}

/** An analytics lifecycle step from `aisle:debug`. */
export interface SessionLogEntry {
  at: number;
  phase: string;
  shopId: string;
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

/** An empty buffer. */
export function emptyBuffer(): TabBuffer {
  return { loads: [] };
}

/** The page load `loadId`, started (and older ones dropped past the cap) when it is new. */
function loadFor(buffer: TabBuffer, loadId: string, url: string, now: number): PageLoad {
  const existing = buffer.loads.find((l) => l.loadId === loadId);
  if (existing) return existing;
  const load: PageLoad = {
    loadId,
    url,
    startedAt: now,
    session: null,
    events: [],
    searches: [],
    log: [],
    preview: null,
  };
  buffer.loads.push(load);
  if (buffer.loads.length > MAX_LOADS) buffer.loads.splice(0, buffer.loads.length - MAX_LOADS);
  return load;
}

function findEvent(buffer: TabBuffer, id: string): BufferedEvent | undefined {
  for (let i = buffer.loads.length - 1; i >= 0; i--) {
    const found = buffer.loads[i]!.events.find((e) => e.id === id);
    if (found) return found;
  }
  return undefined;
}

function mergeSnapshot(buffer: TabBuffer, load: PageLoad, snapshot: PageSnapshot, now: number): void {
  load.session = snapshot.session;
  for (const event of snapshot.events) {
    const known = findEvent(buffer, event.id);
    if (known) {
      // A settled event stays settled: an older page's stale copy never moves it back.
      const settled = known.state === 'acknowledged' || known.state === 'dead_lettered';
      if (!settled || event.state === 'acknowledged' || event.state === 'dead_lettered') {
        Object.assign(known, event, { attempts: Math.max(known.attempts, event.attempts), updatedAt: now });
      }
      continue;
    }
    load.events.push({ ...event, firstSeenAt: now, updatedAt: now });
    if (load.events.length > MAX_EVENTS_PER_LOAD) load.events.splice(0, load.events.length - MAX_EVENTS_PER_LOAD);
  }
}

function applyDebug(load: PageLoad, detail: DebugDetail): void {
  if (detail.source === 'analytics') {
    load.log.push({ at: Date.now(), phase: detail.phase, shopId: detail.shopId, detail: detail.detail });
    if (load.log.length > MAX_LOG_PER_LOAD) load.log.splice(0, load.log.length - MAX_LOG_PER_LOAD);
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
  record.error = detail.error ?? (record.state === 'error' && detail.status ? `HTTP ${detail.status}` : record.error);
}

/** Applies one validated report of page load `loadId` (at `url`) to `buffer`, in place. */
export function applyReport(
  buffer: TabBuffer,
  loadId: string,
  url: string,
  report: PageReport,
  now: number,
): TabBuffer {
  const load = loadFor(buffer, loadId, url, now);
  if (report.kind === 'snapshot') mergeSnapshot(buffer, load, report.snapshot, now);
  else if (report.kind === 'debug') applyDebug(load, report.detail);
  else load.preview = report.status;
  return buffer;
}

/** Reads a buffer back from storage; anything unexpected yields an empty buffer. */
export function restoreBuffer(raw: unknown): TabBuffer {
  if (typeof raw !== 'object' || raw === null || !Array.isArray((raw as TabBuffer).loads)) return emptyBuffer();
  return { loads: (raw as TabBuffer).loads.slice(-MAX_LOADS) };
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
