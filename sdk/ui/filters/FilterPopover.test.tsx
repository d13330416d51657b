// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Filter } from '../../core/types.js';
import { FilterButton } from './FilterPopover.js';
import { accessibleName, click, press } from '../../testing/dom.js';
import { createTestPage, fixtureFilters, type TestPage } from '../../testing/filtersEnv.js';

let page: TestPage;
const filter = (key: string): Filter => page.store.dlp.data!.filters.find((item) => item.key === key)!;
const button = () => page.container.querySelector<HTMLButtonElement>('[data-aisle="filter-button"]')!;
const popover = () => page.container.querySelector<HTMLElement>('.aisle-popover');

function renderButton(options: { width: number; search?: string; key?: string }) {
  page = createTestPage(options);
  page.render(
    <>
      <FilterButton filter={filter(options.key ?? 'color')} index={0} />
      <p>elsewhere</p>
    </>,
  );
}

/** Opens the popover and lets its lazily loaded panel arrive. */
async function openPopover() {
  click(button());
  await act(async () => {
    await import('./FilterPanel.js');
  });
}

function pointerDown(target: Element) {
  act(() => {
    target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  page.unmount();
  vi.useRealTimers();
});

describe('filter button', () => {
  it('is named by the filter label and its number of selected values', () => {
    renderButton({ width: 1280, search: '?filters=color~black~navy' });
    expect(accessibleName(button())).toBe('Color, 2 selected');
    expect(button().querySelector('[aria-hidden="true"]')!.textContent).toBe('2');
    page.unmount();
    renderButton({ width: 1280 });
    expect(accessibleName(button())).toBe('Color');
  });

  it('toggles a popover with the filter panel on desktop', async () => {
    renderButton({ width: 1280 });
    expect(button().getAttribute('aria-expanded')).toBe('false');
    await openPopover();
    expect(button().getAttribute('aria-expanded')).toBe('true');
    expect(popover()!.id).toBe(button().getAttribute('aria-controls'));
    expect(popover()!.querySelector('[data-aisle="filter-panel"]')!.getAttribute('data-filter-key')).toBe('color');
    click(button());
    expect(popover()).toBeNull();
  });

  it('closes the popover on Escape and returns focus to the button', async () => {
    renderButton({ width: 1280 });
    await openPopover();
    act(() => popover()!.querySelector('button')!.focus());
    press('Escape');
    expect(popover()).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it('closes the popover on a click outside it, not inside it', async () => {
    renderButton({ width: 1280 });
    await openPopover();
    pointerDown(popover()!.querySelector('button')!);
    expect(popover()).not.toBeNull();
    pointerDown(page.container.querySelector('p')!);
    expect(popover()).toBeNull();
    expect(document.activeElement).toBe(button());
  });

  it('opens the drawer on that filter section on mobile and tablet', () => {
    renderButton({ width: 900 });
    expect(button().getAttribute('aria-haspopup')).toBe('dialog');
    click(button());
    expect(popover()).toBeNull();
    expect(page.store.drawer.visible).toBe(true);
    expect(page.store.drawer.openSection).toBe('color');
    expect(button().getAttribute('aria-expanded')).toBe('true');
    // A second press must not fold the section it asked for.
    click(button());
    expect(page.store.drawer.openSection).toBe('color');
  });

  it('is absent for a price filter whose absolute min equals its max', () => {
    const filters = fixtureFilters().map((item) =>
      item.key === 'price' ? { ...item, abs_min: 30, abs_max: 30 } : item,
    );
    page = createTestPage({ width: 1280, filters });
    page.render(<FilterButton filter={filter('price')} index={0} />);
    expect(page.container.querySelector('[data-aisle="filter-button"]')).toBeNull();
  });
});
