import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTimers } from './timers.js';
import { AFTER_PAINT_LIMIT_MS, paintQueue } from './afterPaint.js';

/** Animation frames run by hand: `frame()` is the browser starting the next frame. */
function frames() {
  const callbacks = new Map<number, FrameRequestCallback>();
  let next = 1;
  return {
    win: {
      requestAnimationFrame: (cb: FrameRequestCallback) => (callbacks.set(next, cb), next++),
      cancelAnimationFrame: (id: number) => void callbacks.delete(id),
    },
    frame() {
      const due = [...callbacks.values()];
      callbacks.clear();
      due.forEach((cb) => cb(0));
    },
    pending: () => callbacks.size,
  };
}

const log = { error: vi.fn() };
beforeEach(() => {
  vi.useFakeTimers();
  log.error.mockClear();
});
afterEach(() => vi.useRealTimers());

describe('paintQueue', () => {
  it('runs after the next frame, in a task of its own (after that frame is painted), in order', () => {
    const f = frames();
    const queue = paintQueue(f.win, browserTimers(), log);
    const ran: string[] = [];
    queue.schedule(() => ran.push('address'));
    queue.schedule(() => ran.push('analytics'));
    vi.advanceTimersByTime(0);
    expect(ran).toEqual([]);
    f.frame();
    // The frame's own callbacks ran; the work waits for the task after it.
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(ran).toEqual(['address', 'analytics']);
    vi.advanceTimersByTime(AFTER_PAINT_LIMIT_MS);
    expect(ran).toHaveLength(2);
  });

  it('still runs when no frame comes (a hidden tab), after a short limit', () => {
    const f = frames();
    const queue = paintQueue(f.win, browserTimers(), log);
    const run = vi.fn();
    queue.schedule(run);
    vi.advanceTimersByTime(AFTER_PAINT_LIMIT_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(f.pending()).toBe(0);
  });

  it('runs everything at once on flush; one failing run is reported and the rest still run', () => {
    const f = frames();
    const queue = paintQueue(f.win, browserTimers(), log);
    const after = vi.fn();
    queue.schedule(() => {
      throw new Error('boom');
    });
    queue.schedule(after);
    queue.flush();
    expect(after).toHaveBeenCalledTimes(1);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(f.pending()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('leaves no frame or timer behind once disposed, and takes no more work', () => {
    const f = frames();
    const queue = paintQueue(f.win, browserTimers(), log);
    const run = vi.fn();
    queue.schedule(run);
    queue.dispose();
    queue.schedule(run);
    expect(f.pending()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(AFTER_PAINT_LIMIT_MS);
    expect(run).not.toHaveBeenCalled();
  });
});
