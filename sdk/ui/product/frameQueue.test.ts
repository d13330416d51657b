import { describe, expect, it } from 'vitest';
import { frameQueue } from './frameQueue.js';

/** Frames that come when the test says. */
function fakeFrames() {
  let next = 1;
  const pending = new Map<number, FrameRequestCallback>();
  return {
    requestAnimationFrame: (callback: FrameRequestCallback) => (pending.set(next, callback), next++),
    cancelAnimationFrame: (handle: number) => void pending.delete(handle),
    frame() {
      const due = [...pending.values()];
      pending.clear();
      for (const callback of due) callback(0);
    },
    asked: () => pending.size,
  };
}

describe('frameQueue', () => {
  it('runs at most its share of pieces per frame, in the order they were added', () => {
    const frames = fakeFrames();
    const queue = frameQueue(2, frames);
    const ran: number[] = [];
    for (const n of [1, 2, 3, 4, 5]) queue.add(() => ran.push(n));
    expect(ran).toEqual([]);
    expect(frames.asked()).toBe(1);
    frames.frame();
    expect(ran).toEqual([1, 2]);
    frames.frame();
    expect(ran).toEqual([1, 2, 3, 4]);
    frames.frame();
    expect(ran).toEqual([1, 2, 3, 4, 5]);
    // Empty: no frame asked for.
    expect(frames.asked()).toBe(0);
  });

  it('a piece taken back never runs, and the last one taken back cancels the frame asked for', () => {
    const frames = fakeFrames();
    const queue = frameQueue(4, frames);
    const ran: string[] = [];
    const takeA = queue.add(() => ran.push('a'));
    queue.add(() => ran.push('b'))();
    takeA();
    expect(frames.asked()).toBe(0);
    frames.frame();
    expect(ran).toEqual([]);
    queue.add(() => ran.push('c'));
    frames.frame();
    expect(ran).toEqual(['c']);
  });
});
