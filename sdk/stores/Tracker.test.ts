import { describe, expect, it } from 'vitest';
import { Tracker, type TrackIntent } from './Tracker.js';

const sort = (s: string): TrackIntent => ({ kind: 'sort', sort: s });

describe('Tracker', () => {
  it('buffers intents until analytics is attached, then forwards them in order', async () => {
    const tracker = new Tracker();
    const first = tracker.track(sort('a'));
    const second = tracker.track(sort('b'));
    const seen: string[] = [];
    tracker.attach(async (intent) => {
      seen.push((intent as { sort: string }).sort);
      return true;
    });
    expect(await first).toBe(true);
    expect(await second).toBe(true);
    await tracker.track(sort('c'));
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('settles false when analytics is disabled, and for a failing sink', async () => {
    const tracker = new Tracker();
    const pending = tracker.track(sort('a'));
    tracker.disable();
    expect(await pending).toBe(false);
    expect(await tracker.track(sort('b'))).toBe(false);
    const failing = new Tracker();
    failing.attach(() => Promise.reject(new Error('boom')));
    expect(await failing.track(sort('c'))).toBe(false);
  });

  it('keeps at most 200 intents while waiting, dropping the oldest', async () => {
    const tracker = new Tracker();
    const first = tracker.track(sort('0'));
    for (let i = 1; i <= 200; i++) void tracker.track(sort(String(i)));
    expect(await first).toBe(false);
    expect(tracker.dropped).toBe(1);
  });
});
