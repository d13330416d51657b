// @vitest-environment happy-dom
import { configure, runInAction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootStore } from '../stores/RootStore.js';
import type { FirstScreenSightings } from '../host/firstScreenSightings.js';
import { fakeEnv, testContext } from '../testing/stores.js';
import { BATCH_MS, VIEW_MS, type ImpressionBatch } from './impressions.js';
import { watchImpressions } from './impressionWatch.js';
import { fakeLifecycle } from '../testing/analytics.js';
import { FakeObserver } from '../testing/intersection.js';

configure({ enforceActions: 'always' });

function grid(ids: string[]): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = `<ul data-aisle="grid">${ids
    .map((id) => `<li data-aisle="product" data-product-id="${id}"></li>`)
    .join('')}</ul>`;
  document.body.append(container);
  return container;
}

function watch(container: HTMLElement, arrival = 'navigate', firstScreen?: () => FirstScreenSightings | null) {
  const root = new RootStore(fakeEnv('http://shop.test/maple/dresses'), testContext(), 1280);
  const batches: Array<{ batch: ImpressionBatch; view: string }> = [];
  const win = {
    IntersectionObserver: FakeObserver,
    MutationObserver: window.MutationObserver,
    location: { pathname: '/maple/dresses' },
    sessionStorage: window.sessionStorage,
    document,
    performance: { getEntriesByType: () => [{ type: arrival }], now: () => Date.now() },
  } as unknown as Window & typeof globalThis;
  const stop = watchImpressions({
    win,
    root,
    shopId: 'maple',
    container: () => container,
    lifecycle: fakeLifecycle(),
    send: (batch, view) => batches.push({ batch, view }),
    firstScreen,
  });
  const io = FakeObserver.last!;
  const card = (id: string) => container.querySelector(`[data-product-id="${id}"]`)!;
  const ids = () => batches.flatMap((b) => b.batch.items.map((i) => i.productId));
  /** Shows `pathname` in place, as RootStore.navigate does: address first, then the route. */
  const moveTo = (pathname: string, arrivedBy: 'link' | 'back_forward') => {
    (win.location as { pathname: string }).pathname = pathname;
    root.env.host.writeUrl(pathname, 'push');
    root.arrivedBy = arrivedBy;
    runInAction(() => (root.route = { ...root.route, page: pathname.split('/').pop()! }));
  };
  return { root, batches, stop, io, card, ids, moveTo };
}

beforeEach(() => {
  vi.useFakeTimers();
  window.sessionStorage.clear();
  document.body.innerHTML = '';
});
afterEach(() => vi.useRealTimers());

