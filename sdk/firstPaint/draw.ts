/** The app's first render of a listing, from the same views, drawn with the DOM (paint.test.tsx compares). */
import type { PartClasses } from '../core/customization.js';
import { createListing, createRoot } from '../views/listing.js';
import type { Filter } from '../core/types.js';
import { breadcrumbLinks, createBreadcrumbs, createHeading } from '../views/breadcrumbs.js';
import { visibleFilters } from '../views/filterOptions.js';
import { createProductGrid } from '../views/productCard.js';
import { filterPopoverId, SORT_ID } from '../views/ids.js';
import { createSortControl, createSortDropdown, createSortSelect, selectedSort } from '../views/sort.js';
import { createFilterButton, createToolbar } from '../views/toolbar.js';
import { drawCards } from './cards.js';
import { domRenderer, type PaintInput } from './elements.js';

/** The app's first render of this listing inside its `.aisle-root`, with `cards` cards in the grid. */
export function drawListing(doc: Document, input: PaintInput, cards = Infinity): HTMLElement {
  const renderer = domRenderer(doc);
  const h = renderer.createElement;
  const { data, messages } = input;
  const classes = input.context.config.customization?.classes;
  return createRoot(renderer)({
    lang: input.locale,
    classes,
    screen: createListing(renderer)({
      breadcrumbs: createBreadcrumbs(renderer)({
        position: 'top',
        links: breadcrumbLinks(input.base, input.region, input.locale, input.href),
        current: data.h1_header,
        messages,
        classes,
      }),
      heading: createHeading(renderer)({ text: data.h1_header, classes }),
      toolbar: drawToolbar(renderer, input, classes),
      results:
        data.products.length > 0
          ? createProductGrid(renderer)({
              label: messages.products,
              hook: 'grid',
              whole: false,
              busy: false,
              updating: false,
              cards: drawCards(doc, input, 0, cards),
              classes,
            })
          : null,
    }),
    marker: h('span', { hidden: true }),
  });
}

function drawToolbar(
  renderer: ReturnType<typeof domRenderer>,
  input: PaintInput,
  classes: PartClasses | undefined,
): HTMLElement {
  const { data, messages } = input;
  const desktop = input.viewport === 'desktop';
  const filterButton = createFilterButton(renderer);
  const button = (filter: Filter, index: number) => ({
    key: filter.key,
    button: filterButton({
      label: filter.label,
      selected: 0,
      messages,
      desktop,
      expanded: false,
      popoverId: desktop ? filterPopoverId(index) : '',
      classes,
    }),
  });
  return createToolbar(renderer)({
    messages,
    itemCount: data.payload.filtered,
    notice: null,
    announcement: '',
    selected: 0,
    drawerOpen: false,
    drawerShown: false,
    filterButtons: visibleFilters(data.filters).map(button),
    sort: drawSort(renderer, input, classes),
    classes,
  });
}

function drawSort(
  renderer: ReturnType<typeof domRenderer>,
  input: PaintInput,
  classes: PartClasses | undefined,
): HTMLElement | null {
  const options = input.data.sort_options;
  const selected = selectedSort(options);
  if (!selected) return null;
  const label = input.messages.sortBy;
  return createSortControl(renderer)({
    control:
      input.viewport === 'desktop'
        ? createSortDropdown(renderer)({ id: SORT_ID, label, selected, open: false, list: null, classes })
        : createSortSelect(renderer)({ label, options, selected, classes }),
  });
}
