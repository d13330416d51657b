// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLifecycle } from '../host/lifecycle.js';
import { browserLocks, storageLeaseLocks, webLocks, type LeaseOptions } from '../host/locks.js';
import { browserTimers } from '../host/timers.js';
import { fakeEnv } from '../testing/stores.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setVisibility(state: 'hidden' | 'visible'): void {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('browserLifecycle', () => {
  it('reports the page becoming hidden, pagehide and storage changes, until cleaned up', () => {
    const lifecycle = browserLifecycle(window);
    const hidden = vi.fn();
    const gone = vi.fn();
    const cleanups = [lifecycle.onHidden(hidden), lifecycle.onPageHide(gone)];
    setVisibility('visible');
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    expect([hidden.mock.calls.length, gone.mock.calls.length]).toEqual([1, 1]);
    const changed = vi.fn();
    cleanups.push(lifecycle.onStorageChange!(changed));
    window.dispatchEvent(new StorageEvent('storage', { key: 'aisle-outbox:maple' }));
    expect(changed).toHaveBeenCalledWith('aisle-outbox:maple');
    cleanups.forEach((cleanup) => cleanup());
    setVisibility('hidden');
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(new StorageEvent('storage', { key: 'aisle-outbox:maple' }));
    expect([hidden.mock.calls.length, gone.mock.calls.length, changed.mock.calls.length]).toEqual([1, 1, 1]);
  });
});

describe('webLocks', () => {
  it('asks for an exclusive, queued lock and holds it while fn runs', async () => {
    const calls: unknown[] = [];
    const manager = {
      request: vi.fn(async (name: string, options: LockOptions, fn: () => Promise<void>) => {
        calls.push([name, options.mode, options.ifAvailable, options.steal]);
        return fn();
      }),
    };
    const ran = vi.fn(async () => undefined);
    await webLocks(manager as unknown as LockManager).request('aisle-analytics-sender:maple', ran);
    expect(ran).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([['aisle-analytics-sender:maple', 'exclusive', undefined, undefined]]);
  });

  it('is chosen when the browser has navigator.locks, the storage lease otherwise', async () => {
    const env = fakeEnv();
    const fallback: LeaseOptions = { storage: env.storage, timers: browserTimers(), now: Date.now };
    const withLocks = { navigator: { locks: { request: vi.fn(async () => undefined) } } } as unknown as Window;
    void browserLocks(withLocks, fallback).request('x', async () => undefined);
    expect(
      (withLocks.navigator as unknown as { locks: { request: ReturnType<typeof vi.fn> } }).locks.request,
    ).toHaveBeenCalled();
    const held = vi.fn(async () => undefined);
    await browserLocks({ navigator: {} } as Window, fallback).request('x', held);
    expect(held).toHaveBeenCalled();
    expect(env.store.has('aisle-lock:x')).toBe(false); // released after the run
  });
});

describe('storageLeaseLocks', () => {
  function tabs(count: number, ttlMs = 1000) {
    const env = fakeEnv();
    const options = (owner: string): LeaseOptions => ({
      storage: env.storage,
      timers: browserTimers(),
      now: () => Date.now(),
      owner,
      ttlMs,
      pollMs: 100,
    });
    return { env, locks: Array.from({ length: count }, (_, i) => storageLeaseLocks(options(`tab-${i}`))) };
  }
  const hold = (ms: number, log: string[], who: string) => async () => {
    log.push(`${who} in`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    log.push(`${who} out`);
  };

  it('lets one tab in at a time; the other takes over once the lease is released', async () => {
    const { locks, env } = tabs(2);
    const log: string[] = [];
    const a = locks[0]!.request('shop', hold(3000, log, 'a'));
    const b = locks[1]!.request('shop', hold(10, log, 'b'));
    await vi.advanceTimersByTimeAsync(2999);
    expect(log).toEqual(['a in']); // the heartbeat kept a's lease alive past its 1 s ttl
    await vi.advanceTimersByTimeAsync(200);
    await Promise.all([a, b]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out']);
    expect(env.store.has('aisle-lock:shop')).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('takes over the lease of a tab that stopped renewing it once it expires', async () => {
    const { locks, env } = tabs(1);
    env.store.set('aisle-lock:shop', JSON.stringify({ owner: 'crashed-tab', expires: Date.now() + 1000 }));
    const ran = vi.fn(async () => undefined);
    void locks[0]!.request('shop', ran);
    await vi.advanceTimersByTimeAsync(900);
    expect(ran).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(ran).toHaveBeenCalledTimes(1);
  });

  it('stops waiting when aborted', async () => {
    const { locks, env } = tabs(1);
    env.store.set('aisle-lock:shop', JSON.stringify({ owner: 'other', expires: Date.now() + 60_000 }));
    const controller = new AbortController();
    const waiting = locks[0]!.request('shop', async () => undefined, { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(300);
    controller.abort();
    await expect(waiting).rejects.toThrow();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs requests of one tab one after the other, and fails open without storage', async () => {
    const { locks, env } = tabs(1);
    const log: string[] = [];
    void locks[0]!.request('shop', hold(50, log, 'first'));
    void locks[0]!.request('shop', hold(50, log, 'second'));
    await vi.advanceTimersByTimeAsync(200);
    expect(log).toEqual(['first in', 'first out', 'second in', 'second out']);
    env.storage.setItem = () => {
      throw new Error('disabled');
    };
    const ran = vi.fn(async () => undefined);
    await locks[0]!.request('shop', ran);
    expect(ran).toHaveBeenCalledTimes(1);
  });
});
