// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SelectedChips } from './Chips.js';
import { accessibleName, byName, click } from '../../testing/dom.js';
import { createTestPage, type TestPage } from '../../testing/filtersEnv.js';

let page: TestPage;
const chips = () => page.container.querySelector<HTMLElement>('[data-aisle="chips"]');
const chipNames = () => [...chips()!.querySelectorAll('.aisle-chip')].map(accessibleName);
const clearButton = () => page.container.querySelector<HTMLButtonElement>('[data-aisle="clear-filters"]');

function renderChips(search: string) {
  page = createTestPage({ search });
  page.render(<SelectedChips />);
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  page.unmount();
  vi.useRealTimers();
});

describe('selected-filter chips', () => {
  it('renders nothing when no filter is selected', () => {
    renderChips('');
    expect(chips()).toBeNull();
  });

  it('names one chip per value by its option text, falling back to the raw value, and prices by their bounds', () => {
    renderChips('?filters=color~black~teal&price=20/200');
    expect(chips()!.textContent).toContain('$20.00 – $200.00');
    expect(chipNames()).toEqual(['Remove filter "Black"', 'Remove filter "teal"', 'Remove filter "$20.00 – $200.00"']);
  });

  it('shows Clear Filters only from two selected values on', async () => {
    renderChips('?filters=color~black');
    expect(clearButton()).toBeNull();
    page.unmount();

    renderChips('?filters=color~black&filters=size~women__8');
    expect(clearButton()!.textContent).toBe('Clear Filters');
    click(clearButton()!);
    expect(page.requests.at(-1)!.body.filters).toEqual([]);
    expect(chips()).toBeNull();
    await page.settle();
  });

  it('counts a price range as one selected filter', () => {
    renderChips('?price=20/200');
    expect(clearButton()).toBeNull();
  });

  it('removes a value when its chip is clicked and moves focus to the next chip', async () => {
    renderChips('?filters=color~black~navy&price=20/200');
    click(byName(chips()!, 'button', 'Remove filter "Black"'));
    expect(page.requests.at(-1)!.body.filters).toEqual([
      { key: 'color', value: ['navy'] },
      { key: 'price', value: [20, 200] },
    ]);
    expect(accessibleName(document.activeElement!)).toBe('Remove filter "Navy"');
    await page.settle();

    click(byName(chips()!, 'button', 'Remove filter "$20.00 – $200.00"'));
    expect(page.requests.at(-1)!.body.filters).toEqual([{ key: 'color', value: ['navy'] }]);
    expect(chipNames()).toEqual(['Remove filter "Navy"']);
    await page.settle();
  });

  it('speaks French when the locale is fr', () => {
    page = createTestPage({ search: '?filters=color~black&price=20/200', locale: 'fr' });
    page.render(<SelectedChips />);
    expect(clearButton()!.textContent).toBe('Effacer les filtres');
    expect(chips()!.querySelector('.aisle-chip')!.getAttribute('aria-label')).toBe(
      'Retirer le filtre «\u00a0Black\u00a0»',
    );
  });
});
