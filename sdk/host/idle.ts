import type { Timers } from '../ports/env.js';

/** Longest wait for an idle moment before the SDKs load anyway. */
export const IDLE_TIMEOUT_MS = 2000;
/** Delay used where the browser has no idle callbacks. */
export const FALLBACK_DELAY_MS = 200;

/** The page's idle callbacks, when it has them. */
export interface IdleWindow {
  requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
  fetch: typeof fetch;
}

/** Runs `run` when the page is idle (or after a short delay through `timers`); returns the cancel. */
export function whenIdle(win: IdleWindow, timers: Timers, run: () => void): () => void {
  if (win.requestIdleCallback && win.cancelIdleCallback) {
    const cancel = win.cancelIdleCallback.bind(win);
    const handle = win.requestIdleCallback.call(win, run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancel(handle);
  }
  const handle = timers.setTimeout(run, FALLBACK_DELAY_MS);
  return () => timers.clearTimeout(handle);
}
