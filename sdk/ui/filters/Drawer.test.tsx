// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Drawer from './Drawer.js';
import { accessibleName, byName, click, press } from '../../testing/dom.js';
import { createTestPage, type TestPage } from '../../testing/filtersEnv.js';

let page: TestPage;
const drawer = () => page.container.querySelector<HTMLElement>('[data-aisle="drawer"]');
const opener = () => byName(page.container, 'button', 'Open filters');

// Stand-ins for the listing around the drawer: its heading (hidden on phones) and the first result.
function Listing({ headingHidden, products }: { headingHidden: boolean; products: boolean }) {
  return (
    <>
      <h1 className={headingHidden ? 'aisle-h1 aisle-h1--listing' : 'aisle-h1'} data-aisle="heading">
        Dresses
      </h1>
      {products ? (
        <ul data-aisle="grid">
          <li data-aisle="product">
            <a href="/p/1">First dress</a>
          </li>
        </ul>
      ) : (
        <div className="aisle-empty">No results</div>
      )}
    </>
  );
}

function openDrawer(
  options: { width?: number; search?: string; listing?: { headingHidden: boolean; products: boolean } } = {},
) {
  page = createTestPage({ width: 600, ...options });
  page.render(
    <>
      <button type="button" onClick={() => page.store.drawer.show()}>
        Open filters
      </button>
      {options.listing ? <Listing {...options.listing} /> : null}
      <Drawer />
    </>,
  );
  act(() => opener().focus());
  click(opener());
}

beforeEach(() => {
  vi.useFakeTimers();
  document.body.style.overflow = 'auto';
});
afterEach(() => {
  page.unmount();
  vi.useRealTimers();
  document.body.style.overflow = '';
});

describe('All Filters drawer', () => {
  it('opens as a labelled modal dialog and slides in 10 ms later', () => {
    openDrawer();
    const dialog = drawer()!;
    expect(dialog.getAttribute('role')).toBe('dialog');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('All Filters');
    expect(dialog.classList.contains('aisle-drawer--ready')).toBe(false);
    act(() => void vi.advanceTimersByTime(10));
    expect(dialog.classList.contains('aisle-drawer--ready')).toBe(true);
    expect(dialog.classList.contains('aisle-drawer--full')).toBe(true);
  });

  it('is a desktop side panel on a wide screen', () => {
    openDrawer({ width: 1280 });
    expect(drawer()!.classList.contains('aisle-drawer--desktop')).toBe(true);
  });

  it('moves focus in, keeps Tab inside, and gives focus back on Escape', () => {
    openDrawer();
    const dialog = drawer()!;
    expect(document.activeElement?.textContent).toBe('All Filters');
    const close = byName(dialog, 'button', 'Close');
    const results = byName(dialog, 'button', 'See 42 Results');

    press('Tab', { shiftKey: true });
    expect(document.activeElement).toBe(results);
    press('Tab');
    expect(document.activeElement).toBe(close);
    press('Tab', { shiftKey: true });
    expect(document.activeElement).toBe(results);

    press('Escape');
    expect(dialog.classList.contains('aisle-drawer--ready')).toBe(false);
    expect(document.activeElement).toBe(opener());
    expect(drawer()).not.toBeNull();
    act(() => void vi.advanceTimersByTime(300));
    expect(drawer()).toBeNull();
  });

  it('locks the page scroll while open and restores it on close', () => {
    openDrawer();
    expect(document.body.style.overflow).toBe('hidden');
    click(byName(drawer()!, 'button', 'Close'));
    expect(document.body.style.overflow).toBe('auto');
  });

  it('restores the page scroll when unmounted while open', () => {
    openDrawer();
    page.render(<p>gone</p>);
    expect(document.body.style.overflow).toBe('auto');
  });

  it('shows the filtered count on See N Results, which closes it', () => {
    openDrawer();
    click(byName(drawer()!, 'button', 'See 42 Results'));
    expect(page.store.drawer.open).toBe(false);
  });

  it('moves focus to the results heading after See N Results', () => {
    openDrawer({ width: 1280, listing: { headingHidden: false, products: true } });
    click(byName(drawer()!, 'button', 'See 42 Results'));
    const heading = page.container.querySelector<HTMLElement>('[data-aisle="heading"]')!;
    expect(document.activeElement).toBe(heading);
    // Focusable by script only, so Tab does not stop on it.
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('moves focus to the first result on a phone, where the stylesheet hides the listing heading', () => {
    openDrawer({ width: 375, listing: { headingHidden: true, products: true } });
    click(byName(drawer()!, 'button', 'See 42 Results'));
    expect(document.activeElement?.textContent).toBe('First dress');
  });

  it('moves focus to the no-results message when nothing matched and the heading is hidden', () => {
    openDrawer({ width: 375, listing: { headingHidden: true, products: false } });
    click(byName(drawer()!, 'button', 'See 42 Results'));
    expect(document.activeElement?.className).toBe('aisle-empty');
  });

  it('still gives focus back to the opener when closed any other way', () => {
    openDrawer({ width: 1280, listing: { headingHidden: false, products: true } });
    click(byName(drawer()!, 'button', 'Close'));
    expect(document.activeElement).toBe(opener());
  });

  it('closes when the backdrop is clicked', () => {
    openDrawer();
    click(page.container.querySelector('.aisle-drawer__backdrop')!);
    expect(page.store.drawer.open).toBe(false);
  });

  it('shows every visible filter as an accordion with one section open at a time', () => {
    openDrawer({ search: '?filters=color~black' });
    const dialog = drawer()!;
    const headers = [...dialog.querySelectorAll<HTMLButtonElement>('.aisle-accordion__toggle')];
    expect(headers.map((header) => accessibleName(header))).toEqual([
      'Price',
      'Color, 1 selected',
      'Size',
      'Rating',
      'Brand',
    ]);
    const [, color, size] = headers;
    click(color!);
    expect(color!.getAttribute('aria-expanded')).toBe('true');
    const region = document.getElementById(color!.getAttribute('aria-controls')!)!;
    expect(region.querySelector('[data-aisle="filter-panel"]')!.getAttribute('data-filter-key')).toBe('color');

    click(size!);
    expect(color!.getAttribute('aria-expanded')).toBe('false');
    expect(size!.getAttribute('aria-expanded')).toBe('true');
    expect(region.hidden).toBe(true);
    expect(dialog.querySelectorAll('[data-aisle="filter-panel"]')).toHaveLength(1);
  });

  it('holds the selected-filter chips', () => {
    openDrawer({ search: '?filters=color~black' });
    expect(drawer()!.querySelector('[data-aisle="chips"]')!.textContent).toContain('Black');
  });

  it('speaks French when the locale is fr', () => {
    page = createTestPage({ locale: 'fr' });
    act(() => page.store.drawer.show());
    page.render(<Drawer />);
    const dialog = drawer()!;
    expect(document.getElementById(dialog.getAttribute('aria-labelledby')!)!.textContent).toBe('Tous les filtres');
    expect(byName(dialog, 'button', 'Voir 42 résultats')).toBeTruthy();
  });
});
