/** Pure, so the timings are tested exactly. */
import type { RetryPolicy } from './types.js';

/** Back-off defaults: base 1 s, factor 2, cap 60 s. */
export const DEFAULT_RETRY: Required<RetryPolicy> = { baseMs: 1000, capMs: 60_000, factor: 2 };

/** A 401 is retried with a fresh token at most twice per round of an event. */
export const MAX_UNAUTHORIZED_RETRIES = 2;

/**
 * The wait after a round of refused tokens: resending sooner would only be refused again, by every
 * open page of every shopper.
 */
export const AUTH_RETRY: Required<RetryPolicy> = { baseMs: 30_000, capMs: 10 * 60_000, factor: 2 };

/**
 * The wait before round `rounds + 1` after `rounds` refused ones: the exponential step plus up to a
 * tenth more at random (so pages refused together do not come back together), never below the base
 * nor above the cap.
 */
export function authRetryDelay(rounds: number, random: () => number, policy = AUTH_RETRY): number {
  const factor = policy.factor ?? AUTH_RETRY.factor;
  const step = Math.min(policy.capMs, policy.baseMs * factor ** Math.max(0, rounds - 1));
  const spread = Math.floor(Math.min(Math.max(random(), 0), 1) * step * 0.1);
  return Math.min(policy.capMs, step + spread);
}

/** What an answer to `POST /v3/event` means for the event. */
export type Outcome = 'acknowledged' | 'unauthorized' | 'transient' | 'terminal';

/** Any status but 202, 401, 408, 429 and 5xx (other 2xx too) will not improve on resending: dead-lettered. */
export function classifyStatus(status: number): Outcome {
  if (status === 202) return 'acknowledged';
  if (status === 401) return 'unauthorized';
  if (status === 408 || status === 429 || status >= 500) return 'transient';
  return 'terminal';
}

/** True for identity failures worth retrying: no answer at all, or a transient status. */
export function isTransientStatus(status: number | undefined): boolean {
  return status === undefined || classifyStatus(status) === 'transient';
}

/** The full-jitter delay before retry number `failures` (1 for the first retry). */
export function backoffDelay(failures: number, policy: RetryPolicy, random: () => number): number {
  const factor = policy.factor ?? DEFAULT_RETRY.factor;
  const ceiling = Math.min(policy.capMs, policy.baseMs * factor ** Math.max(0, failures - 1));
  return Math.floor(Math.min(Math.max(random(), 0), 1) * ceiling);
}

/** A `Retry-After` header (seconds or an HTTP date) in milliseconds from `nowMs`, or null. */
export function retryAfterMs(header: string | null | undefined, nowMs: number): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

/** The wait before the next attempt: the jittered back-off, or the server's Retry-After when larger. */
export function retryDelay(
  failures: number,
  policy: RetryPolicy,
  random: () => number,
  retryAfter: string | null | undefined,
  nowMs: number,
): number {
  const jittered = backoffDelay(failures, policy, random);
  const asked = retryAfterMs(retryAfter, nowMs);
  return asked !== null && asked > jittered ? asked : jittered;
}
