// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FACET_MATCH_LIMIT, FACET_QUERY_MAX_LENGTH } from '../../core/facets.js';
import type { Filter, FilterOption } from '../../core/types.js';
import { FilterButton } from './FilterPopover.js';
import { byName, click, type } from '../../testing/dom.js';
import { createTestPage, fixtureFilters, type TestPage } from '../../testing/filtersEnv.js';

// A marketplace's brand facet: 1,000 options, every one of them with an "a" in its name.
const BRANDS = 1000;
const brands = (): FilterOption[] =>
  Array.from({ length: BRANDS }, (_, i) => ({ key: `b${i}`, text: `Brand ${i}`, count: 2, selected: false }));

let page: TestPage;

async function openBrands(): Promise<HTMLElement> {
  const filters: Filter[] = [
    ...fixtureFilters().filter((filter) => filter.key !== 'brand'),
    { key: 'brand', label: 'Brand', options: brands() },
  ];
  page = createTestPage({ filters, width: 1280 });
  const filter = page.store.dlp.data!.filters.find((item) => item.key === 'brand')!;
  page.render(<FilterButton filter={filter} index={0} />);
  click(page.container.querySelector('[data-aisle="filter-button"]')!);
  await act(async () => {
    await import('./FilterPanel.js');
  });
  return page.container.querySelector<HTMLElement>('[data-aisle="filter-panel"]')!;
}

const searchBox = (panel: HTMLElement) => panel.querySelector<HTMLInputElement>('input[type=search]')!;
const checkboxes = (panel: HTMLElement) => panel.querySelectorAll('input[type=checkbox]').length;

/** How many texts were folded for matching (folding starts with a canonical split) while `run` ran. */
function foldings(run: () => void): number {
  const normalize = vi.spyOn(String.prototype, 'normalize');
  try {
    run();
    return normalize.mock.calls.length;
  } finally {
    normalize.mockRestore();
  }
}

beforeAll(async () => {
  await import('./FilterPanel.js');
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  page.unmount();
  vi.useRealTimers();
});

describe('a facet with a thousand options', () => {
  it('folds each option once: a keystroke folds only the query, a re-render nothing', async () => {
    const panel = await openBrands();
    type(searchBox(panel), 'b');
    // The second and third keystrokes fold their query and nothing else.
    expect(foldings(() => type(searchBox(panel), 'br'))).toBeLessThanOrEqual(2);
    expect(foldings(() => type(searchBox(panel), 'brzz'))).toBeLessThanOrEqual(2);
    // The "nothing matches" status arrives later and re-renders the list without matching again.
    expect(foldings(() => act(() => void vi.advanceTimersByTime(1000)))).toBe(0);
    expect(panel.querySelector('[role=status]')!.textContent).toBe('Nothing matches "brzz"');
  });

  it(`lists the first ${FACET_MATCH_LIMIT} matches of a short query, the rest behind "Show N more"`, async () => {
    const panel = await openBrands();
    type(searchBox(panel), 'a');
    expect(checkboxes(panel)).toBe(FACET_MATCH_LIMIT);
    const more = byName(panel, 'button', `Show ${BRANDS - FACET_MATCH_LIMIT} more Brand options`);
    click(more);
    expect(checkboxes(panel)).toBe(BRANDS);
    type(searchBox(panel), 'brand 99');
    // "Brand 99" and "Brand 990" to "Brand 999": all listed, nothing left to show.
    expect(checkboxes(panel)).toBe(11);
  });

  it(`cuts a pasted megabyte to ${FACET_QUERY_MAX_LENGTH} characters, and the box takes no more`, async () => {
    const panel = await openBrands();
    expect(searchBox(panel).maxLength).toBe(FACET_QUERY_MAX_LENGTH);
    type(searchBox(panel), 'a'.repeat(1_000_000));
    expect(searchBox(panel).value).toHaveLength(FACET_QUERY_MAX_LENGTH);
    act(() => void vi.advanceTimersByTime(1000));
    expect(panel.querySelector('[role=status]')!.textContent).toBe(`Nothing matches "${'a'.repeat(100)}"`);
  });
});
