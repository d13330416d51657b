import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Timers } from '../ports/env.js';
import { BATCH_MAX, BATCH_MS, ImpressionCounter, VIEW_MS, type ImpressionBatch, type Sighting } from './impressions.js';

const timers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

const card = (id: string, position = 1, extra: Partial<Sighting> = {}): Sighting => ({
  productId: id,
  list: 'search_results',
  url: 'http://shop.test/maple/dresses',
  position,
  page: 1,
  resultSet: 'dresses',
  ...extra,
});

function counter(seen: string[] = []) {
  const batches: ImpressionBatch[] = [];
  const newlySeen: string[] = [];
  const c = new ImpressionCounter({ timers, send: (b) => batches.push(b), onSeen: (k) => newlySeen.push(k), seen });
  return { c, batches, newlySeen, ids: () => batches.flatMap((b) => b.items.map((i) => i.productId)) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ImpressionCounter', () => {
  it('counts a card half in view for one continuous second, and sends it in a batch', () => {
    const { c, batches } = counter();
    c.enter(card('p1', 3, { page: 2 }));
    vi.advanceTimersByTime(VIEW_MS - 1);
    c.flush();
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([]);
    vi.advanceTimersByTime(BATCH_MS);
    expect(batches).toEqual([
      {
        list: 'search_results',
        resultSet: 'dresses',
        url: 'http://shop.test/maple/dresses',
        items: [{ productId: 'p1', position: 3, page: 2 }],
      },
    ]);
  });

  it('does not count a card scrolled past in under a second, and restarts its second on return', () => {
    const { c, ids } = counter();
    c.enter(card('p1'));
    vi.advanceTimersByTime(900);
    c.leave('search_results|p1');
    c.enter(card('p1'));
    vi.advanceTimersByTime(900);
    c.flush();
    expect(ids()).toEqual([]);
    vi.advanceTimersByTime(100);
    c.flush();
    expect(ids()).toEqual(['p1']);
  });

  it('counts a product once per listing view: re-renders, re-entries and a restored view do not count again', () => {
    const { c, ids, newlySeen } = counter(['search_results|p9']);
    for (let i = 0; i < 3; i++) {
      c.enter(card('p1'));
      c.enter(card('p9'));
      vi.advanceTimersByTime(VIEW_MS);
      c.leave('search_results|p1');
      c.leave('search_results|p9');
    }
    c.flush();
    expect(ids()).toEqual(['p1']);
    expect(newlySeen).toEqual(['search_results|p1']);
  });

  it('counts nothing while paused (the drawer covers the grid) and gives a fresh second on resume', () => {
    const { c, ids } = counter();
    c.enter(card('p1'));
    vi.advanceTimersByTime(600);
    c.pause();
    vi.advanceTimersByTime(5000);
    c.resume();
    vi.advanceTimersByTime(VIEW_MS - 1);
    c.flush();
    expect(ids()).toEqual([]);
    vi.advanceTimersByTime(1);
    c.flush();
    expect(ids()).toEqual(['p1']);
  });

  it('batches by list and result set, and sends a full batch at once', () => {
    const { c, batches } = counter();
    c.enter(card('a', 1));
    c.enter(card('b', 1, { list: 'similar_products' }));
    c.enter(card('c', 2, { resultSet: 'dresses?color=red' }));
    vi.advanceTimersByTime(VIEW_MS + BATCH_MS);
    expect(batches.map((b) => [b.list, b.resultSet, b.items.length])).toEqual([
      ['search_results', 'dresses', 1],
      ['similar_products', 'dresses', 1],
      ['search_results', 'dresses?color=red', 1],
    ]);
    batches.length = 0;
    for (let i = 0; i < BATCH_MAX; i++) c.enter(card(`x${i}`, i + 1));
    vi.advanceTimersByTime(VIEW_MS);
    expect(batches.map((b) => b.items.length)).toEqual([BATCH_MAX]);
  });

  it('leaves no timer behind once disposed, and sends what was pending', () => {
    const { c, ids } = counter();
    c.enter(card('p1'));
    vi.advanceTimersByTime(VIEW_MS);
    c.enter(card('p2'));
    c.dispose();
    expect(ids()).toEqual(['p1']);
    expect(vi.getTimerCount()).toBe(0);
  });
});
