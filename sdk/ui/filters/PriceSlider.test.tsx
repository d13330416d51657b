// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FilterPanel } from './FilterPanel.js';
import { byName, press } from './testDom.js';
import { createTestPage, type TestPage } from './testEnv.js';

let page: TestPage;
const priceFilter = () => page.store.dlp.data!.filters.find((item) => item.key === 'price')!;
const thumb = (name: string) => byName(page.container, '[role=slider]', name);
const shownPrices = () =>
  [...page.container.querySelectorAll('.aisle-price-slider__values span')].map((span) => span.textContent);

async function renderSlider(search = '') {
  page = createTestPage({ search });
  page.render(<FilterPanel filter={priceFilter()} context="drawer" />);
  // The slider is a lazy chunk: let it arrive.
  await page.settle();
}

function focus(element: HTMLElement) {
  act(() => element.focus());
}

beforeAll(async () => {
  // Warm the lazy chunk so that React.lazy resolves within a few microtasks under fake timers.
  await import('./PriceSlider.js');
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  page.unmount();
  vi.useRealTimers();
});

describe('price slider', () => {
  it('spans abs_min..abs_max rounded to tens, with named thumbs and formatted values', async () => {
    await renderSlider();
    const min = thumb('Minimum price');
    const max = thumb('Maximum price');
    expect([min.getAttribute('aria-valuemin'), min.getAttribute('aria-valuemax')]).toEqual(['10', '490']);
    expect([min.getAttribute('aria-valuenow'), max.getAttribute('aria-valuenow')]).toEqual(['10', '490']);
    expect(max.getAttribute('aria-valuetext')).toBe('$490.00');
    expect(shownPrices()).toEqual(['$10.00', '$490.00']);
  });

  it('sends one snapped range 300 ms after the last key press', async () => {
    await renderSlider();
    focus(thumb('Minimum price'));
    press('ArrowRight');
    press('ArrowRight');
    act(() => void vi.advanceTimersByTime(200));
    press('ArrowRight');
    expect(shownPrices()).toEqual(['$40.00', '$490.00']);
    act(() => void vi.advanceTimersByTime(299));
    expect(page.requests).toHaveLength(0);

    act(() => void vi.advanceTimersByTime(1));
    expect(page.requests).toHaveLength(1);
    expect(page.requests[0]!.body.filters).toEqual([{ key: 'price', value: [40, 490] }]);
    expect(page.urls.at(-1)).toBe('/maple/dresses?price=40/490');
    act(() => void vi.advanceTimersByTime(1000));
    expect(page.requests).toHaveLength(1);
  });

  it('keeps the thumbs a step apart, pushing the other thumb', async () => {
    await renderSlider('?price=100/110');
    expect(thumb('Maximum price').getAttribute('aria-valuenow')).toBe('110');
    focus(thumb('Minimum price'));
    press('ArrowRight');
    act(() => void vi.advanceTimersByTime(300));
    expect(page.requests.at(-1)!.body.filters).toEqual([{ key: 'price', value: [110, 120] }]);
  });

  it('clears the price filter when the range is back to the full bounds', async () => {
    await renderSlider('?price=20/490');
    focus(thumb('Minimum price'));
    press('Home');
    act(() => void vi.advanceTimersByTime(300));
    expect(page.requests).toHaveLength(1);
    expect(page.requests[0]!.body.filters).toEqual([]);
    expect(page.urls.at(-1)).toBe('/maple/dresses');
  });

  it('sends nothing when the thumbs return to where they started', async () => {
    await renderSlider();
    focus(thumb('Maximum price'));
    press('ArrowLeft');
    press('ArrowRight');
    act(() => void vi.advanceTimersByTime(300));
    expect(page.requests).toHaveLength(0);
  });

  it('drops a pending change when it unmounts', async () => {
    await renderSlider();
    focus(thumb('Maximum price'));
    press('ArrowLeft');
    page.render(<p>gone</p>);
    act(() => void vi.advanceTimersByTime(300));
    expect(page.requests).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