describe('watchImpressions', () => {
  it('reports a card half in view for a second with its position, page and result set, once across a re-render', async () => {
    const container = grid(['p1', 'p2', 'p3']);
    const w = watch(container);
    w.io.show(w.card('p2'));
    w.io.show(w.card('p3'), 0.4);
    vi.advanceTimersByTime(VIEW_MS + BATCH_MS);
    expect(w.batches.map((b) => b.batch)).toEqual([
      {
        list: 'search_results',
        resultSet: 'dresses',
        url: 'http://shop.test/maple/dresses',
        items: [{ productId: 'p2', position: 2, page: 1 }],
      },
    ]);
    // React replaces the card: the new element is observed, and its sighting is not counted again.
    const fresh = w.card('p2').cloneNode() as Element;
    w.card('p2').replaceWith(fresh);
    await Promise.resolve();
    expect(w.io.targets.has(fresh)).toBe(true);
    w.io.show(fresh);
    vi.advanceTimersByTime(VIEW_MS + BATCH_MS);
    expect(w.ids()).toEqual(['p2']);
    w.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts nothing behind the open drawer, and gives cards a fresh second once it closes', () => {
    const w = watch(grid(['p1']));
    w.io.show(w.card('p1'));
    w.root.drawer.show();
    vi.advanceTimersByTime(5000);
    expect(w.ids()).toEqual([]);
    w.root.drawer.close();
    vi.advanceTimersByTime(VIEW_MS - 1);
    expect(w.ids()).toEqual([]);
    vi.advanceTimersByTime(1);
    w.stop();
    expect(w.ids()).toEqual(['p1']);
  });

  it('keeps the listing view across Back: the same view id, and cards seen before are not counted again', () => {
    const first = watch(grid(['p1', 'p2']));
    first.io.show(first.card('p1'));
    vi.advanceTimersByTime(VIEW_MS + BATCH_MS);
    first.stop();
    document.body.innerHTML = '';
    const back = watch(grid(['p1', 'p2']), 'back_forward');
    back.io.show(back.card('p1'));
    back.io.show(back.card('p2'));
    vi.advanceTimersByTime(VIEW_MS + BATCH_MS);
    expect(back.ids()).toEqual(['p2']);
    expect(back.batches[0]!.view).toBe(first.batches[0]!.view);
    back.stop();
    // A fresh arrival (a link, a reload) is a new listing view.
    document.body.innerHTML = '';
    const again = watch(grid(['p1']), 'navigate');
    again.io.show(again.card('p1'));
    vi.advanceTimersByTime(VIEW_MS + BATCH_MS);
    expect(again.ids()).toEqual(['p1']);
    expect(again.batches[0]!.view).not.toBe(first.batches[0]!.view);
    again.stop();
  });

  it('files what one listing saw under its own address when another is shown in place, and starts a view per arrival by a link', () => {
    const w = watch(grid(['p1', 'p2']));
    w.io.show(w.card('p1'));
    vi.advanceTimersByTime(VIEW_MS);
    // Seen, not sent yet (the batch waits): the move sends it under the first listing's address.
    w.moveTo('/maple/jeans', 'link');
    expect(w.batches.map((b) => [b.batch.url, b.batch.items[0]!.productId])).toEqual([
      ['http://shop.test/maple/dresses', 'p1'],
    ]);
    w.io.show(w.card('p2'));
    vi.advanceTimersByTime(VIEW_MS + BATCH_MS);
    expect(w.batches[1]!.batch.url).toBe('http://shop.test/maple/jeans');
    expect(w.batches[1]!.view).not.toBe(w.batches[0]!.view);
    // Back to the first listing by a link: a new listing view, where p1 counts again.
    w.moveTo('/maple/dresses', 'link');
    w.io.show(w.card('p1'));
    vi.advanceTimersByTime(VIEW_MS + BATCH_MS);
    expect(w.batches[2]!.batch.items[0]!.productId).toBe('p1');
    expect(new Set(w.batches.map((b) => b.view)).size).toBe(3);
    // Back to the jeans by the Back button: that listing view goes on, and p2 is not counted again.
    w.moveTo('/maple/jeans', 'back_forward');
    w.io.show(w.card('p2'));
    vi.advanceTimersByTime(VIEW_MS + BATCH_MS);
    expect(w.batches).toHaveLength(3);
    w.stop();
  });

  it('credits the first screen: a card seen there counts, one in view there needs only the rest of its second', () => {
    let frozen = false;
    const sightings: FirstScreenSightings = { seen: ['p1'], inView: new Map([['p2', Date.now() - 700]]) };
    const w = watch(grid(['p1', 'p2', 'p3']), 'navigate', () => (frozen ? sightings : null));
    // Before the app holds the screen, nothing is credited.
    w.io.show(w.card('p3'), 0);
    frozen = true;
    w.io.show(w.card('p2'));
    vi.advanceTimersByTime(VIEW_MS - 700 - 1);
    expect(w.ids()).toEqual([]);
    vi.advanceTimersByTime(1 + BATCH_MS);
    expect(w.ids().sort()).toEqual(['p1', 'p2']);
    w.stop();
  });
});
