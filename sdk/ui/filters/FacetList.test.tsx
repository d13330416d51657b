// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FACET_STATUS_DELAY_MS } from '../../core/facets.js';
import { fr } from '../../core/messages.fr.js';
import { registerMessages } from '../../core/messages.js';
import type { Filter, FilterOption } from '../../core/types.js';
import Drawer from './Drawer.js';
import { FilterButton } from './FilterPopover.js';
import { accessibleName, byName, click, type } from '../../testing/dom.js';
import { createTestPage, fixtureFilters, type TestPage } from '../../testing/filtersEnv.js';

let page: TestPage;

const option = (key: string, text: string, count = 3): FilterOption => ({ key, text, count, selected: false });
const numbered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => option(`${prefix}${index}`, `${prefix.toUpperCase()} ${index}`));

// 22 brands (more than both thresholds), one of them with an accent, one counted at zero.
const brands = (): FilterOption[] => [
  ...numbered('b', 18),
  option('ecru-co', 'Écru & Co'),
  option('ecrin', 'Écrin'),
  option('navy-line', 'Navy Line', 0),
  option('zenith', 'Zenith'),
];
const longFilters = (): Filter[] => [
  ...fixtureFilters().filter((filter) => filter.key !== 'brand' && filter.key !== 'size' && filter.key !== 'color'),
  { key: 'brand', label: 'Brand', options: brands() },
  // 12 sizes: long enough for "Show more", too short for a search box.
  {
    key: 'size',
    label: 'Size',
    options: [...numbered('women__', 6), ...numbered('men__', 6)].map((item) => ({
      ...item,
      text: item.key.split('__')[1]!,
    })),
  },
  {
    key: 'color',
    label: 'Color',
    options: [...numbered('c', 15), option('ecru', 'Écru')],
  },
];

type Where = 'popover' | 'drawer';

/** Renders `key`'s panel where shoppers meet it: a desktop popover, or the drawer's accordion on a phone. */
async function openPanel(where: Where, key: string, options: { locale?: 'en' | 'fr'; search?: string } = {}) {
  if (options.locale === 'fr') registerMessages('fr', fr);
  page = createTestPage({ filters: longFilters(), width: where === 'popover' ? 1280 : 375, ...options });
  const filter = page.store.dlp.data!.filters.find((item) => item.key === key)!;
  if (where === 'popover') {
    page.render(<FilterButton filter={filter} index={0} />);
    click(page.container.querySelector('[data-aisle="filter-button"]')!);
  } else {
    act(() => {
      page.store.drawer.show();
      page.store.drawer.toggleSection(key);
    });
    page.render(<Drawer />);
  }
  await act(async () => {
    await import('./FilterPanel.js');
  });
  return page.container.querySelector<HTMLElement>('[data-aisle="filter-panel"]')!;
}

const checkboxNames = (panel: HTMLElement) =>
  [...panel.querySelectorAll('input[type=checkbox]')].map((input) => accessibleName(input));
const buttonNames = (panel: HTMLElement) =>
  [...panel.querySelectorAll<HTMLElement>('[data-option-key]')].map((button) => accessibleName(button));
const searchBox = (panel: HTMLElement) => panel.querySelector<HTMLInputElement>('input[type=search]');
const status = (panel: HTMLElement) => panel.querySelector('[role=status]')!.textContent;

beforeAll(async () => {
  await import('./FilterPanel.js');
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  page.unmount();
  vi.useRealTimers();
});

