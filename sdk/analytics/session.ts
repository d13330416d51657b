/** The per-shop analytics session: outbox written before any network work, one sender per shop across tabs. */
import { makeAutoObservable } from 'mobx';
import { v4 as uuidv4 } from 'uuid';
import { DEBUG_EVENT } from '../contract.js';
import { visitorCode } from '../core/visitorCode.js';
import { trackTimers, type TrackedTimers } from '../host/timers.js';
import type { StoreEnv } from '../ports/env.js';
import { AUTH_RETRY, authRetryDelay, DEFAULT_RETRY, isTransientStatus, retryDelay } from './backoff.js';
import { authWaitUntil, Sender, type DeliveryContext } from './delivery.js';
import { buildEvent } from './events.js';
import { flushOutbox } from './flush.js';
import { failureReason, HttpStatusError, requestPool, type RequestPool } from './http.js';
import { TokenKeeper } from './identity.js';
import { fitsOutbox, MAX_EVENT_BYTES, Outbox, outboxKeys } from './outbox.js';
import { EventLog } from './records.js';
import { TOKEN_PARSE_ERROR } from './token.js';
import type { AnalyticsIdentity, AnalyticsSessionOptions, AnalyticsSnapshot, DeadLetter, EventData } from './types.js';
import type { SessionStatus } from './types.js';

/** Analytics requests abort after 5000 ms unless configured otherwise. */
export const ANALYTICS_TIMEOUT_MS = 5000;
/** A second `init()` polls every 100 ms. */
export const INIT_POLL_MS = 100;

/** One shop's analytics session (a MobX store). */
export class AnalyticsSession {
  status: SessionStatus = 'created';
  visitorId: string | null = null;
  /** The token's exp claim (epoch seconds); the token itself never leaves the keeper. */
  tokenExp: number | null = null;
  /** Events this page could not write to storage and holds in memory. */
  unpersisted = 0;
  /** Whether the last write to the shop's outbox or counter was stored (`refused`: storage is full or off). */
  storage: 'ok' | 'refused' = 'ok';
  readonly records = new EventLog();
  readonly timeoutMs: number;
  // The machinery lives in #private fields, which MobX does not see: it is not observable state.
  readonly #options: AnalyticsSessionOptions;
  readonly #env: StoreEnv & { timers: TrackedTimers };
  readonly #http: RequestPool;
  readonly #outbox: Outbox;
  readonly #keeper: TokenKeeper;
  readonly #ctx: DeliveryContext;
  readonly #sender: Sender;
  readonly #cleanups: Array<() => void> = [];
  readonly #waiting = new Set<(identity: null) => void>();
  #disposed = false;
  #flushing = false;
  #identityFailures = 0;

