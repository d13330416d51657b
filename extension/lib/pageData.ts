/**
 * The page can read and spoof the page channel: these readers check each message's shape, cap every
 * string and payload, and drop credential-looking keys before anything reaches the background or a panel.
 */
import { readConsent, type ConsentInfo } from './consentSummary.js';
import { isRecord } from '../../sdk/public/tools.js';

/** The delivery states an event goes through in the page's snapshot. */
export const EVENT_STATES = ['queued', 'in_flight', 'retry_scheduled', 'acknowledged', 'dead_lettered'] as const;
export type EventState = (typeof EVENT_STATES)[number];

/** Largest serialised payload or request body kept per event or search. */
export const MAX_PAYLOAD_CHARS = 16 * 1024;
/** Most events read from one snapshot. */
export const MAX_SNAPSHOT_EVENTS = 500;

/** One analytics event as the inspector shows it. */
export interface InspectedEvent {
  id: string;
  event: string;
  seq: number | null;
  state: EventState;
  attempts: number;
  httpStatus: number | null;
  reason: string | null;
  nextAttemptAt: number | null;
  payload: unknown;
}

/** The session part of a snapshot (never the token). */
export interface SessionInfo {
  status: string;
  visitorId: string | null;
  tokenExp: number | null;
  unpersisted: number;
  /** Events waiting in the page's memory for the shopper's consent. */
  held: number;
  /** Where the shopper's consent stands, when the page says. */
  consent: ConsentInfo | null;
}

/** A validated `Aisle.debug.snapshot()`. */
export interface PageSnapshot {
  session: SessionInfo;
  events: InspectedEvent[];
}

/** A validated `aisle:debug` detail. */
export type DebugDetail =
  | {
      source: 'search';
      phase: 'request' | 'response' | 'error';
      at: number;
      url: string;
      body: unknown;
      status: number | null;
      latencyMs: number | null;
      error: string | null;
      /** Products the answer held in all, when the page said so. */
      total: number | null;
      /** True when the answer said the page does not exist. */
      pageNotFound: boolean | null;
    }
  | {
      source: 'analytics';
      phase: string;
      shopId: string;
      id: string | null;
      event: string | null;
      seq: number | null;
      /** The attempt number of a `send`. */
      attempt: number | null;
      httpStatus: number | null;
      reason: string | null;
      nextAttemptAt: number | null;
      /** Why an event waits: `token_refused` or `identity_refused` after refused tokens. */
      waiting: string | null;
      detail: unknown;
    };

/** What the extension's preview script reports about its injection. */
export interface PreviewStatus {
  /**
   * `not-found`: Aisle runs, but the search service says the page does not exist. `idle`: a route
   * change without a page load left the path patterns, and the preview stepped back.
   */
  outcome: 'pending' | 'shown' | 'not-found' | 'stood-aside' | 'failed' | 'idle';
  /** True when the page had its own Aisle and the extension's copy replaced it. */
  tookOver: boolean;
  message: string;
  /** Something that went wrong although Aisle is shown (e.g. the page's CSP blocks its images). */
  warning?: string;
  at: number;
}

/** The outcomes a preview report can have. */
export const PREVIEW_OUTCOMES = ['pending', 'shown', 'not-found', 'stood-aside', 'failed', 'idle'] as const;

const SECRET_KEY = /token|authorization|password|secret|cookie/i;

