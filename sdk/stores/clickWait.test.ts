import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTimers } from '../host/timers.js';
import { CLICK_TRACKING_WAIT_MS, trackThenNavigate, type LinkClick } from './clickWait.js';

const plain: LinkClick = {
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  targetBlank: false,
};

function click(event: LinkClick, track: () => Promise<unknown>) {
  const navigate = vi.fn();
  const preventDefault = trackThenNavigate({ track, navigate, timers: browserTimers(), event });
  return { navigate, preventDefault };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('product link clicks (wait up to 2 s for tracking)', () => {
  it('navigates as soon as tracking settles', async () => {
    let done!: () => void;
    const { navigate, preventDefault } = click(plain, () => new Promise<void>((resolve) => (done = resolve)));
    expect(preventDefault).toBe(true);
    await vi.advanceTimersByTimeAsync(300);
    expect(navigate).not.toHaveBeenCalled();
    done();
    await vi.advanceTimersByTimeAsync(0);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('navigates after 2000 ms when tracking hangs, and only once', async () => {
    const { navigate } = click(plain, () => new Promise(() => undefined));
    await vi.advanceTimersByTimeAsync(CLICK_TRACKING_WAIT_MS - 1);
    expect(navigate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('navigates when tracking fails, even synchronously', async () => {
    const failing = click(plain, () => Promise.reject(new Error('offline')));
    const throwing = click(plain, () => {
      throw new Error('bug');
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(failing.navigate).toHaveBeenCalledTimes(1);
    expect(throwing.navigate).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['meta', { metaKey: true }],
    ['ctrl', { ctrlKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle button', { button: 1 }],
    ['target=_blank', { targetBlank: true }],
  ])('%s: tracks but leaves the click to the browser without delay', async (_, change) => {
    const track = vi.fn(() => Promise.reject(new Error('ignored')));
    const { navigate, preventDefault } = click({ ...plain, ...change }, track);
    expect(preventDefault).toBe(false);
    expect(track).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(CLICK_TRACKING_WAIT_MS);
    expect(navigate).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });
});
