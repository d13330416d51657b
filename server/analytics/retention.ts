/**
 * Retention: the service deletes events received longer ago than the retention period, and
 * identities last seen before it, in small batches (one short transaction each, the event loop free
 * in between), so that ingest never waits on a long delete. Every process runs it every hour; their
 * batches simply share the work. Each run that deleted something is written to the audit log.
 */
import { v4 as uuidv4 } from 'uuid';
import { ConfigError } from './config.js';
import type { Removed } from './privacyStore.js';
import type { AnalyticsStore } from './store.js';

/** The default retention: 13 months, the longest most EU regulators accept for audience measurement. */
export const DEFAULT_RETENTION_DAYS = 395;
/** Rows one batch deletes at most. */
export const RETENTION_BATCH = 500;
/** How often each process looks for what has expired. */
export const RETENTION_INTERVAL_MS = 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

/** `ANALYTICS_RETENTION_DAYS`: whole days from 1 to 3650, default 395. */
export function parseRetentionDays(text: string | undefined): number {
  if (text === undefined || text === '') return DEFAULT_RETENTION_DAYS;
  const days = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(days >= 1 && days <= 3650))
    throw new ConfigError('ANALYTICS_RETENTION_DAYS must be a whole number of days from 1 to 3650');
  return days;
}

/** Lets requests waiting on the event loop go first (a macrotask, not a timer). */
const yieldToRequests = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Deletes what is older than `days` before `now`, batch by batch until a batch finds less than a
 * full one; `between` runs between batches. Returns what was removed (and audits it when anything was).
 */
export async function applyRetention(
  store: AnalyticsStore,
  days: number,
  now: number,
  options: { batch?: number; between?: () => Promise<void> } = {},
): Promise<Removed> {
  const batch = options.batch ?? RETENTION_BATCH;
  const between = options.between ?? yieldToRequests;
  const cutoff = new Date(now - days * DAY_MS).toISOString();
  const total: Removed = { events: 0, identities: 0 };
  for (;;) {
    const removed = await store.privacy.deleteBefore(cutoff, batch);
    total.events += removed.events;
    total.identities += removed.identities;
    if (removed.events < batch && removed.identities < batch) break;
    await between();
  }
  if (total.events > 0 || total.identities > 0) {
    const at = new Date(now).toISOString();
    await store.privacy.audit({
      id: uuidv4(),
      at,
      action: 'retention',
      shopId: null,
      actor: 'retention',
      reference: `older-than-${days}d`,
      ...total,
    });
  }
  return total;
}

/** Timers as the scheduler uses them (the process's own, or a test's). */
export interface RetentionTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Runs `applyRetention` now and then every `intervalMs`, never two runs at once; returns what stops
 * it. A failed run (the database away) is logged and tried again at the next interval.
 */
export function scheduleRetention(options: {
  store: AnalyticsStore;
  days: number;
  now: () => number;
  timers?: RetentionTimers;
  intervalMs?: number;
}): () => void {
  const timers = options.timers ?? {
    setTimeout: (run, ms) => setTimeout(run, ms).unref(),
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
  };
  let handle: unknown;
  let stopped = false;
  const run = async (): Promise<void> => {
    try {
      await applyRetention(options.store, options.days, options.now());
    } catch (error) {
      if (!stopped) console.warn(`[analytics] retention run failed, retried in an hour: ${(error as Error).message}`);
    }
    if (!stopped) handle = timers.setTimeout(() => void run(), options.intervalMs ?? RETENTION_INTERVAL_MS);
  };
  handle = timers.setTimeout(() => void run(), 0);
  return () => {
    stopped = true;
    timers.clearTimeout(handle);
  };
}
