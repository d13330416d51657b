/** The toolbar: the item count, its live region, All Filters, one button per filter, and the sort. */
import { partClasses, type PartClasses } from '../core/customization.js';
import type { Messages } from '../core/messages.js';
import { DRAWER_ID } from './ids.js';
import type { Renderer } from './renderer.js';

/** What the toolbar shows. */
export interface ToolbarProps<E> {
  messages: Messages;
  itemCount: number;
  /** Shown on a line of its own: an update that failed, or a stale link's page past the end. */
  notice: string | null;
  announcement: string;
  selected: number;
  drawerOpen: boolean;
  drawerShown: boolean;
  onAllFilters?: unknown;
  filterButtons: ReadonlyArray<{ key: string; button: E | null }>;
  sort: E | null;
  classes?: PartClasses | undefined;
}

/** The toolbar above the grid. */
export function createToolbar<E>({ createElement: h }: Renderer<E>): (props: ToolbarProps<E>) => E {
  return ({ messages: m, selected, classes, ...props }) =>
    h(
      'div',
      { className: partClasses(classes, 'aisle-toolbar', 'toolbar') },
      // Not a live region: the one below announces the change once.
      h('p', { className: 'aisle-count', 'data-aisle': 'item-count', tabIndex: -1 }, m.itemCount(props.itemCount)),
      // Aisle's only live region, always present so screen readers listen before it speaks.
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
  selected: number;
  messages: Messages;
  /** A popover on a wide screen; otherwise the button opens the drawer at the filter's section. */
  desktop: boolean;
  expanded: boolean;
  popoverId: string;
  /** Drawn only while the popover is open. */
  panel?: E | null;
  onClick?: unknown;
  buttonRef?: unknown;
  wrapperRef?: unknown;
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
