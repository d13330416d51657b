import { authRetryDelay, retryDelay } from './backoff.js';
import { authWaitReason, eventDetail, logFailure, type DeliveryContext } from './settle.js';
import type { AnalyticsEvent } from './types.js';

/** Ends a refused round with a wait kept across reloads and tabs; the queue behind waits, nothing dropped. */
export function waitForAuth(
  ctx: DeliveryContext,
  event: AnalyticsEvent,
  httpStatus: number,
  cause: string | null,
): void {
  const record = ctx.records.see(event);
  const rounds = Math.max(ctx.outbox.waitOf(event.id)?.rounds ?? 0, record.authRounds) + 1;
  const now = ctx.env.now();
  const delayMs = authRetryDelay(rounds, ctx.random, ctx.authRetry);
  const nextAttemptAt = now + delayMs;
  ctx.outbox.setWait(event.id, { at: nextAttemptAt, rounds });
  const refusals = record.authRetries + 1;
  const reason = cause
    ? `${cause}; next attempt at ${new Date(nextAttemptAt).toISOString()}`
    : authWaitReason(refusals, nextAttemptAt);
  ctx.records.update(event.id, {
    state: 'retry_scheduled',
    httpStatus,
    reason,
    authRetries: 0,
    authRounds: rounds,
    nextAttemptAt,
  });
  ctx.emit('retry_scheduled', {
    ...eventDetail(event),
    httpStatus,
    reason,
    delayMs,
    nextAttemptAt,
    waiting: cause ? 'identity_refused' : 'token_refused',
    rounds,
  });
  logFailure(ctx, event, reason);
}

/** A transient failure: back off with jitter (or as long as Retry-After asks), then resend. */
export function retryLater(
  ctx: DeliveryContext,
  event: AnalyticsEvent,
  httpStatus: number | undefined,
  retryAfter: string | null,
  reason: string,
): void {
  const failures = ctx.records.see(event).failures + 1;
  const now = ctx.env.now();
  const delayMs = retryDelay(failures, ctx.retry, ctx.random, retryAfter, now);
  // The token refusals of the round are kept: a transient failure in between does not reset them.
  ctx.records.update(event.id, {
    state: 'retry_scheduled',
    failures,
    httpStatus,
    reason,
    nextAttemptAt: now + delayMs,
  });
  ctx.emit('retry_scheduled', {
    ...eventDetail(event),
    httpStatus: httpStatus ?? null,
    reason,
    delayMs,
    nextAttemptAt: now + delayMs,
  });
  logFailure(ctx, event, reason);
}
