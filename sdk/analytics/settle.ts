import type { StoreEnv } from '../ports/env.js';
import { MAX_UNAUTHORIZED_RETRIES } from './backoff.js';
import type { RequestPool } from './http.js';
import type { TokenKeeper } from './identity.js';
import type { Outbox } from './outbox.js';
import type { EventLog } from './records.js';
import type { AnalyticsEvent, RetryPolicy } from './types.js';

/** What the sender and the keepalive flush share with their session. */
export interface DeliveryContext {
  env: StoreEnv;
  shopId: string;
  host: string;
  retry: Required<RetryPolicy>;
  /** The wait after a round of refused tokens. */
  authRetry: Required<RetryPolicy>;
  random: () => number;
  outbox: Outbox;
  records: EventLog;
  keeper: TokenKeeper;
  http: RequestPool;
  emit(phase: string, detail?: Record<string, unknown>): void;
}

/** The fields that name an event in the debug events. */
export const eventDetail = (event: AnalyticsEvent) => ({ id: event.id, event: event.event, seq: event.seq });

/** Failures are logged to the console only, never shown to the shopper. */
export function logFailure(ctx: DeliveryContext, event: AnalyticsEvent, reason: string): void {
  ctx.env.log.error('Error tracking queued event', `${event.event} ${event.id}: ${reason}`);
}

/** Settles an event the service accepted (202 to a single send or within a batch). */
export function acknowledge(ctx: DeliveryContext, event: AnalyticsEvent, via: 'event' | 'batch'): void {
  ctx.outbox.remove(event.id);
  ctx.records.see(event);
  ctx.records.update(event.id, { state: 'acknowledged', httpStatus: 202, reason: undefined, nextAttemptAt: undefined });
  ctx.emit('acknowledged', { ...eventDetail(event), via });
}

/** Settles an event the service refused for good: out of the outbox, into the dead letters. */
export function deadLetter(ctx: DeliveryContext, event: AnalyticsEvent, httpStatus: number, reason: string): void {
  ctx.outbox.deadLetter(event, reason, httpStatus, new Date(ctx.env.now()).toISOString());
  ctx.records.see(event);
  ctx.records.update(event.id, { state: 'dead_lettered', httpStatus, reason, nextAttemptAt: undefined });
  ctx.emit('dead_lettered', { ...eventDetail(event), httpStatus, reason });
  logFailure(ctx, event, reason);
}

/** Why an event waits after refused tokens, as shown in the snapshot and the debug events. */
export function authWaitReason(refusals: number, at: number): string {
  return `token refused ${refusals} ${refusals === 1 ? 'time' : 'times'}; next attempt at ${new Date(at).toISOString()}`;
}

/**
 * When `event` may next be sent after refused tokens (any tab's), or null. A time beyond the longest
 * wait ever set can only be corrupted storage or a clock set back: ignored.
 */
export function authWaitUntil(ctx: DeliveryContext, event: AnalyticsEvent): number | null {
  const wait = ctx.outbox.waitOf(event.id);
  const now = ctx.env.now();
  if (!wait || wait.at <= now) return null;
  if (wait.at > now + ctx.authRetry.capMs) {
    ctx.outbox.setWait(event.id, null);
    return null;
  }
  const record = ctx.records.see(event);
  if (record.nextAttemptAt !== wait.at && (record.state === 'queued' || record.state === 'retry_scheduled')) {
    ctx.records.update(event.id, {
      state: 'retry_scheduled',
      httpStatus: record.httpStatus ?? 401,
      reason: authWaitReason(MAX_UNAUTHORIZED_RETRIES + 1, wait.at),
      nextAttemptAt: wait.at,
      authRounds: Math.max(record.authRounds, wait.rounds),
    });
  }
  return wait.at;
}

/** The service's error text, shortened, for a dead letter's reason. */
export function serviceError(json: unknown): string {
  const error = (json as { error?: unknown } | undefined)?.error;
  return typeof error === 'string' && error ? `: ${error.slice(0, 200)}` : '';
}
