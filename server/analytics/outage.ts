/**
 * Telling a database outage from a fault of the service: an outage answers 503 with `Retry-After`
 * (the client keeps the event and sends it again), a fault 500. A health probe never waits on a
 * database that does not answer, and a store that cannot be opened yet is tried again.
 */
import type { Answer } from './http.js';
import type { AnalyticsStore } from './store.js';

/** Seconds a client is asked to wait after a 503 for a database outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;
/** Longest a health probe waits for the database before it answers that it is unavailable. */
export const PING_TIMEOUT_MS = 800;
/** First and longest wait between attempts to open a store that could not be reached. */
export const OPEN_RETRY_FIRST_MS = 250;
export const OPEN_RETRY_MOST_MS = 5000;

// Errors of the network between the service and PostgreSQL.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// PostgreSQL's connection exceptions (class 08), shutdowns (57P01-03), and too many connections or
// no disk (class 53): the database, not the request, is the problem.
const POSTGRES_CODE = /^(08...|57P0[123]|53...)$/;
// The pg client's own words when a connection is lost, cannot be made in time, or a query times out.
const POSTGRES_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Connection ended unexpectedly|pool after calling end/i;
// SQLite's: the file is locked by another process past the busy time-out, cannot be opened, or the disk fails.
const SQLITE_CODE = /^SQLITE_(BUSY|LOCKED|IOERR|FULL|CANTOPEN|READONLY|PROTOCOL)/;

/** True when `error` says the database cannot be reached or used now, rather than that the service is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_CODE.test(code) || SQLITE_CODE.test(code)))
    return true;
  return typeof message === 'string' && POSTGRES_MESSAGE.test(message);
}

/** The answer to a request the database cannot serve now. */
export function unavailableAnswer(reason = 'analytics database unavailable'): Answer {
  return {
    status: 503,
    body: { error: reason },
    headers: { 'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS) },
  };
}

/** True when the database answers within `PING_TIMEOUT_MS`; a paused database gives false, not a hang. */
export function pingWithin(store: AnalyticsStore, timeoutMs = PING_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const late = setTimeout(() => resolve(false), timeoutMs);
    late.unref?.();
    store.ping().then(
      (ok) => {
        clearTimeout(late);
        resolve(ok);
      },
      () => {
        clearTimeout(late);
        resolve(false);
      },
    );
  });
}

/**
 * Opens a store, trying again while the database cannot be reached (waits doubling from 250 ms to
 * 5 s), until `stopped()`; any other failure (a schema from a newer build, a malformed URL) rejects.
 */
export async function openWhenReachable(
  open: () => Promise<AnalyticsStore>,
  wait: (ms: number) => Promise<void>,
  stopped: () => boolean,
): Promise<AnalyticsStore> {
  for (let delay = OPEN_RETRY_FIRST_MS; ; delay = Math.min(delay * 2, OPEN_RETRY_MOST_MS)) {
    try {
      return await open();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || stopped()) throw error;
      console.warn(`[analytics] database unavailable (${(error as Error).message}); trying again in ${delay / 1000} s`);
      await wait(delay);
      if (stopped()) throw new Error('the service was closed before its database could be opened');
    }
  }
}
