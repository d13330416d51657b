/**
 * Work released a few pieces per frame: a screen of cards starting their swatch images at once made
 * a 36–49 ms style recalculation at 4× CPU (57 swatches), a long task on a phone.
 */

type Frames = Pick<Window, 'requestAnimationFrame' | 'cancelAnimationFrame'>;

export interface FrameQueue {
  /** Runs `start` in a coming frame; the returned function takes it back. */
  add(start: () => void): () => void;
}

/** A queue that runs at most `perFrame` of its pieces in each animation frame of `frames`. */
export function frameQueue(perFrame: number, frames: Frames): FrameQueue {
  const waiting = new Set<() => void>();
  let frame: number | null = null;
  const run = (): void => {
    frame = null;
    let ran = 0;
    for (const start of waiting) {
      if (ran++ === perFrame) break;
      waiting.delete(start);
      start();
    }
    if (waiting.size > 0) frame = frames.requestAnimationFrame(run);
  };
  return {
    add(start) {
      waiting.add(start);
      frame ??= frames.requestAnimationFrame(run);
      return () => {
        waiting.delete(start);
        // Nothing left: no frame is asked for on its behalf (an unmounted listing leaves none behind).
        if (waiting.size === 0 && frame !== null) {
          frames.cancelAnimationFrame(frame);
          frame = null;
        }
      };
    },
  };
}
