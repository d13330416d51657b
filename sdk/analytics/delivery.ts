/**
 * One event in flight per shop, oldest first, so the service receives events in order. It re-reads
 * the shared outbox before every send, so it also delivers what other tabs and earlier pages left.
 */
import type { TimerHandle } from '../ports/env.js';
import { classifyStatus, isTransientStatus, MAX_UNAUTHORIZED_RETRIES } from './backoff.js';
import { failureReason, HttpStatusError } from './http.js';
import type { LockAdapter } from '../ports/lifecycle.js';
import { retryLater, waitForAuth } from './reschedule.js';
import {
  acknowledge,
  authWaitUntil,
  deadLetter,
  eventDetail,
  logFailure,
  serviceError,
  type DeliveryContext,
} from './settle.js';
import type { AnalyticsEvent } from './types.js';

// The session and the keepalive flush take their settling helpers from the sender's module.
export {
  acknowledge,
  authWaitReason,
  authWaitUntil,
  deadLetter,
  logFailure,
  serviceError,
  type DeliveryContext,
} from './settle.js';

/** The Web Locks / lease name under which one tab sends a shop's events. */
export const senderLockName = (shopId: string): string => `aisle-analytics-sender:${shopId}`;

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
      if (isRefusal(error)) waitForAuth(ctx, event, error.status, `identity refused (HTTP ${error.status})`);
      else retryLater(ctx, event, undefined, null, `identity: ${failureReason(error)}`);
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
      if (!this.stopped) retryLater(ctx, event, undefined, null, failureReason(error));
      return;
    }
    if (this.stopped) return;
    const { status } = response;
    const outcome = classifyStatus(status);
    if (outcome === 'acknowledged') return acknowledge(ctx, event, 'event');
    if (outcome === 'terminal') return deadLetter(ctx, event, status, `HTTP ${status}${serviceError(response.json)}`);
    if (outcome === 'unauthorized') return this.refused(event, token, status);
    retryLater(ctx, event, status, response.headers.get('retry-after'), `HTTP ${status}`);
  }

  /**
   * A 401: the token is renewed and the event resent at once, twice at most; the third refusal in a
   * round ends it with a long wait. The renewal is shared with every other caller that needs one.
   */
  private async refused(event: AnalyticsEvent, token: string, status: number): Promise<void> {
    const { ctx } = this;
    const refusals = ctx.records.see(event).authRetries + 1;
    if (refusals > MAX_UNAUTHORIZED_RETRIES) return waitForAuth(ctx, event, status, null);
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
      if (isRefusal(error)) waitForAuth(ctx, event, error.status, `identity refused (HTTP ${error.status})`);
      else retryLater(ctx, event, status, null, `token refresh failed: ${failureReason(error)}`);
    }
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