const str = (v: unknown, max: number): string | null => (typeof v === 'string' ? v.slice(0, max) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * A JSON copy of `value` without credential-looking keys, or a text preview when it is larger
 * than `max` characters (or not JSON at all).
 */
export function capJson(value: unknown, max = MAX_PAYLOAD_CHARS): unknown {
  if (value === undefined) return null;
  let text: string;
  try {
    text = JSON.stringify(value, (key, v: unknown) => (key !== '' && SECRET_KEY.test(key) ? '[removed]' : v)) ?? 'null';
  } catch {
    return { unreadable: true };
  }
  if (text.length > max) return { truncated: true, size: text.length, preview: text.slice(0, 1000) };
  return JSON.parse(text) as unknown;
}

function readEvent(raw: unknown): InspectedEvent | null {
  if (!isRecord(raw)) return null;
  const id = str(raw.id, 100);
  const state = EVENT_STATES.find((s) => s === raw.state);
  if (!id || !state) return null;
  return {
    id,
    event: str(raw.event, 100) ?? '(unnamed)',
    seq: num(raw.seq),
    state,
    attempts: Math.max(0, Math.min(num(raw.attempts) ?? 0, 1e6)),
    httpStatus: num(raw.httpStatus),
    reason: str(raw.reason, 500),
    nextAttemptAt: num(raw.nextAttemptAt),
    payload: capJson(raw.payload),
  };
}

/** Reads `Aisle.debug.snapshot()` as the page returned it; null when it is not one. */
export function readSnapshot(raw: unknown): PageSnapshot | null {
  if (!isRecord(raw) || !isRecord(raw.analytics)) return null;
  const a = raw.analytics;
  const events = Array.isArray(a.events) ? a.events.slice(-MAX_SNAPSHOT_EVENTS).flatMap((e) => readEvent(e) ?? []) : [];
  return {
    session: {
      status: str(a.status, 40) ?? 'unknown',
      visitorId: str(a.visitorId, 200),
      tokenExp: num(a.tokenExp),
      unpersisted: num(a.unpersisted) ?? 0,
      held: num(a.held) ?? 0,
      consent: readConsent(raw.consent),
    },
    events,
  };
}

/**
 * Reads an `aisle:debug` detail; null when it is neither a search nor an analytics step. `now`
 * stamps a detail the page sent without a time (injected so that tests run on fake time).
 */
export function readDebugDetail(raw: unknown, now: () => number = Date.now): DebugDetail | null {
  if (!isRecord(raw)) return null;
  if (raw.source === 'search') {
    const phase = raw.phase === 'request' || raw.phase === 'response' || raw.phase === 'error' ? raw.phase : null;
    if (!phase) return null;
    return {
      source: 'search',
      phase,
      at: num(raw.at) ?? now(),
      url: str(raw.url, 2000) ?? '',
      body: raw.body === undefined ? null : capJson(raw.body),
      status: num(raw.status),
      latencyMs: num(raw.latencyMs),
      error: str(raw.error ?? raw.reason ?? raw.message, 500),
      total: num(raw.total),
      pageNotFound: typeof raw.pageNotFound === 'boolean' ? raw.pageNotFound : null,
    };
  }
  if (raw.source === 'analytics') {
    const phase = str(raw.phase, 40);
    if (!phase) return null;
    const { source: _s, phase: _p, shopId, ...rest } = raw;
    return {
      source: 'analytics',
      phase,
      shopId: str(shopId, 100) ?? '',
      id: str(raw.id, 100),
      event: str(raw.event, 100),
      seq: num(raw.seq),
      attempt: num(raw.attempt),
      httpStatus: num(raw.httpStatus),
      reason: str(raw.reason, 500),
      nextAttemptAt: num(raw.nextAttemptAt),
      waiting: str(raw.waiting, 40),
      detail: capJson(rest, 4000),
    };
  }
  return null;
}

/** Reads the preview script's status report; `now` stamps one that came without a time. */
export function readPreviewStatus(raw: unknown, now: () => number = Date.now): PreviewStatus | null {
  if (!isRecord(raw)) return null;
  const outcome = PREVIEW_OUTCOMES.find((o) => o === raw.outcome);
  if (!outcome) return null;
  const warning = str(raw.warning, 500);
  return {
    outcome,
    tookOver: raw.tookOver === true,
    message: str(raw.message, 500) ?? '',
    ...(warning ? { warning } : {}),
    at: num(raw.at) ?? now(),
  };
}

/** Largest message the relay forwards from the page (a full snapshot of 500 events fits). */
export const MAX_MESSAGE_CHARS = 4 * 1024 * 1024;

/** The kinds of page message the relay forwards. */
export type PageMessageKind = 'snapshot' | 'debug' | 'preview';

/** Validates one forwarded page message into a report for the buffer; null drops it. */
export function readPageMessage(
  kind: unknown,
  raw: unknown,
  now: () => number = Date.now,
): import('./inspectorBuffer.js').PageReport | null {
  if (kind === 'snapshot') {
    const snapshot = readSnapshot(raw);
    return snapshot && { kind, snapshot };
  }
  if (kind === 'debug') {
    const detail = readDebugDetail(raw, now);
    return detail && { kind, detail };
  }
  if (kind === 'preview') {
    const status = readPreviewStatus(raw, now);
    return status && { kind, status };
  }
  return null;
}
