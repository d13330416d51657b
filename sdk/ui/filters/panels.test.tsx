// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Filter } from '../../core/types.js';
import { FilterPanel } from './FilterPanel.js';
import { byName, click } from '../../testing/dom.js';
import { createTestPage, fixtureFilters, type TestPage } from '../../testing/filtersEnv.js';

let page: TestPage;
const filter = (key: string): Filter => page.store.dlp.data!.filters.find((item) => item.key === key)!;
const panel = () => page.container.querySelector<HTMLElement>('[data-aisle="filter-panel"]')!;
const lastFilters = () => page.requests.at(-1)?.body.filters;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  page.unmount();
  vi.useRealTimers();
});

describe('filter panels', () => {
  it('lists brand options as checkboxes with counts and sends the toggled value', async () => {
    page = createTestPage();
    page.render(<FilterPanel filter={filter('brand')} context="popover" />);
    expect(panel().dataset.filterKey).toBe('brand');
    const acme = byName<HTMLInputElement>(panel(), 'input[type=checkbox]', 'Acme (9)');
    expect(byName<HTMLInputElement>(panel(), 'input[type=checkbox]', 'Zenith (0)').disabled).toBe(true);

    click(acme);
    expect(lastFilters()).toEqual([{ key: 'brand', value: ['acme'] }]);
    expect(page.urls.at(-1)).toBe('/maple/dresses?filters=brand~acme');
    await page.settle();
    expect(acme.checked).toBe(true);

    click(acme);
    expect(lastFilters()).toEqual([]);
  });

  it('shows colour swatches as toggle buttons named by text and count', async () => {
    page = createTestPage({ search: '?filters=color~navy' });
    page.render(<FilterPanel filter={filter('color')} context="drawer" />);
    const black = byName(panel(), 'button', 'Black (12)');
    const navy = byName(panel(), 'button', 'Navy (5)');
    expect(black.getAttribute('aria-pressed')).toBe('false');
    expect(navy.getAttribute('aria-pressed')).toBe('true');
    expect(byName<HTMLButtonElement>(panel(), 'button', 'Plaid (0)').disabled).toBe(true);
    const dot = (button: HTMLElement) => button.querySelector<HTMLElement>('.aisle-swatch-dot')!.style;
    expect(dot(black).backgroundColor).toBe('#000000');
    expect(dot(navy).backgroundImage).toContain('https://cdn.example/sw/navy.png');
    expect(dot(byName(panel(), 'button', 'Plaid (0)')).cssText).toBe('');

    click(black);
    expect(lastFilters()).toEqual([{ key: 'color', value: ['navy', 'black'] }]);
  });

  it('keeps a selected option with no results enabled so it can be removed', () => {
    page = createTestPage({ search: '?filters=color~plaid' });
    page.render(<FilterPanel filter={filter('color')} context="drawer" />);
    const plaid = byName<HTMLButtonElement>(panel(), 'button', 'Plaid (0)');
    expect(plaid.disabled).toBe(false);
    click(plaid);
    expect(lastFilters()).toEqual([]);
  });

  it('groups sizes under their variant headings, ungrouped sizes first', () => {
    page = createTestPage();
    page.render(<FilterPanel filter={filter('size')} context="drawer" />);
    const groups = [...panel().querySelectorAll<HTMLElement>('[role=group]')];
    const summary = groups.map((group) => [
      group.querySelector('.aisle-size-group__title')?.textContent ?? null,
      [...group.querySelectorAll('button')].map((button) => button.textContent),
    ]);
    expect(summary).toEqual([
      [null, ['One Size (6)']],
      ['Women', ['8 (4)', '10 (2)']],
      ['Men', ['10 (3)']],
      ['Kids', ['S (0)']],
    ]);
    expect(groups[1]!.getAttribute('aria-labelledby')).toBe(groups[1]!.querySelector('p')!.id);
    const kidsSmall = groups[3]!.querySelector('button')!;
    expect(kidsSmall.disabled).toBe(true);

    click(groups[2]!.querySelector('button')!);
    expect(lastFilters()).toEqual([{ key: 'size', value: ['men__10'] }]);
  });

  it('shows ratings as stars and "& up" buttons', () => {
    page = createTestPage();
    page.render(<FilterPanel filter={filter('rating')} context="popover" />);
    const four = byName(panel(), 'button', '4 stars & up (20)');
    expect(four.querySelector('.aisle-rating-stars')!.textContent).toBe('★★★★☆');
    expect(four.textContent).toContain('4 stars & up');
    expect(byName<HTMLButtonElement>(panel(), 'button', '2 stars & up (0)').disabled).toBe(true);
    click(byName(panel(), 'button', '3 stars & up (31)'));
    expect(lastFilters()).toEqual([{ key: 'rating', value: ['3'] }]);
  });

  it('speaks French when the locale is fr', () => {
    page = createTestPage({ locale: 'fr' });
    page.render(<FilterPanel filter={filter('rating')} context="popover" />);
    expect(byName(panel(), 'button', '4 étoiles et plus (20)')).toBeTruthy();
  });

  it('ignores a click while a search is in flight', () => {
    page = createTestPage();
    page.render(<FilterPanel filter={filter('brand')} context="popover" />);
    const acme = byName(panel(), 'input[type=checkbox]', 'Acme (9)');
    click(acme);
    click(acme);
    expect(page.requests).toHaveLength(1);
  });

  it('renders nothing for a price filter whose absolute min equals its max', () => {
    const filters = fixtureFilters().map((item) =>
      item.key === 'price' ? { ...item, abs_min: 50, abs_max: 50 } : item,
    );
    page = createTestPage({ filters });
    page.render(<FilterPanel filter={filter('price')} context="drawer" />);
    expect(page.container.querySelector('[data-aisle="filter-panel"]')).toBeNull();
  });

  it.each(['brand', 'color', 'size', 'rating'])(
    'a %s option without a count is usable and shows no count at all',
    (key) => {
      // The plain option shape: key, text, selected, and nothing else.
      const filters = fixtureFilters().map((f) => ({
        ...f,
        options: f.options.map(({ key: k, text, selected }) => ({ key: k, text, selected })),
      }));
      page = createTestPage({ filters });
      page.render(<FilterPanel filter={filter(key)} context="drawer" />);
      const controls = [...panel().querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button')];
      expect(controls.length).toBeGreaterThan(0);
      expect(controls.every((control) => !control.disabled)).toBe(true);
      expect(panel().textContent).not.toMatch(/\(|\)|undefined|NaN/);
      expect(panel().querySelector('.aisle-option-count')).toBeNull();
      for (const control of controls) expect(control.getAttribute('aria-label') ?? '').not.toMatch(/\(/);
      click(controls[0]!);
      expect(lastFilters()).toHaveLength(1);
    },
  );
});
