import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRefusalHold } from './refusalHold.js';

const timers = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

afterEach(() => void vi.useRealTimers());

describe('a refusal held before it is sent', () => {
  it('is sent after the hold, and once `most` are held the next ones are sent at once', async () => {
    vi.useFakeTimers();
    const hold = createRefusalHold(1000, timers, 2);
    const sent: string[] = [];
    for (const name of ['a', 'b', 'c', 'd']) void hold.hold().then(() => sent.push(name));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['c', 'd']);
    expect(hold.held).toBe(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual(['c', 'd']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['c', 'd', 'a', 'b']);
    expect(hold.held).toBe(0);
    // Room again once those were sent.
    void hold.hold().then(() => sent.push('e'));
    await vi.advanceTimersByTimeAsync(0);
    expect(hold.held).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.at(-1)).toBe('e');
  });

  it('holds nothing when its time is 0', async () => {
    const wait = vi.fn(timers);
    await createRefusalHold(0, wait).hold();
    expect(wait).not.toHaveBeenCalled();
  });
});
