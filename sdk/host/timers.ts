import type { TimerHandle, Timers } from '../ports/env.js';

/** Timers that remember what is pending so that `unmount()` can clear every one of them. */
export interface TrackedTimers extends Timers {
  /** How many timeouts and intervals are still pending. */
  pending(): number;
  dispose(): void;
}

/** The page's own timers, bound so that they work when called detached. */
export function browserTimers(): Timers {
  return {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
    setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
    clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
  };
}

/** Wraps `base` so that every pending timer is known and can be cleared at once. */
export function trackTimers(base: Timers): TrackedTimers {
  const timeouts = new Set<TimerHandle>();
  const intervals = new Set<TimerHandle>();
  return {
    setTimeout(fn, ms) {
      const handle = base.setTimeout(() => {
        timeouts.delete(handle);
        fn();
      }, ms);
      timeouts.add(handle);
      return handle;
    },
    clearTimeout(handle) {
      timeouts.delete(handle);
      base.clearTimeout(handle);
    },
    setInterval(fn, ms) {
      const handle = base.setInterval(fn, ms);
      intervals.add(handle);
      return handle;
    },
    clearInterval(handle) {
      intervals.delete(handle);
      base.clearInterval(handle);
    },
    pending: () => timeouts.size + intervals.size,
    dispose() {
      timeouts.forEach((h) => base.clearTimeout(h));
      intervals.forEach((h) => base.clearInterval(h));
      timeouts.clear();
      intervals.clear();
    },
  };
}
