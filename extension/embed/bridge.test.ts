// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SNAPSHOT_POLL_MS, startBridge, type BridgeChannel } from './bridge.js';

describe('the main-world bridge', () => {
  let sent: Array<[string, unknown]>;
  let channel: BridgeChannel;
  let snapshot: { n: number };

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    channel = {
      sendMessage: (async (type: string, data: unknown) =>
        void sent.push([type, data])) as BridgeChannel['sendMessage'],
    };
    snapshot = { n: 1 };
    (window as unknown as { Aisle?: unknown }).Aisle = { debug: { snapshot: () => snapshot } };
  });
  afterEach(() => {
    delete (window as unknown as { Aisle?: unknown }).Aisle;
    vi.useRealTimers();
  });

  it('forwards a changed snapshot on its next look, and an unchanged one only once', () => {
    const stop = startBridge(window, channel);
    vi.advanceTimersByTime(SNAPSHOT_POLL_MS);
    vi.advanceTimersByTime(SNAPSHOT_POLL_MS);
    snapshot = { n: 2 };
    vi.advanceTimersByTime(SNAPSHOT_POLL_MS);
    expect(sent).toEqual([
      ['aisleSnapshot', { n: 1 }],
      ['aisleSnapshot', { n: 2 }],
    ]);
    stop();
  });

  it('stops looking at the snapshot and hearing debug events once cleaned up', () => {
    const stop = startBridge(window, channel);
    window.dispatchEvent(new CustomEvent('aisle:debug', { detail: { phase: 'queued' } }));
    stop();
    snapshot = { n: 2 };
    vi.advanceTimersByTime(SNAPSHOT_POLL_MS * 5);
    window.dispatchEvent(new CustomEvent('aisle:debug', { detail: { phase: 'send' } }));
    expect(sent).toEqual([['aisleDebug', { phase: 'queued' }]]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
