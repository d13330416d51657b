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

  it('forwards intents after the next paint, in order, and a product click at once after them', async () => {
    const frames: Array<() => void> = [];
    const tracker = new Tracker((run) => frames.push(run));
    const seen: string[] = [];
    const observed: string[] = [];
    tracker.observe((intent) => observed.push(intent.kind));
    tracker.attach(async (intent) => {
      seen.push(intent.kind === 'sort' ? intent.sort : intent.kind);
      return true;
    });
    const first = tracker.track(sort('a'));
    void tracker.track(sort('b'));
    // Nothing reaches the session or the integrations within the click's frame…
    expect(seen).toEqual([]);
    expect(observed).toEqual([]);
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(seen).toEqual(['a', 'b']);
    expect(await first).toBe(true);
    // …but a product click is recorded at once (the page navigates next), after what came before it.
    void tracker.track(sort('c'));
    const product = { product_id: 'p1' } as never;
    void tracker.track({ kind: 'product-click', listName: 'search_results', position: 1, product, variantId: null });
    expect(seen).toEqual(['a', 'b', 'c', 'product-click']);
    frames.shift()!();
    expect(seen).toHaveLength(4);
  });
});
