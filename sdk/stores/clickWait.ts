/** A plain product click waits up to 2 s for tracking; a modifier, another button or a new tab goes at once. */
import type { Timers } from '../ports/env.js';

/** The click-tracking wait. */
export const CLICK_TRACKING_WAIT_MS = 2000;

/** The parts of a click that decide whether the page itself navigates. */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  targetBlank: boolean;
}

/** True when the browser opens the link elsewhere (new tab or window, download): no wait then. */
export function opensElsewhere(click: LinkClick): boolean {
  return click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey || click.targetBlank;
}

/** Tracks, and for a plain click navigates when tracking settles or the wait ends; true when the caller must preventDefault. */
export function trackThenNavigate(options: {
  track: () => Promise<unknown>;
  navigate: () => void;
  timers: Timers;
  event: LinkClick;
  waitMs?: number;
}): boolean {
  let tracking: Promise<unknown>;
  try {
    tracking = options.track();
  } catch {
    tracking = Promise.resolve();
  }
  if (opensElsewhere(options.event)) {
    tracking.catch(() => undefined);
    return false;
  }
  let navigated = false;
  const go = (): void => {
    if (navigated) return;
    navigated = true;
    options.timers.clearTimeout(timer);
    options.navigate();
  };
  const timer = options.timers.setTimeout(go, options.waitMs ?? CLICK_TRACKING_WAIT_MS);
  tracking.then(go, go);
  return true;
}
