/**
 * The cross-tab lock behind "one tab sends per shop at a time". Web Locks where the browser has
 * them; otherwise a lease in localStorage, renewed by a heartbeat and taken over once it expires
 * (a crashed tab's lease runs out by itself).
 */
import { v4 as uuidv4 } from 'uuid';
import type { LockAdapter } from '../ports/lifecycle.js';
import type { KeyValueStorage, Timers } from '../ports/env.js';

/** Lease lifetime without a heartbeat. */
export const LEASE_TTL_MS = 5000;
/** How often a tab waiting for a storage lease looks again. */
export const LEASE_POLL_MS = 250;

/**
 * Web Locks in exclusive, queued mode. Not `steal` (two tabs would send at once) and not
 * `ifAvailable` (a waiting request costs nothing and is granted as soon as the holder releases
 * the lock or its tab goes away, with no polling).
 */
export function webLocks(manager: Pick<LockManager, 'request'>): LockAdapter {
  return {
    async request(name, fn, options = {}) {
      await manager.request(name, { mode: 'exclusive', signal: options.signal }, () => fn());
    },
  };
}

/** Where the storage lease lives and how it keeps time. */
export interface LeaseOptions {
  storage: KeyValueStorage;
  timers: Timers;
  now(): number;
  /** This tab's id in the lease (default: a new UUID). */
  owner?: string;
  ttlMs?: number;
  pollMs?: number;
}

interface Lease {
  owner: string;
  expires: number;
}

const abortError = (signal: AbortSignal): unknown => signal.reason ?? new DOMException('aborted', 'AbortError');

/** A lock over a storage lease with heartbeat and expiry, for browsers without Web Locks. */
export function storageLeaseLocks(options: LeaseOptions): LockAdapter {
  const { storage, timers, now } = options;
  const owner = options.owner ?? uuidv4();
  const ttlMs = options.ttlMs ?? LEASE_TTL_MS;
  const pollMs = options.pollMs ?? LEASE_POLL_MS;
  // This adapter's own requests for a name run one after the other, like Web Locks in one tab.
  const queues = new Map<string, Promise<unknown>>();

  const read = (key: string): Lease | null => {
    try {
      const lease = JSON.parse(storage.getItem(key) ?? 'null') as Lease | null;
      return typeof lease?.owner === 'string' && typeof lease.expires === 'number' ? lease : null;
    } catch {
      return null;
    }
  };
  const tryAcquire = (key: string): boolean => {
    const lease = read(key);
    if (lease && lease.owner !== owner && lease.expires > now()) return false;
    try {
      storage.setItem(key, JSON.stringify({ owner, expires: now() + ttlMs }));
    } catch {
      return true; // no usable storage means no other tab to coordinate with through it: fail open
    }
    // Reading back catches most races between two tabs writing at once. A rare double holder only
    // sends events twice (the service drops the duplicates) and still in sequence order.
    return read(key)?.owner === owner;
  };
  const acquire = (key: string, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      let timer: unknown = null;
      const onAbort = (): void => {
        timers.clearTimeout(timer);
        reject(abortError(signal!));
      };
      const attempt = (): void => {
        if (signal?.aborted) return onAbort();
        if (!tryAcquire(key)) return void (timer = timers.setTimeout(attempt, pollMs));
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      attempt();
    });
  const hold = async (name: string, fn: () => Promise<void>, signal?: AbortSignal): Promise<void> => {
    const key = `aisle-lock:${name}`;
    await acquire(key, signal);
    const heartbeat = timers.setInterval(() => tryAcquire(key), Math.max(1, Math.floor(ttlMs / 3)));
    try {
      await fn();
    } finally {
      timers.clearInterval(heartbeat);
      if (read(key)?.owner === owner) {
        try {
          storage.removeItem(key);
        } catch {
          /* the lease expires by itself */
        }
      }
    }
  };
  return {
    request(name, fn, requestOptions = {}) {
      const run = (queues.get(name) ?? Promise.resolve()).then(() => hold(name, fn, requestOptions.signal));
      const settled = run.catch(() => undefined);
      queues.set(name, settled);
      void settled.then(() => queues.get(name) === settled && queues.delete(name));
      return run;
    },
  };
}

/** Web Locks when `win.navigator.locks` exists, else the storage lease. */
export function browserLocks(win: Window, fallback: LeaseOptions): LockAdapter {
  const manager = (win.navigator as Navigator & { locks?: LockManager }).locks;
  return typeof manager?.request === 'function' ? webLocks(manager) : storageLeaseLocks(fallback);
}
