// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchFirstScreen } from './firstScreenSightings.js';
import { FakeObserver } from '../testing/intersection.js';

let now = 0;
const cards = (ids: string[]) => {
  const container = document.createElement('div');
  container.innerHTML = ids.map((id) => `<li data-aisle="product" data-product-id="${id}"></li>`).join('');
  document.body.append(container);
  const card = (id: string) => container.querySelector(`[data-product-id="${id}"]`)!;
  return { container, card };
};

beforeEach(() => {
  now = 1000;
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('watchFirstScreen', () => {
  it('hands over, once frozen and once only, the cards seen for a second and those in view since when', () => {
    const { container, card } = cards(['a', 'b', 'c']);
    const watch = watchFirstScreen(container);
    const io = FakeObserver.last!;
    io.show(card('a'));
    io.show(card('b'));
    now += 1200;
    io.show(card('a'), 0); // a left after 1.2 s: seen
    io.show(card('c'));
    now += 300;
    io.show(card('c'), 0.3); // c left after 0.3 s: not seen
    expect(watch.take()).toBeNull();
    watch.freeze();
    expect(io.targets.size).toBe(0);
    expect(watch.take()).toEqual({ seen: ['a'], inView: new Map([['b', 1000]]) });
    expect(watch.take()).toBeNull();
  });

  it('watches cards drawn later, and counts no time while the page is hidden', async () => {
    const { container, card } = cards(['a']);
    const watch = watchFirstScreen(container);
    const io = FakeObserver.last!;
    container.insertAdjacentHTML('beforeend', '<li data-aisle="product" data-product-id="late"></li>');
    await Promise.resolve();
    expect([...io.targets].map((t) => t.getAttribute('data-product-id'))).toContain('late');
    io.show(card('a'));
    now += 500;
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    now += 5000;
    watch.freeze();
    expect(watch.take()).toEqual({ seen: [], inView: new Map() });
  });
});
