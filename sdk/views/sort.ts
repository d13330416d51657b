/** The sort: a dropdown on a wide screen, the native select on a phone or a tablet. */
import { partClasses, type PartClasses } from '../core/customization.js';
import type { SortOption } from '../core/types.js';
import type { Renderer } from './renderer.js';

/** The sort's control. */
export interface SortControlProps<E> {
  control: E;
}

/** The sort's place in the toolbar (its page hook). */
export function createSortControl<E>({ createElement: h }: Renderer<E>): (props: SortControlProps<E>) => E {
  return ({ control }) => h('div', { className: 'aisle-sort', 'data-aisle': 'sort' }, control);
}

/** The option shown as chosen: the selected one, else the first (the listing's default order). */
export function selectedSort(options: readonly SortOption[]): SortOption | undefined {
  return options.find((o) => o.selected) ?? options[0];
}

/** The native select and its choice. */
export interface SortSelectProps {
  label: string;
  options: readonly SortOption[];
  selected: SortOption;
  onChange?: unknown;
  classes?: PartClasses | undefined;
}

/** The native select, for phones and tablets. */
export function createSortSelect<E>({ createElement: h }: Renderer<E>): (props: SortSelectProps) => E {
  return ({ label, options, selected, onChange, classes }) =>
    h(
      'label',
      { className: 'aisle-sort__native' },
      h('span', null, label),
      h(
        'select',
        { className: partClasses(classes, '', 'sort') || undefined, value: selected.key, onChange },
        options.map((o) => h('option', { key: o.key, value: o.key }, o.text)),
      ),
    );
}

/** The dropdown's button and its state. */
export interface SortDropdownProps<E> {
  id: string;
  label: string;
  selected: SortOption;
  open: boolean;
  /** Only the app opens it. */
  list: E | null;
  wrapperRef?: unknown;
  buttonRef?: unknown;
  onButtonClick?: unknown;
  onButtonKeyDown?: unknown;
  classes?: PartClasses | undefined;
}

/** The dropdown, for wide screens: a button naming the order, and the list it opens. */
export function createSortDropdown<E>({ createElement: h }: Renderer<E>): (props: SortDropdownProps<E>) => E {
  return ({ id, selected, open, classes, ...props }) =>
    h(
      'div',
      { className: 'aisle-dropdown', ref: props.wrapperRef },
      h('span', { className: 'aisle-dropdown__label', id: `${id}-label` }, props.label),
      h(
        'button',
        {
          ref: props.buttonRef,
          type: 'button',
          className: partClasses(classes, 'aisle-dropdown__button', 'sort', 'button'),
          'aria-haspopup': 'listbox',
          'aria-expanded': open,
          'aria-labelledby': `${id}-label ${id}-value`,
          onClick: props.onButtonClick,
          onKeyDown: props.onButtonKeyDown,
        },
        h('span', { id: `${id}-value` }, selected.text),
        h('span', { className: 'aisle-dropdown__chevron', 'aria-hidden': 'true' }),
      ),
      open ? props.list : null,
    );
}

/** The dropdown's open list. */
export interface SortListProps {
  id: string;
  options: readonly SortOption[];
  selected: SortOption;
  active: number;
  listRef?: unknown;
  onKeyDown?: unknown;
  optionHandlers?: (index: number) => { onClick: unknown; onPointerMove: unknown };
}

/** The open listbox: its own view, so aisle.js, which draws only the first screen, does not carry it. */
export function createSortList<E>({ createElement: h }: Renderer<E>): (props: SortListProps) => E {
  return ({ id, options, selected, active, ...props }) =>
    h(
      'ul',
      {
        ref: props.listRef,
        className: 'aisle-dropdown__list',
        role: 'listbox',
        tabIndex: -1,
        'aria-labelledby': `${id}-label`,
        'aria-activedescendant': `${id}-opt-${active}`,
        onKeyDown: props.onKeyDown,
      },
      options.map((o, index) =>
        h(
          'li',
          {
            key: o.key,
            id: `${id}-opt-${index}`,
            role: 'option',
            'aria-selected': o.key === selected.key,
            className: `aisle-dropdown__option${index === active ? ' aisle-dropdown__option--active' : ''}`,
            ...props.optionHandlers?.(index),
          },
          o.text,
        ),
      ),
    );
}