describe.each<Where>(['popover', 'drawer'])('a long filter list in the %s', (where) => {
  it('shows ten options, then reveals the rest with focus on the first new one, then shows less', async () => {
    const panel = await openPanel(where, 'brand');
    expect(checkboxNames(panel)).toHaveLength(10);
    const more = byName(panel, 'button', 'Show 12 more Brand options');
    expect(more.textContent).toBe('Show 12 more');

    click(more);
    expect(checkboxNames(panel)).toHaveLength(22);
    expect(accessibleName(document.activeElement!)).toBe('B 10 (3)');
    const less = byName(panel, 'button', 'Show less of Brand');
    expect(less.getAttribute('aria-expanded')).toBe('true');

    click(less);
    expect(checkboxNames(panel)).toHaveLength(10);
  });

  it('lists selected options first, even from beyond the first ten', async () => {
    const panel = await openPanel(where, 'brand', { search: '?filters=brand~zenith' });
    expect(checkboxNames(panel).slice(0, 2)).toEqual(['Zenith (3)', 'B 0 (3)']);
    expect(panel.querySelector<HTMLInputElement>('[data-option-key="zenith"]')!.checked).toBe(true);
  });

  it('leaves a ticked or unticked box where it is, with focus, until the list is laid out again', async () => {
    const panel = await openPanel(where, 'brand', { search: '?filters=brand~zenith' });
    click(byName(panel, 'button', 'Show 12 more Brand options'));
    const b15 = byName<HTMLInputElement>(panel, 'input[type=checkbox]', 'B 15 (3)');
    act(() => b15.focus());
    click(b15);
    await page.settle();
    expect(b15.checked).toBe(true);
    expect(document.activeElement).toBe(b15);
    expect(checkboxNames(panel).indexOf('B 15 (3)')).toBe(16);

    const zenith = byName<HTMLInputElement>(panel, 'input[type=checkbox]', 'Zenith (3)');
    act(() => zenith.focus());
    click(zenith);
    await page.settle();
    expect(zenith.checked).toBe(false);
    expect(document.activeElement).toBe(zenith);
    expect(checkboxNames(panel)[0]).toBe('Zenith (3)');

    // Show less lays the list out again: the choice made meanwhile now leads it.
    click(byName(panel, 'button', 'Show less of Brand'));
    expect(checkboxNames(panel).slice(0, 2)).toEqual(['B 15 (3)', 'B 0 (3)']);
  });

  it('narrows the options as the shopper types, ignoring accents and case', async () => {
    const panel = await openPanel(where, 'brand');
    const search = searchBox(panel)!;
    expect(accessibleName(search)).toBe('Search Brand');
    type(search, 'ECR');
    expect(checkboxNames(panel)).toEqual(['Écru & Co (3)', 'Écrin (3)']);
    // No "Show more" while searching, but its row keeps its place.
    expect(panel.querySelector('.aisle-facet__more')).toBeNull();
    expect(panel.querySelector('.aisle-facet__footer')).not.toBeNull();
    type(search, '');
    expect(checkboxNames(panel)).toHaveLength(10);
  });

  it('starts the list area from its top when the query changes', async () => {
    const panel = await openPanel(where, 'brand');
    click(byName(panel, 'button', 'Show 12 more Brand options'));
    const list = panel.querySelector<HTMLElement>('.aisle-facet__list')!;
    list.scrollTop = 200;
    type(searchBox(panel)!, 'b');
    expect(list.scrollTop).toBe(0);
  });

  it('says politely when nothing matches, once typing pauses, and keeps selected options listed', async () => {
    const panel = await openPanel(where, 'brand', { search: '?filters=brand~b3' });
    type(searchBox(panel)!, 'qq');
    expect(checkboxNames(panel)).toEqual(['B 3 (3)']);
    expect(status(panel)).toBe('');
    act(() => void vi.advanceTimersByTime(FACET_STATUS_DELAY_MS - 1));
    type(searchBox(panel)!, 'qqq');
    act(() => void vi.advanceTimersByTime(FACET_STATUS_DELAY_MS - 1));
    expect(status(panel)).toBe('');
    act(() => void vi.advanceTimersByTime(1));
    expect(status(panel)).toBe('Nothing matches "qqq"');

    type(searchBox(panel)!, 'b');
    expect(status(panel)).toBe('');
  });

  it('cuts a long size list and keeps its groups, without a search box', async () => {
    const panel = await openPanel(where, 'size');
    expect(searchBox(panel)).toBeNull();
    expect(buttonNames(panel)).toHaveLength(10);
    expect([...panel.querySelectorAll('.aisle-size-group__title')].map((title) => title.textContent)).toEqual([
      'Women',
      'Men',
    ]);
    click(byName(panel, 'button', 'Show 2 more Size options'));
    expect(buttonNames(panel)).toHaveLength(12);
    expect(document.activeElement?.getAttribute('data-option-key')).toBe('men__4');
  });

  it('searches a long colour list by name', async () => {
    const panel = await openPanel(where, 'color');
    type(searchBox(panel)!, 'ecru');
    expect(buttonNames(panel)).toEqual(['Écru (3)']);
  });
});

describe.each<Where>(['popover', 'drawer'])('a long filter list in French in the %s', (where) => {
  it('names its controls in French', async () => {
    const panel = await openPanel(where, 'brand', { locale: 'fr' });
    const more = byName(panel, 'button', 'Afficher 12 de plus, Brand');
    expect(more.textContent).toBe('Afficher 12 de plus');
    click(more);
    expect(byName(panel, 'button', 'Afficher moins, Brand').textContent).toBe('Afficher moins');
    const search = searchBox(panel)!;
    expect(accessibleName(search)).toBe('Rechercher dans Brand');
    expect(search.placeholder).toBe('Rechercher');
    type(search, 'écrin');
    expect(checkboxNames(panel)).toEqual(['Écrin (3)']);
    type(search, 'zz');
    act(() => void vi.advanceTimersByTime(FACET_STATUS_DELAY_MS));
    expect(status(panel)).toBe('Aucun résultat pour «\u00a0zz\u00a0»');
  });
});

describe('a short filter list', () => {
  it('shows every option with no search box and no Show more', async () => {
    page = createTestPage();
    const filter = page.store.dlp.data!.filters.find((item) => item.key === 'brand')!;
    page.render(<FilterButton filter={filter} index={0} />);
    click(page.container.querySelector('[data-aisle="filter-button"]')!);
    await act(async () => {
      await import('./FilterPanel.js');
    });
    const panel = page.container.querySelector<HTMLElement>('[data-aisle="filter-panel"]')!;
    expect(checkboxNames(panel)).toEqual(['Acme (9)', 'Zenith (0)']);
    expect(searchBox(panel)).toBeNull();
    expect(panel.querySelector('.aisle-facet__footer')).toBeNull();
  });
});
