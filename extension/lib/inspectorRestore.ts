/**
 * Reads a buffer back field by field from storage.session (an older version may lack fields) or an
 * imported file (which may hold anything); anything unexpected is dropped.
 */
import { readConsent } from './consentSummary.js';
import { capJson, EVENT_STATES, readPreviewStatus, type SessionInfo } from './pageData.js';
import {
  emptyBuffer,
  MAX_EVENTS_PER_LOAD,
  MAX_LOADS,
  MAX_LOG_PER_LOAD,
  MAX_SEARCHES_PER_LOAD,
  shopOfPayload,
  type BufferedEvent,
  type PageLoad,
  type SearchRecord,
  type SessionLogEntry,
  type TabBuffer,
} from './inspectorBufferModel.js';
import { isRecord } from '../../sdk/public/tools.js';

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
    orphanedAt: raw.orphaned === true ? count(raw.orphanedAt) : null,
    sends: Math.max(0, Math.min(count(raw.sends) ?? 0, 1e6)),
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
    held: count(raw.held) ?? 0,
    consent: readConsent(raw.consent),
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
    tabClosedAt: count(raw.tabClosedAt),
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
