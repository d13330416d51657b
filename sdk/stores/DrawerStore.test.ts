import { configure } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTimers } from '../host/timers.js';
import { DrawerStore } from './DrawerStore.js';

configure({ enforceActions: 'always' });
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('DrawerStore (the All Filters drawer)', () => {
  it('opening adds content-ready after about 10 ms', () => {
    const drawer = new DrawerStore(browserTimers());
    drawer.show();
    expect(drawer.visible && drawer.open).toBe(true);
    expect(drawer.contentReady).toBe(false);
    vi.advanceTimersByTime(9);
    expect(drawer.contentReady).toBe(false);
    vi.advanceTimersByTime(1);
    expect(drawer.contentReady).toBe(true);
  });

  it('closing animates for 300 ms before hiding', () => {
    const drawer = new DrawerStore(browserTimers());
    drawer.show();
    vi.advanceTimersByTime(10);
    drawer.close();
    expect(drawer.open).toBe(false);
    expect(drawer.contentReady).toBe(false);
    vi.advanceTimersByTime(299);
    expect(drawer.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(drawer.visible).toBe(false);
  });

  it('reopening while closing cancels the hide', () => {
    const drawer = new DrawerStore(browserTimers());
    drawer.show();
    drawer.close();
    vi.advanceTimersByTime(100);
    drawer.show();
    vi.advanceTimersByTime(400);
    expect(drawer.visible).toBe(true);
    expect(drawer.contentReady).toBe(true);
  });

  it('one accordion section is open at a time, tracked by key', () => {
    const drawer = new DrawerStore(browserTimers());
    drawer.toggleSection('color');
    drawer.toggleSection('size');
    expect(drawer.openSection).toBe('size');
    drawer.toggleSection('size');
    expect(drawer.openSection).toBeNull();
  });

  it('dispose clears a pending step', () => {
    const drawer = new DrawerStore(browserTimers());
    drawer.show();
    drawer.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});
