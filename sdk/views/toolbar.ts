/** The toolbar: the item count, its live region, All Filters, one button per filter, and the sort. */
import { partClasses, type PartClasses } from '../core/customization.js';
import type { Messages } from '../core/messages.js';
import { DRAWER_ID } from './ids.js';
import type { Renderer } from './renderer.js';

/** What the toolbar shows. */
export interface ToolbarProps<E> {
  messages: Messages;
  /** The listing's item count. */
  itemCount: number;
  /** Shown on a line of its own: an update that failed, or a stale link's page past the end. */
  notice: string | null;
  /** Said (hidden) after a change of results, when there is no notice. */
  announcement: string;
  /** How many filter values are selected (All Filters' badge). */
  selected: number;
  /** Whether the All Filters drawer is open, and whether it is in the page (what the button controls). */
  drawerOpen: boolean;
  drawerShown: boolean;
  /** Opens the drawer (passed on to the renderer). */
  onAllFilters?: unknown;
  /** One button per filter, keyed by the filter. */
  filterButtons: ReadonlyArray<{ key: string; button: E | null }>;
  sort: E | null;
  /** The retailer's classes per part (config.customization.classes), beside Aisle's own. */
  classes?: PartClasses | undefined;
}

/** The toolbar above the grid. */
export function createToolbar<E>({ createElement: h }: Renderer<E>): (props: ToolbarProps<E>) => E {
  return ({ messages: m, selected, classes, ...props }) =>
    h(
      'div',
      { className: partClasses(classes, 'aisle-toolbar', 'toolbar') },
      // The count is not a live region itself: the one below says the new count after each change, so
      // that a change is announced once, not by every region that shows a number.
      h('p', { className: 'aisle-count', 'data-aisle': 'item-count', tabIndex: -1 }, m.itemCount(props.itemCount)),
      // Aisle's only live region, always present so that screen readers are listening before it
      // speaks. It says the new item count after a change of results (hidden, as the count shows it),
      // and, shown on a line of its own like the count, that an update failed or that a stale link's
      // page lay past the end of the listing.
      h(
        'div',
        {
          className: `aisle-update-notice ${props.notice ? 'aisle-count' : 'aisle-visually-hidden'}`,
          role: 'status',
          'aria-live': 'polite',
        },
        props.notice ?? props.announcement,
      ),
      h(
        'div',
        { className: 'aisle-toolbar__filters' },
        h(
          'button',
          {
            type: 'button',
            className: partClasses(classes, 'aisle-button aisle-button--filters', 'filterButton', 'button'),
            'data-aisle': 'all-filters',
            'aria-haspopup': 'dialog',
            'aria-expanded': props.drawerOpen,
            'aria-controls': props.drawerShown ? DRAWER_ID : undefined,
            onClick: props.onAllFilters,
          },
          h('span', { className: 'aisle-icon-filters', 'aria-hidden': 'true' }),
          m.allFilters,
          selected > 0
            ? h(
                'span',
                { className: 'aisle-badge' },
                h('span', { className: 'aisle-visually-hidden' }, ', ', m.selectedCount(selected)),
                h('span', { 'aria-hidden': 'true' }, selected),
              )
            : null,
        ),
        h(
          'ul',
          { className: 'aisle-filter-buttons', 'aria-label': m.filtersTitle },
          props.filterButtons.map(({ key, button }) => h('li', { key }, button)),
        ),
      ),
      props.sort,
    );
}

/** A filter's button and its state. */
export interface FilterButtonProps<E> {
  label: string;
  /** How many of its values are selected (its badge). */
  selected: number;
  messages: Messages;
  /**
   * On a wide screen the button toggles a popover of the filter's panel; on a phone or a tablet it
   * opens the All Filters drawer at the filter's section.
   */
  desktop: boolean;
  /** Whether its popover (wide screen) or its section of the drawer is open. */
  expanded: boolean;
  /** The popover's id on a wide screen (the drawer's is fixed). */
  popoverId: string;
  /** The popover's content, drawn only while the popover is open. */
  panel?: E | null;
  /** Passed on to the renderer. */
  onClick?: unknown;
  buttonRef?: unknown;
  wrapperRef?: unknown;
  /** The retailer's classes per part (config.customization.classes), beside Aisle's own. */
  classes?: PartClasses | undefined;
}

/** One filter's button in the toolbar, with its popover while open. */
export function createFilterButton<E>({ createElement: h }: Renderer<E>): (props: FilterButtonProps<E>) => E {
  return ({ label, selected, messages: m, desktop, expanded, popoverId, classes, ...props }) =>
    h(
      'div',
      { className: 'aisle-filter-button-wrap', ref: props.wrapperRef },
      h(
        'button',
        {
          ref: props.buttonRef,
          type: 'button',
          className: partClasses(classes, 'aisle-button aisle-filter-button', 'filterButton', 'button'),
          'data-aisle': 'filter-button',
          'aria-haspopup': desktop ? undefined : 'dialog',
          'aria-expanded': expanded,
          'aria-controls': desktop ? popoverId : DRAWER_ID,
          onClick: props.onClick,
        },
        h('span', null, label),
        selected > 0
          ? h('span', { className: 'aisle-badge aisle-filter-button__count', 'aria-hidden': 'true' }, selected)
          : null,
        selected > 0 ? h('span', { className: 'aisle-visually-hidden' }, ', ', m.selectedCount(selected)) : null,
      ),
      desktop && expanded
        ? h(
            'div',
            {
              id: popoverId,
              className: partClasses(classes, 'aisle-popover', 'popover'),
              role: 'dialog',
              'aria-label': label,
            },
            props.panel,
          )
        : null,
    );
}
