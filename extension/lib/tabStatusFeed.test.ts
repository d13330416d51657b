import { fakeBrowser } from '../testing/fakeBrowser.js';
import { storage } from 'wxt/utils/storage';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readPageMessage } from './pageData.js';
import { serveInspectorPort, THROTTLE_MS, type PortLike } from './inspectorPorts.js';
import { registrationErrorItem } from './storageKeys.js';
import { TabBuffers } from './tabBuffers.js';
import { watchTabStatus } from './tabStatusFeed.js';

/** Two connected in-memory ports: the popup's end and the background's. */
function portPair(): [PortLike, PortLike & { disconnect(): void }] {
  const onA: Array<(m: unknown) => void> = [];
  const onB: Array<(m: unknown) => void> = [];
  const gone: Array<() => void> = [];
  const a: PortLike = {
    name: 'inspector',
    postMessage: (m) => onB.forEach((l) => l(structuredClone(m))),
    onMessage: { addListener: (l) => onA.push(l) },
    onDisconnect: { addListener: (l) => gone.push(l) },
  };
  const b = {
    name: 'inspector',
    postMessage: (m: unknown) => onA.forEach((l) => l(structuredClone(m))),
    onMessage: { addListener: (l: (m: unknown) => void) => onB.push(l) },
    onDisconnect: { addListener: (l: () => void) => gone.push(l) },
    disconnect: () => gone.splice(0).forEach((l) => l()),
  };
  return [a, b];
}

describe('the popup status feed', () => {
  const timers = {
    setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
    clearTimeout: (h: unknown) => clearTimeout(h as number),
  };
  beforeEach(() => {
    fakeBrowser.reset();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  function feed(buffers: () => TabBuffers) {
    const onChange = vi.fn();
    const backgroundEnds: Array<PortLike & { disconnect(): void }> = [];
    const item = registrationErrorItem();
    const stop = watchTabStatus({
      tabId: 4,
      timers,
      connect: () => {
        const [popupEnd, backgroundEnd] = portPair();
        serveInspectorPort(backgroundEnd, buffers(), timers);
        backgroundEnds.push(backgroundEnd);
        return popupEnd;
      },
      watchRegistrationError: (callback) => item.watch(() => callback()),
      onChange,
    });
    return { onChange, stop, backgroundEnds, item };
  }

  const preview = readPageMessage('preview', { outcome: 'shown', message: 'ok', at: 1 })!;

  it('asks again when the tab reports something, without any polling', async () => {
    const buffers = new TabBuffers(storage, timers, () => 0);
    const { onChange, stop } = feed(() => buffers);
    await vi.advanceTimersByTimeAsync(THROTTLE_MS);
    onChange.mockClear();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onChange).not.toHaveBeenCalled();
    await buffers.report(4, 'l1', '/a', preview);
    await vi.advanceTimersByTimeAsync(THROTTLE_MS);
    expect(onChange).toHaveBeenCalledTimes(1);
    stop();
  });

  it('asks again when the registration error changes', async () => {
    const buffers = new TabBuffers(storage, timers, () => 0);
    const { onChange, item, stop } = feed(() => buffers);
    await vi.advanceTimersByTimeAsync(THROTTLE_MS);
    onChange.mockClear();
    await item.setValue('the preview could not be registered: nope');
    await vi.advanceTimersByTimeAsync(0);
    expect(onChange).toHaveBeenCalled();
    stop();
  });

  it('asks again once a restarted background is reached, and not at all after the cleanup', async () => {
    let buffers = new TabBuffers(storage, timers, () => 0);
    const { onChange, stop, backgroundEnds } = feed(() => buffers);
    await vi.advanceTimersByTimeAsync(THROTTLE_MS);
    onChange.mockClear();
    buffers = new TabBuffers(storage, timers, () => 0);
    backgroundEnds[0]!.disconnect();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(backgroundEnds).toHaveLength(2);
    expect(onChange).toHaveBeenCalled();
    stop();
    onChange.mockClear();
    await buffers.report(4, 'l2', '/a', preview);
    await vi.advanceTimersByTimeAsync(THROTTLE_MS);
    expect(onChange).not.toHaveBeenCalled();
  });
});
