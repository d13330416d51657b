import type { TimerHandle, Timers } from '../ports/env.js';

/**
 * Longest wait for the next frame: a hidden tab paints none, and what waits for a paint (the address,
 * analytics) must still happen.
 */
export const AFTER_PAINT_LIMIT_MS = 100;

/** Work that waits for the next painted frame, run in the order it was given. */
export interface PaintQueue {
  schedule(run: () => void): void;
  /** Runs everything waiting now (unmount, the page going away). */
  flush(): void;
  /** Drops everything waiting and takes no more. */
  dispose(): void;
}

type FrameWindow = Pick<Window, 'requestAnimationFrame' | 'cancelAnimationFrame'>;

/**
 * A queue run after the next paint (a task posted from an animation frame callback runs after that
 * frame's paint), so work a click need not show stays out of the frame that answers it.
 */
export function paintQueue(win: FrameWindow, timers: Timers, log: Pick<Console, 'error'>): PaintQueue {
  let waiting: Array<() => void> = [];
  let frame: number | null = null;
  let handles: TimerHandle[] = [];
  let disposed = false;
  const cancel = () => {
    if (frame !== null) win.cancelAnimationFrame(frame);
    frame = null;
    handles.forEach((handle) => timers.clearTimeout(handle));
    handles = [];
  };
  const flush = () => {
    cancel();
    for (const run of waiting.splice(0)) {
      try {
        run();
      } catch (error) {
        log.error('[Aisle] work after a paint failed:', error);
      }
    }
  };
  return {
    schedule(run) {
      if (disposed) return;
      waiting.push(run);
      if (waiting.length > 1) return;
      frame = win.requestAnimationFrame(() => {
        frame = null;
        handles.push(timers.setTimeout(flush, 0));
      });
      handles.push(timers.setTimeout(flush, AFTER_PAINT_LIMIT_MS));
    },
    flush,
    dispose() {
      disposed = true;
      cancel();
      waiting = [];
    },
  };
}
