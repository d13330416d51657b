import type { HostPort, KeyValueStorage, StoreEnv } from '../ports/env.js';
import type { HeadManager } from './head.js';
import { trackTimers, browserTimers, type TrackedTimers } from './timers.js';
import { fetchTransport } from './transport.js';
import { readEntryMemory } from '../stores/restore.js';
import { readArrival } from './scrollRestore.js';
import { paintQueue, type PaintQueue } from './afterPaint.js';

/** localStorage that never throws: a disabled or full storage reads as empty and drops writes. */
export function safeLocalStorage(win: Window): KeyValueStorage & { available: boolean } {
  let storage: Storage | null = null;
  try {
    storage = win.localStorage;
  } catch {
    storage = null;
  }
  return {
    available: storage !== null,
    getItem: (key) => {
      try {
        return storage?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    // Writes are allowed to throw (quota): callers that care (the outbox) count the failures.
    setItem: (key, value) => {
      if (!storage) throw new Error('localStorage is unavailable');
      storage.setItem(key, value);
    },
    removeItem: (key) => {
      try {
        storage?.removeItem(key);
      } catch {
        /* nothing to remove from an unavailable storage */
      }
    },
  };
}

/** The host page as the stores see it; `root` is Aisle's own container once mounted. */
export function browserHost(win: Window, getRoot: () => Element | null, head: HeadManager): HostPort {
  return {
    location: () => win.location,
    writeUrl(url, mode) {
      const before = win.location.href;
      if (mode === 'replace') win.history.replaceState(win.history.state, '', url);
      else win.history.pushState(null, '', url);
      return win.location.href !== before || url === before;
    },
    scrollToTop() {
      const root = getRoot();
      const top = root ? root.getBoundingClientRect().top + win.scrollY : 0;
      win.scrollTo({ top: Math.max(0, top - 16), behavior: 'auto' });
    },
    title: () => win.document.title,
    referrer: () => win.document.referrer,
    screen: () => ({ width: win.screen.width, height: win.screen.height }),
    userAgent: () => win.navigator.userAgent,
    dispatch(name, detail) {
      win.dispatchEvent(new CustomEvent(name, { detail }));
    },
    navigate(url) {
      win.location.assign(url);
    },
    // Only a click on an in-Aisle link needs the page loader.
    loadPage: (url) => import('./pageLoader.js').then((m) => m.loadRetailerPage(url, win.fetch.bind(win))),
    setHead: (tags) => head.set(tags),
    entryMemory: () => readEntryMemory(win),
    arrival: () => readArrival(win),
  };
}

/** The StoreEnv for a real page; timers are tracked so that unmount can clear them all. */
export function browserEnv(
  win: Window & typeof globalThis,
  getRoot: () => Element | null,
  head: HeadManager,
): StoreEnv & { timers: TrackedTimers; paint: PaintQueue } {
  const timers = trackTimers(browserTimers());
  const env: StoreEnv & { timers: TrackedTimers; paint: PaintQueue } = {
    transport: fetchTransport(),
    timers,
    storage: safeLocalStorage(win),
    host: browserHost(win, getRoot, head),
    now: () => Date.now(),
    // Read when a run fails, so that the mount's error reports see it.
    paint: paintQueue(win, timers, { error: (...args: unknown[]) => env.log.error(...args) }),
    afterPaint: (run) => env.paint.schedule(run),
    log: win.console,
  };
  return env;
}
