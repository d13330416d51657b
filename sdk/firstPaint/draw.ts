/**
 * The drawing of the first paint (see paint.ts): the elements of the app's first render of a
 * listing, made with the DOM alone. sdk/firstPaint/paint.test.tsx compares the two for every layout;
 * what a card says comes from sdk/ui/product/cardView.ts, as the app's card does.
 */
import { localeSuffixUrl } from '../core/localeUrl.js';
import { safeHref } from '../core/safeUrl.js';
import type { Filter } from '../core/types.js';
import { DRAWER_ID } from '../views/ids.js';
import { visibleFilters } from '../views/filterOptions.js';
import { drawCards } from './cards.js';
import { h, type PaintInput } from './elements.js';

/** Ids for this paint's own references (the app's replace them); unique on the page. */
let idCount = 0;
const nextId = (): string => `aisle-fp-${++idCount}`;

/**
 * The elements of the app's first render of this listing, inside its `.aisle-root`: breadcrumbs,
 * heading, toolbar, grid, and the focus keeper's marker.
 */
export function drawListing(doc: Document, input: PaintInput, cards = Infinity): HTMLElement {
  const { data, messages: m, viewport } = input;
  const root = h(doc, 'div', { class: 'aisle-root', lang: input.locale });
  const link = (url: string): string =>
    safeHref(localeSuffixUrl(url, { region: input.region, locale: input.locale }), input.href);
  const home = link(input.base ? `${input.base}/` : '/');
  const sitemap = link(`${input.base}/vsm/`);
  const current = data.h1_header;
  root.append(
    h(
      doc,
      'nav',
      { class: 'aisle-breadcrumbs aisle-breadcrumbs--top', 'data-aisle': 'breadcrumbs', 'aria-label': m.breadcrumbs },
      h(
        doc,
        'ol',
        null,
        h(doc, 'li', null, home ? h(doc, 'a', { href: home }, m.home) : h(doc, 'span', null, m.home)),
        h(
          doc,
          'li',
          null,
          input.region === 'ca' && sitemap
            ? h(doc, 'a', { href: sitemap }, m.popularCategories)
            : h(doc, 'span', null, m.popularCategories),
        ),
        current ? h(doc, 'li', null, h(doc, 'span', { 'aria-current': 'page' }, current)) : null,
      ),
    ),
  );
  if (data.h1_header.trim() !== '')
    root.append(
      h(
        doc,
        'h1',
        {
          class: `aisle-h1${viewport === 'mobile' ? ' aisle-visually-hidden' : ''}`,
          'data-aisle': 'heading',
          tabindex: -1,
        },
        data.h1_header,
      ),
    );
  root.append(drawToolbar(doc, input));
  if (data.products.length > 0) root.append(drawGrid(doc, input, cards));
  root.append(h(doc, 'span', { hidden: '' }));
  return root;
}

function drawToolbar(doc: Document, input: PaintInput): HTMLElement {
  const { data, messages: m } = input;
  const desktop = input.viewport === 'desktop';
  const filterButton = (filter: Filter): HTMLElement =>
    h(
      doc,
      'li',
      null,
      h(
        doc,
        'div',
        { class: 'aisle-filter-button-wrap' },
        h(
          doc,
          'button',
          {
            type: 'button',
            class: 'aisle-button aisle-filter-button',
            'data-aisle': 'filter-button',
            'aria-haspopup': desktop ? null : 'dialog',
            'aria-expanded': 'false',
            'aria-controls': desktop ? nextId() : DRAWER_ID,
          },
          h(doc, 'span', null, filter.label),
        ),
      ),
    );
  return h(
    doc,
    'div',
    { class: 'aisle-toolbar' },
    h(doc, 'p', { class: 'aisle-count', 'data-aisle': 'item-count', tabindex: -1 }, m.itemCount(data.payload.filtered)),
    h(doc, 'div', { class: 'aisle-update-notice aisle-visually-hidden', role: 'status', 'aria-live': 'polite' }),
    h(
      doc,
      'div',
      { class: 'aisle-toolbar__filters' },
      h(
        doc,
        'button',
        {
          type: 'button',
          class: 'aisle-button aisle-button--filters',
          'data-aisle': 'all-filters',
          'aria-haspopup': 'dialog',
          'aria-expanded': 'false',
        },
        h(doc, 'span', { class: 'aisle-icon-filters', 'aria-hidden': 'true' }),
        m.allFilters,
      ),
      h(
        doc,
        'ul',
        { class: 'aisle-filter-buttons', 'aria-label': m.filtersTitle },
        ...visibleFilters(data.filters).map(filterButton),
      ),
    ),
    drawSort(doc, input),
  );
}

function drawSort(doc: Document, input: PaintInput): HTMLElement | null {
  const options = input.data.sort_options;
  const { messages: m } = input;
  const selected = options.find((o) => o.selected) ?? options[0];
  if (!selected) return null;
  if (input.viewport === 'desktop') {
    const id = nextId();
    return h(
      doc,
      'div',
      { class: 'aisle-sort', 'data-aisle': 'sort' },
      h(
        doc,
        'div',
        { class: 'aisle-dropdown' },
        h(doc, 'span', { class: 'aisle-dropdown__label', id: `${id}-label` }, m.sortBy),
        h(
          doc,
          'button',
          {
            type: 'button',
            class: 'aisle-dropdown__button',
            'aria-haspopup': 'listbox',
            'aria-expanded': 'false',
            'aria-labelledby': `${id}-label ${id}-value`,
          },
          h(doc, 'span', { id: `${id}-value` }, selected.text),
          h(doc, 'span', { class: 'aisle-dropdown__chevron', 'aria-hidden': 'true' }),
        ),
      ),
    );
  }
  const select = h(
    doc,
    'select',
    null,
    ...options.map((o) => h(doc, 'option', { value: o.key }, o.text)),
  ) as HTMLSelectElement;
  select.value = selected.key;
  return h(
    doc,
    'div',
    { class: 'aisle-sort', 'data-aisle': 'sort' },
    h(doc, 'label', { class: 'aisle-sort__native' }, h(doc, 'span', null, m.sortBy), select),
  );
}

function drawGrid(doc: Document, input: PaintInput, cards: number): HTMLElement {
  const grid = h(doc, 'ul', { class: 'aisle-grid', 'data-aisle': 'grid', 'aria-label': input.messages.products });
  drawCards(doc, grid, input, 0, cards);
  return grid;
}