  constructor(options: AnalyticsSessionOptions) {
    const { shopId, lifecycle } = options;
    const host = options.host.replace(/\/+$/, '');
    // Every timer of the session, its parts included, so that dispose() can clear them all.
    const env = { ...options.env, timers: trackTimers(options.env.timers) };
    const emit = (phase: string, detail?: Record<string, unknown>) => this.#emit(phase, detail);
    const warned = new Set<string>();
    const warnOnce = (key: string, message: string): void => {
      if (warned.has(key)) return;
      warned.add(key);
      env.log.warn(message);
      emit('storage_reset', { key, message });
    };
    this.#options = options;
    this.#env = env;
    this.timeoutMs = options.timeoutMs ?? ANALYTICS_TIMEOUT_MS;
    this.#http = requestPool(env, this.timeoutMs);
    this.#outbox = new Outbox(env.storage, shopId, warnOnce, (stored) => this.#storageAnswered(stored));
    const onToken = (id: string, exp: number | null) => this.setIdentity(id, exp);
    this.#keeper = new TokenKeeper({ env, shopId, host, http: this.#http, emit, onToken, warnOnce });
    this.#ctx = {
      env,
      shopId,
      host,
      emit,
      http: this.#http,
      outbox: this.#outbox,
      records: this.records,
      keeper: this.#keeper,
      retry: { ...DEFAULT_RETRY, ...options.retry },
      authRetry: { ...AUTH_RETRY, ...options.authRetry },
      random: options.random ?? Math.random,
    };
    this.#sender = new Sender(this.#ctx, options.locks);
    // Events an earlier page or another tab left behind show up in the snapshot straight away, an
    // event still waiting after refused tokens with its reason and next attempt.
    this.#outbox.pending().forEach((event) => {
      this.records.see(event);
      authWaitUntil(this.#ctx, event);
    });
    makeAutoObservable(this, { records: false }, { autoBind: true });
    // Events another tab queued need a sender even if that tab closes before sending them.
    const outboxKey = outboxKeys(shopId).outbox;
    const onStorage = lifecycle.onStorageChange?.((key) => (key === null || key === outboxKey) && this.#kick());
    this.#cleanups.push(
      lifecycle.onHidden(() => this.flush('hidden')),
      lifecycle.onPageHide(() => this.flush('pagehide')),
    );
    if (onStorage) this.#cleanups.push(onStorage);
  }

  /**
   * Gets a token, then queued events go out. A second call while pending polls and resolves null
   * after the time-out. A failure is thrown and, unless the answer held no readable token, retried
   * after a back-off (long when the service refused it).
   */
  async init(): Promise<AnalyticsIdentity | null> {
    if (this.#disposed) return null;
    if (this.status === 'ready') return this.#identity();
    if (this.status === 'pending') return this.#waitUntilReady();
    this.setStatus('pending');
    this.#emit('init', { pending: this.#outbox.pending().length });
    try {
      await this.#keeper.obtain();
    } catch (error) {
      this.#onIdentityFailed(error);
      throw error;
    }
    if (this.#disposed) return null;
    this.#identityFailures = 0;
    this.setStatus('ready');
    this.#emit('ready', { visitorId: this.visitorId, tokenExp: this.tokenExp, pending: this.#outbox.pending().length });
    this.#kick();
    return this.#identity();
  }

  /**
   * Written to the outbox synchronously, then sent once ready. `at`: an earlier time it happened (held
   * until the shopper consented). Never throws; the event id, or null if unusable.
   */
  track(event: string, data: EventData = {}, url?: string, at?: number): string | null {
    return this.#record(event, data, url, true, at);
  }

  /**
   * Records an event as the page goes away, sent only by the keepalive flush (or the next page): a
   * plain request in flight on leaving keeps the page out of the back/forward cache.
   */
  trackOnLeave(event: string, data: EventData = {}, url?: string): string | null {
    return this.#record(event, data, url, false);
  }

  #record(event: string, data: EventData, url: string | undefined, send: boolean, at?: number): string | null {
    if (this.#disposed) return null;
    try {
      const payload = buildEvent({
        id: uuidv4(),
        // Numbered in this tab's own class as the page goes away (see Outbox.nextSeq).
        seq: this.#outbox.nextSeq(!send),
        event,
        data,
        globalMetadata: this.#options.globalMetadata,
        queryParams: this.#options.queryParams,
        url: url ?? this.#env.host.location().href,
        timestamp: new Date(at ?? this.#env.now()).toISOString(),
        environment: this.#options.environment,
      });
      // The outbox would drop it on the next read, and the service refuses bodies this large anyway.
      if (!fitsOutbox(payload)) throw new Error(`event larger than ${MAX_EVENT_BYTES} bytes`);
      const persisted = this.#outbox.add(payload);
      this.records.see(payload);
      if (!persisted) this.unpersisted += 1;
      this.#emit('queued', { id: payload.id, event, seq: payload.seq, persisted });
      if (send) this.#kick();
      return payload.id;
    } catch (error) {
      this.#env.log.error('Error tracking event', event, failureReason(error));
      return null;
    }
  }

  /** Follows event `id`, already in the outbox (the visit written at mount), as this page's own. */
  adopt(id: string): void {
    this.#outbox.claim(id);
  }

  /** Resolves true once event `id` is acknowledged; false if dead-lettered or the session ends. */
  delivery(id: string | null): Promise<boolean> {
    return id === null ? Promise.resolve(false) : this.records.whenSettled(id);
  }

  /** Sends everything pending with keepalive (page hidden or unloading); events stay until acknowledged. */
  flush(trigger: 'hidden' | 'pagehide'): void {
    if (this.#disposed || this.#flushing || this.status !== 'ready') return;
    this.#flushing = true;
    flushOutbox(this.#ctx, trigger, () => this.#disposed)
      .catch((error: unknown) => this.#env.log.error('Error flushing analytics events', failureReason(error)))
      .finally(() => {
        this.#flushing = false;
        this.#sender.wake(); // the event it was backing off for may have been settled by the batch
      });
  }

  /** The JSON-safe state for `Aisle.debug.snapshot().analytics` (never the token). */
  snapshot(): AnalyticsSnapshot {
    const { status, visitorId, tokenExp, unpersisted, storage } = this;
    // The code a shopper reads out to support; a hash, so the visitor id need not be spelled out.
    const code = visitorId === null ? null : visitorCode(this.#options.shopId, visitorId);
    return { status, visitorId, visitorCode: code, tokenExp, unpersisted, storage, events: this.records.snapshot() };
  }

  /** The shop's dead letters kept in storage, for support. */
  deadLetters(): DeadLetter[] {
    return this.#outbox.deadLetters();
  }

  /** Removes every listener and timer, leaves the sender lock and aborts requests (keepalive ones go on). */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#cleanups.splice(0).forEach((cleanup) => cleanup());
    this.#sender.stop();
    this.#http.dispose();
    this.#env.timers.dispose();
    this.#waiting.forEach((resolve) => resolve(null));
    this.#waiting.clear();
    this.records.dispose();
    this.#emit('disposed');
  }

  private setStatus(status: SessionStatus): void {
    this.status = status;
  }

  private setIdentity(visitorId: string, tokenExp: number | null): void {
    this.visitorId = visitorId;
    this.tokenExp = tokenExp;
  }

  /** Storage refused a write or took one again: one debug event per change. */
  #storageAnswered(stored: boolean): void {
    const next = stored ? 'ok' : 'refused';
    if (next === this.storage) return;
    this.setStorage(next);
    this.#emit(stored ? 'storage_restored' : 'storage_refused', {
      message: stored
        ? 'storage takes writes again: events held in memory are stored'
        : 'storage refused a write: events are kept in this page’s memory and sent from it',
    });
  }

  private setStorage(storage: 'ok' | 'refused'): void {
    this.storage = storage;
  }

  #kick(): void {
    if (this.status === 'ready') this.#sender.kick();
  }

  #identity(): AnalyticsIdentity {
    return { visitorId: this.visitorId ?? this.#keeper.visitorId(), tokenExp: this.tokenExp };
  }

  #waitUntilReady(): Promise<AnalyticsIdentity | null> {
    return new Promise((resolve) => {
      let waited = 0;
      this.#waiting.add(resolve);
      const poll = (): void => {
        if (this.status === 'ready' || waited >= this.timeoutMs || this.#disposed) {
          this.#waiting.delete(resolve);
          return resolve(this.status === 'ready' ? this.#identity() : null);
        }
        waited += INIT_POLL_MS;
        this.#env.timers.setTimeout(poll, INIT_POLL_MS);
      };
      poll();
    });
  }

  #onIdentityFailed(error: unknown): void {
    if (this.#disposed) return;
    this.setStatus('created');
    const reason = failureReason(error);
    const httpStatus = error instanceof HttpStatusError ? error.status : undefined;
    this.#env.log.error('Analytics identity failed', reason);
    const parseError = error instanceof Error && error.message === TOKEN_PARSE_ERROR;
    if (parseError) return this.#emit('identity_failed', { reason, httpStatus: httpStatus ?? null });
    // The outbox keeps the events; trying again later lets them go out on this page. A refusal
    // (413, 401, other 4xx) may be lifted by the service, so it is retried too, only more slowly.
    this.#identityFailures += 1;
    const retryAfter = error instanceof HttpStatusError ? error.retryAfter : null;
    const { retry, authRetry, random } = this.#ctx;
    const delayMs = isTransientStatus(httpStatus)
      ? retryDelay(this.#identityFailures, retry, random, retryAfter, this.#env.now())
      : authRetryDelay(this.#identityFailures, random, authRetry);
    this.#emit('identity_failed', { reason, httpStatus: httpStatus ?? null, retryInMs: delayMs });
    this.#env.timers.setTimeout(() => void this.init().catch(() => undefined), delayMs);
  }

  #emit(phase: string, detail: Record<string, unknown> = {}): void {
    try {
      this.#env.host.dispatch(DEBUG_EVENT, { source: 'analytics', shopId: this.#options.shopId, phase, ...detail });
    } catch {
      /* a failing debug listener on the host page must not stop delivery */
    }
  }
}
