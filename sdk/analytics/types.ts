import type { WireEvent, WireEventData } from '../ports/analyticsWire.js';
import type { StoreEnv } from '../ports/env.js';
import type { LifecycleAdapter, LockAdapter } from '../ports/lifecycle.js';

/** The event environment: the render context's production / qa / development mapped. */
export type AnalyticsEnvironment = 'production' | 'staging' | 'development';

/** Session status: created, pending during initialisation, ready with a token. */
export type SessionStatus = 'created' | 'pending' | 'ready';

/** Page details of an event, as a caller gives them to `track()` (the wire's, see sdk/ports/analyticsWire.ts). */
export type EventData = WireEventData;

/** An event as stored and sent to `POST /v3/event` (`id` never changes); always carries `data.metadata`. */
export interface AnalyticsEvent extends WireEvent {
  data: EventData & { metadata: Record<string, unknown> };
  environment: AnalyticsEnvironment;
}

/** What an event builder of `events.ts` gives to `track()`. */
export interface TrackInput {
  event: string;
  data: EventData;
  url?: string;
}

/** Where an event is on its way to the service. */
export type DeliveryState = 'queued' | 'in_flight' | 'retry_scheduled' | 'acknowledged' | 'dead_lettered';

/** One event in `snapshot().events` (JSON-safe, never holding the token). */
export interface EventSnapshot {
  id: string;
  event: string;
  seq: number;
  state: DeliveryState;
  /** Requests made for this event by this page (single sends, not keepalive batches). */
  attempts: number;
  httpStatus?: number;
  reason?: string;
  /** Epoch milliseconds of the next attempt, while `retry_scheduled`. */
  nextAttemptAt?: number;
  payload: AnalyticsEvent;
}

/** `Aisle.debug.snapshot().analytics`. */
export interface AnalyticsSnapshot {
  status: SessionStatus;
  visitorId: string | null;
  /** The short code a shopper reads out to support (`K7M-4QX`, see core/visitorCode.ts); null before a visitor is known. */
  visitorCode: string | null;
  /** The token's exp claim in epoch seconds; the token itself is never exposed. */
  tokenExp: number | null;
  /** Events this page could not write to storage (kept in memory instead). */
  unpersisted: number;
  /** Whether storage took the last write (`refused`: full or turned off; events wait in memory). */
  storage: 'ok' | 'refused';
  events: EventSnapshot[];
}

/** An event the service refused for good, kept in storage for support to inspect. */
export interface DeadLetter {
  event: AnalyticsEvent;
  reason: string;
  httpStatus?: number;
  at: string;
}

/** Exponential back-off with full jitter: a random delay up to min(cap, base × factor^(n−1)). */
export interface RetryPolicy {
  baseMs: number;
  capMs: number;
  factor?: number;
}

/** What `new AnalyticsSession()` takes. */
export interface AnalyticsSessionOptions {
  env: StoreEnv;
  shopId: string;
  /** Base URL of the analytics service (`config.analyticsHost`), without a trailing slash. */
  host: string;
  environment: AnalyticsEnvironment;
  /** Merged into every event's `data.metadata` (the event's own keys win). */
  globalMetadata?: Record<string, unknown>;
  /** The query parameters the tenant's event addresses keep (default: the listing's own, see core/privacy.ts). */
  queryParams?: readonly string[];
  /** Request time-out and the second `init()`'s wait (default 5000 ms). */
  timeoutMs?: number;
  lifecycle: LifecycleAdapter;
  locks: LockAdapter;
  /** Source of the back-off jitter, in [0, 1). */
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /** The wait after a round of refused tokens (defaults: 30 s, doubling, at most 10 minutes). */
  authRetry?: Partial<RetryPolicy>;
}

/** What `init()` resolves with once the session is ready. */
export interface AnalyticsIdentity {
  visitorId: string;
  tokenExp: number | null;
}
