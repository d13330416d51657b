/**
 * The sender: one event in flight per shop, oldest sequence number first (head of line), so the
 * service receives each tab's events in the order they happened. It runs while this tab holds the
 * shop's lock and re-reads the shared outbox before every send, so it also delivers what other tabs
 * and earlier pages left there.
 */
import type { StoreEnv, TimerHandle } from '../ports/env.js';
import { authRetryDelay, classifyStatus, isTransientStatus, MAX_UNAUTHORIZED_RETRIES, retryDelay } from './backoff.js';
import { failureReason, HttpStatusError, type RequestPool } from './http.js';
import type { TokenKeeper } from './identity.js';
import type { Outbox } from './outbox.js';
import type { EventLog } from './records.js';
import type { LockAdapter } from '../ports/lifecycle.js';
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

/** The Web Locks / lease name under which one tab sends a shop's events. */
export const senderLockName = (shopId: string): string => `aisle-analytics-sender:${shopId}`;

const eventDetail = (event: AnalyticsEvent) => ({ id: event.id, event: event.event, seq: event.seq });

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
 * The stored time before which `event` must not be sent (its token was refused, by this page or an
 * earlier one or another tab), shown on its record; null when it may go now. A time further ahead
 * than the longest wait ever set can only be corrupted storage (or a clock set back): ignored.
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

/** An identity answer saying no for good (a 4xx other than 408 and 429): retrying soon is pointless. */
function isRefusal(error: unknown): error is HttpStatusError {
  return error instanceof HttpStatusError && !isTransientStatus(error.status);
}

/** Drains the outbox while this tab holds the shop's sender lock. */
export class Sender {
  private draining = false;
  private stopped = false;
  private readonly abort = new AbortController();
  private sleeper: { timer: TimerHandle; wake(): void } | null = null;
  private relock: TimerHandle | null = null;

  constructor(
    private readonly ctx: DeliveryContext,
    private readonly locks: LockAdapter,
  ) {}

  /** Starts draining unless already under way or nothing is pending (after ready and every track). */
  kick(): void {
    if (this.draining || this.stopped || this.ctx.outbox.pending().length === 0) return;
    this.draining = true;
    this.locks
      .request(senderLockName(this.ctx.shopId), () => this.drain(), { signal: this.abort.signal })
      .then(
        () => {
          this.draining = false;
          this.kick(); // an event may have arrived between the last read and the release
        },
        (error: unknown) => {
          this.draining = false;
          if (this.stopped) return;
          this.ctx.emit('lock_failed', { reason: failureReason(error) });
          // Not straight away: a lock that keeps failing must not spin.
          this.relock = this.ctx.env.timers.setTimeout(() => this.kick(), this.ctx.retry.baseMs);
        },
      );
  }

  /** Cuts a back-off wait short, e.g. after a flush settled the event it was waiting for. */
  wake(): void {
    this.sleeper?.wake();
  }

  /** Stops for good: leaves the lock, cancels the back-off wait. */
  stop(): void {
    this.stopped = true;
    this.abort.abort();
    this.wake();
    if (this.relock !== null) this.ctx.env.timers.clearTimeout(this.relock);
  }

  private async drain(): Promise<void> {
    const { outbox, records, env } = this.ctx;
    this.ctx.emit('sender_started');
    while (!this.stopped) {
      const pending = outbox.pending();
      records.reconcile(
        new Set(pending.map((event) => event.id)),
        () => new Set(outbox.deadLetters().map((letter) => letter.event.id)),
      );
      const head = pending[0];
      if (!head) break;
      const due = Math.max(records.see(head).nextAttemptAt ?? 0, authWaitUntil(this.ctx, head) ?? 0);
      const wait = due - env.now();
      if (wait > 0) await this.sleep(wait);
      else await this.send(head);
    }
    this.ctx.emit('sender_idle');
  }

  private async send(event: AnalyticsEvent): Promise<void> {
    const { ctx } = this;
    let token: string;
    try {
      token = ctx.keeper.usable() ?? (await ctx.keeper.refresh(null));
    } catch (error) {
      if (this.stopped) return;
      if (isRefusal(error)) this.waitForAuth(event, error.status, `identity refused (HTTP ${error.status})`);
      else this.retryLater(event, undefined, null, `identity: ${failureReason(error)}`);
      return;
    }
    if (this.stopped) return;
    const attempts = ctx.records.see(event).attempts + 1;
    ctx.records.update(event.id, { state: 'in_flight', attempts, nextAttemptAt: undefined });
    ctx.emit('send', { ...eventDetail(event), attempt: attempts });
    let response;
    try {
      response = await ctx.http.send(`${ctx.host}/v3/event`, {
        body: event,
        headers: { Authorization: `Bearer ${token}` },
      });
    } catch (error) {
      if (!this.stopped) this.retryLater(event, undefined, null, failureReason(error));
      return;
    }
    if (this.stopped) return;
    const { status } = response;
    const outcome = classifyStatus(status);
    if (outcome === 'acknowledged') return acknowledge(ctx, event, 'event');
    if (outcome === 'terminal') return deadLetter(ctx, event, status, `HTTP ${status}${serviceError(response.json)}`);
    if (outcome === 'unauthorized') return this.refused(event, token, status);
    this.retryLater(event, status, response.headers.get('retry-after'), `HTTP ${status}`);
  }

  /**
   * A 401: the token is renewed and the event resent at once, twice at most; the third refusal in a
   * round ends it with a long wait. The renewal is shared with every other caller that needs one.
   */
  private async refused(event: AnalyticsEvent, token: string, status: number): Promise<void> {
    const { ctx } = this;
    const refusals = ctx.records.see(event).authRetries + 1;
    if (refusals > MAX_UNAUTHORIZED_RETRIES) return this.waitForAuth(event, status, null);
    logFailure(ctx, event, 'HTTP 401: refreshing the token');
    ctx.records.update(event.id, {
      state: 'queued',
      httpStatus: status,
      reason: `token refused ${refusals} ${refusals === 1 ? 'time' : 'times'}; retrying with a fresh token`,
      authRetries: refusals,
    });
    ctx.emit('token_refresh', { ...eventDetail(event), retry: refusals });
    try {
      await ctx.keeper.refresh(token);
    } catch (error) {
      if (this.stopped) return;
      // The identity service refusing too ends the round just like a third 401 would.
      if (isRefusal(error)) this.waitForAuth(event, error.status, `identity refused (HTTP ${error.status})`);
      else this.retryLater(event, status, null, `token refresh failed: ${failureReason(error)}`);
    }
  }

  /**
   * Ends a refused round: the event is not tried again before the stored next-attempt time (at least
   * 30 s, doubling per round up to 10 minutes, kept across reloads and tabs). The queue behind it
   * waits, in order; nothing is dropped.
   */
  private waitForAuth(event: AnalyticsEvent, httpStatus: number, cause: string | null): void {
    const { ctx } = this;
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
  private retryLater(
    event: AnalyticsEvent,
    httpStatus: number | undefined,
    retryAfter: string | null,
    reason: string,
  ): void {
    const { ctx } = this;
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

  private sleep(ms: number): Promise<void> {
    const { timers } = this.ctx.env;
    return new Promise((resolve) => {
      const done = (): void => {
        timers.clearTimeout(timer);
        this.sleeper = null;
        resolve();
      };
      const timer = timers.setTimeout(done, ms);
      this.sleeper = { timer, wake: done };
    });
  }
}
