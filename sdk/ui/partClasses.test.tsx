// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMIZABLE_PARTS, type CustomizablePart } from '../core/customization.js';
import type { Filter, SearchResponse } from '../core/types.js';
import { fakeResponse } from '../testing/stores.js';
import { renderAisle, testContext, type Rendered } from '../testing/ui.js';

/** A class of the shop's for every part, named after it, and Bootstrap's on buttons and text fields. */
const CLASSES = Object.fromEntries(CUSTOMIZABLE_PARTS.map((part) => [part, `shop-${part}`])) as Record<
  CustomizablePart,
  string
>;
CLASSES.button = 'btn btn-outline-dark';
CLASSES.input = 'form-control';

/** A listing with a colour filter long enough to be searched, and room for three pages. */
function listing(): SearchResponse {
  const response = fakeResponse({ shown: 24, filtered: 100 });
  const colours: Filter = {
    key: 'color',
    label: 'Color',
    options: Array.from({ length: 20 }, (_, i) => ({ key: `c${i}`, text: `Colour ${i}`, selected: false, count: 3 })),
  };
  response.filters = [colours, ...response.filters.filter((f) => f.key !== 'color')];
  return response;
}

let page: Rendered | undefined;
afterEach(() => {
  page?.unmount();
  page = undefined;
});

async function render(width: number, customization: unknown = { classes: CLASSES, texts: {}, unstyled: false }) {
  const response = listing();
  page = await renderAisle(testContext({ customization } as never, { data: response }), { width });
  page.env.reply(() => ({ status: 200, json: response }));
  return page;
}

const all = (selector: string) => [...page!.container.querySelectorAll<HTMLElement>(selector)];
const withClass = (selector: string, names: string) =>
  all(selector).filter((el) => names.split(' ').every((n) => el.classList.contains(n)));
/** Waits for a part that arrives with a chunk of its own (the paging, the drawer, the price boxes). */
async function arrived(selector: string): Promise<void> {
  await vi.waitFor(async () => {
    await page!.settle();
    expect(all(selector).length, selector).toBeGreaterThan(0);
  });
}

/** Every element matching `selector` carries the shop's classes `names` beside Aisle's own. */
function carries(selector: string, names: string): void {
  const found = all(selector);
  expect(found.length, selector).toBeGreaterThan(0);
  expect(withClass(selector, names).length, `${selector} with ${names}`).toBe(found.length);
}

describe('the shop’s classes on Aisle’s parts, beside Aisle’s own', () => {
  it('the listing: root, breadcrumbs, heading, toolbar, filter buttons, sort, grid, cards, titles, prices, pager', async () => {
    await render(1280);
    carries('.aisle-root', 'shop-root');
    carries('.aisle-breadcrumbs', 'shop-breadcrumbs');
    carries('.aisle-h1', 'shop-heading');
    carries('.aisle-toolbar', 'shop-toolbar');
    carries('[data-aisle="filter-button"], [data-aisle="all-filters"]', 'shop-filterButton btn btn-outline-dark');
    carries('.aisle-dropdown__button', 'shop-sort btn btn-outline-dark');
    carries('[data-aisle="grid"]', 'shop-grid');
    carries('.aisle-card', 'shop-card');
    carries('.aisle-card__title', 'shop-cardTitle');
    carries('.aisle-card__price', 'shop-price');
    carries('.aisle-swatch', 'btn btn-outline-dark');
    await arrived('.aisle-paging');
    carries('.aisle-paging', 'shop-pager');
    carries('button', 'btn btn-outline-dark');
  });

  it('the sort’s select on a phone', async () => {
    await render(375);
    carries('.aisle-sort__native select', 'shop-sort');
  });

  it('the popover, its price boxes and a facet’s search, and the chips', async () => {
    const { container, settle, store } = await render(1280);
    const button = (label: string) =>
      all('[data-aisle="filter-button"]').find((b) => b.textContent?.startsWith(label))!;
    act(() => button('Price').click());
    await arrived('.aisle-price-input__field');
    carries('.aisle-popover', 'shop-popover');
    carries('.aisle-price-input__field', 'form-control');
    act(() => button('Color').click());
    await arrived('.aisle-facet__search');
    carries('.aisle-facet__search', 'form-control');
    carries('.aisle-facet__more', 'btn btn-outline-dark');
    // One at a time: a toggle waits for the search of the one before.
    act(() => store.dlp.toggleFilter('color', 'c1'));
    await settle();
    act(() => store.dlp.toggleFilter('color', 'c2'));
    await arrived('.aisle-chips__clear');
    carries('.aisle-chip', 'shop-chip btn btn-outline-dark');
    carries('.aisle-chips__clear', 'btn btn-outline-dark');
    carries('button', 'btn btn-outline-dark');
    carries('input[type="text"], input[type="search"]', 'form-control');
    expect(container.querySelectorAll('input[type="checkbox"].form-control').length).toBe(0);
  });

  it('the drawer, its buttons and its options', async () => {
    const { store } = await render(375);
    act(() => store.drawer.show());
    await arrived('.aisle-accordion__toggle');
    carries('[data-aisle="drawer"]', 'shop-drawer');
    carries('.aisle-drawer__close, .aisle-drawer__results, .aisle-accordion__toggle', 'btn btn-outline-dark');
    carries('button', 'btn btn-outline-dark');
  });

  it('nothing of the shop’s without a customisation, and only Aisle’s class where a part has none', async () => {
    await render(1280, null);
    const names = all('[class]').flatMap((el) => [...el.classList]);
    expect(names.filter((name) => !name.startsWith('aisle-'))).toEqual([]);
    page!.unmount();
    await render(1280, { classes: { card: 'card' }, texts: {}, unstyled: false });
    carries('.aisle-card', 'card');
    expect(
      all('.aisle-root [class]')
        .flatMap((el) => [...el.classList])
        .filter((n) => !n.startsWith('aisle-')),
    ).toEqual(all('.aisle-card').map(() => 'card'));
  });
});
