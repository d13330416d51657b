/**
 * Applies each page report to a tab's buffer, one row per event id; the one place the rest of the
 * extension imports the buffer from.
 */
import type { DebugDetail } from './pageData.js';
import {
  addEvent,
  isSettled,
  orphan,
  MAX_LOG_PER_LOAD,
  MAX_SEARCHES_PER_LOAD,
  type BufferedEvent,
  type PageLoad,
  type PageReport,
  type SettledIndex,
  type TabBuffer,
} from './inspectorBufferModel.js';
import { loadFor, mergeSnapshot, settle, settleFromIndex } from './inspectorReconcile.js';

export {
  allEvents,
  MAX_EVENTS_PER_LOAD,
  MAX_LOADS,
  MAX_LOG_PER_LOAD,
  MAX_SEARCHES_PER_LOAD,
  currentLoad,
  emptyBuffer,
  isSettled,
  waitingOf,
  type BufferedEvent,
  type Confirmation,
  type PageLoad,
  type PageReport,
  type SearchRecord,
  type SessionLogEntry,
  type SettledIndex,
  type SettledInfo,
  type TabBuffer,
  type Waiting,
} from './inspectorBufferModel.js';
export {
  applySettled,
  closedAt,
  indexSettled,
  outboxShopOf,
  pageStarted,
  settleLeftOutbox,
  tabClosed,
} from './inspectorReconcile.js';
export { restoreBuffer } from './inspectorRestore.js';
export { timelineOf, type TimelineStep } from './inspectorTimeline.js';

function findEvent(buffer: TabBuffer, id: string): BufferedEvent | undefined {
  for (let i = buffer.loads.length - 1; i >= 0; i--) {
    const found = buffer.loads[i]!.events.find((e) => e.id === id);
    if (found) return found;
  }
  return undefined;
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
      orphaned: load.ended,
      orphanedAt: load.ended ? now : null,
      sends: 0,
    };
    addEvent(load, event);
    settleFromIndex(event, now, shared);
  }
  event.shopId ??= detail.shopId || null;
  if (isSettled(event.state)) return;
  // A late step of a page that has gone moves the row but cannot say the event is alive.
  const patch: Partial<BufferedEvent> = load.ended
    ? { updatedAt: now }
    : { orphaned: false, orphanedAt: null, updatedAt: now };
  switch (detail.phase) {
    case 'send': {
      // A later page counts its attempts from 1 again: the row counts every send it saw, so that
      // Tries is never less than the sends its timeline lists.
      const sends = event.sends + 1;
      Object.assign(patch, {
        state: 'in_flight',
        sends,
        attempts: Math.max(event.attempts, detail.attempt ?? event.attempts + 1, sends),
        nextAttemptAt: null,
      });
      break;
    }
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
      for (const event of load.events) if (event.shopId === detail.shopId) orphan(event, now);
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
