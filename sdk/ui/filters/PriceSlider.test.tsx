// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fr } from '../../core/messages.fr.js';
import { registerMessages } from '../../core/messages.js';
import { FilterPanel } from './FilterPanel.js';
import { byName, press, type } from '../../testing/dom.js';
import { createTestPage, type TestPage } from '../../testing/filtersEnv.js';

let page: TestPage;
const priceFilter = () => page.store.dlp.data!.filters.find((item) => item.key === 'price')!;
const thumb = (name: string) => byName(page.container, '[role=slider]', name);
// What the From and To boxes show.
const shownPrices = () =>
  [...page.container.querySelectorAll<HTMLInputElement>('.aisle-price-input__field')].map((input) => input.value);
const box = (name: string) => byName<HTMLInputElement>(page.container, 'input', name);

async function renderSlider(search = '', locale?: 'en' | 'fr') {
  if (locale === 'fr') registerMessages('fr', fr);
  page = createTestPage({ search, locale });
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
    expect(shownPrices()).toEqual(['10', '490']);
  });

  it('sends one snapped range 300 ms after the last key press', async () => {
    await renderSlider();
    focus(thumb('Minimum price'));
    press('ArrowRight');
    press('ArrowRight');
    act(() => void vi.advanceTimersByTime(200));
    press('ArrowRight');
    expect(shownPrices()).toEqual(['40', '490']);
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

describe('price boxes', () => {
  function blur(input: HTMLInputElement) {
    act(() => input.blur());
  }

  it('shows the range in labelled From and To boxes that follow the slider', async () => {
    await renderSlider('?price=40/200');
    expect(box('From').value).toBe('40');
    expect(box('To').value).toBe('200');
    focus(thumb('Maximum price'));
    press('ArrowRight');
    expect(box('To').value).toBe('210');
  });

  it('names the boxes De and À in French', async () => {
    await renderSlider('', 'fr');
    expect(box('De').value).toBe('10');
    expect(box('À').value).toBe('490');
  });

  it('sends a typed minimum once, snapped to the nearest ten, when Enter is pressed', async () => {
    await renderSlider();
    type(box('From'), '4');
    type(box('From'), '44');
    act(() => void vi.advanceTimersByTime(1000));
    expect(page.requests).toHaveLength(0);

    press('Enter');
    expect(page.requests).toHaveLength(1);
    expect(page.requests[0]!.body.filters).toEqual([{ key: 'price', value: [40, 490] }]);
    expect(box('From').value).toBe('40');

    // Leaving the box after Enter has nothing new to send.
    blur(box('From'));
    act(() => void vi.advanceTimersByTime(1000));
    expect(page.requests).toHaveLength(1);
  });

  it('sends a typed maximum, rounded up, when the box is left', async () => {
    await renderSlider();
    type(box('To'), '$201');
    blur(box('To'));
    expect(page.requests).toHaveLength(1);
    expect(page.requests[0]!.body.filters).toEqual([{ key: 'price', value: [10, 210] }]);
  });

  it('reads a French decimal comma', async () => {
    await renderSlider('', 'fr');
    type(box('À'), '120,50');
    press('Enter');
    expect(page.requests[0]!.body.filters).toEqual([{ key: 'price', value: [10, 130] }]);
  });

  it('holds a minimum typed above the maximum one step below it', async () => {
    await renderSlider('?price=40/200');
    type(box('From'), '900');
    press('Enter');
    expect(page.requests[0]!.body.filters).toEqual([{ key: 'price', value: [190, 200] }]);
  });

  it('flags garbage while it is typed and puts the current value back on Enter, sending nothing', async () => {
    await renderSlider('?price=40/200');
    type(box('From'), 'abc');
    expect(box('From').getAttribute('aria-invalid')).toBe('true');
    press('Enter');
    expect(box('From').value).toBe('40');
    expect(box('From').hasAttribute('aria-invalid')).toBe(false);
    blur(box('From'));
    expect(page.requests).toHaveLength(0);
  });

  it.each(['US60CA', '$1,0,0'])('flags "%s", which no one writes as a price, and sends nothing', async (text) => {
    await renderSlider('?price=40/200');
    type(box('To'), text);
    expect(box('To').getAttribute('aria-invalid')).toBe('true');
    press('Enter');
    expect(box('To').value).toBe('200');
    expect(page.requests).toHaveLength(0);
  });

  it('clears the price filter when typed values give back the full range', async () => {
    await renderSlider('?price=40/490');
    type(box('From'), '0');
    press('Enter');
    expect(page.requests[0]!.body.filters).toEqual([]);
  });

  it('lets a typed value win over a slider move still waiting to be sent', async () => {
    await renderSlider();
    focus(thumb('Maximum price'));
    press('ArrowLeft');
    type(box('From'), '100');
    press('Enter');
    act(() => void vi.advanceTimersByTime(1000));
    expect(page.requests).toHaveLength(1);
    expect(page.requests[0]!.body.filters).toEqual([{ key: 'price', value: [100, 480] }]);
  });
});
