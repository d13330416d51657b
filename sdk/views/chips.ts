/** The chips of the selected filters, and Clear Filters: written once for the app and the server render. */
import { partClasses, type PartClasses } from '../core/customization.js';
import type { Messages } from '../core/messages.js';
import type { Filter, UrlState } from '../core/types.js';
import { isRangeFilter } from '../core/urlState.js';
import type { Renderer } from './renderer.js';

/** Clear Filters shows from this many selected values. */
export const CLEAR_FILTERS_AT = 2;

/** One chip: a selected option value, or a whole range (`value` null). */
export interface SelectedChip {
  key: string;
  value: string | null;
  text: string;
}

/** One chip per option value (named by the response's text, else the raw value) and per range, in the state's order. */
export function selectedChips(
  state: UrlState,
  filters: readonly Filter[],
  formatRange: (min: number, max: number) => string,
): SelectedChip[] {
  return state.filters.flatMap((filter): SelectedChip[] => {
    if (isRangeFilter(filter))
      return [{ key: filter.key, value: null, text: formatRange(filter.value[0], filter.value[1]) }];
    const options = filters.find((item) => item.key === filter.key)?.options ?? [];
    return (filter.value as string[]).map((value) => ({
      key: filter.key,
      value,
      text: options.find((option) => option.key === value)?.text || value,
    }));
  });
}

/** What the chips show. */
export interface ChipsProps {
  chips: readonly SelectedChip[];
  messages: Messages;
  selected: number;
  classes?: PartClasses | undefined;
  onRemove?: (chip: SelectedChip, index: number) => unknown;
  onClear?: unknown;
  listRef?: unknown;
}

/** The selected-filter chips with Clear Filters; nothing when none is selected. */
export function createChips<E>({ createElement: h }: Renderer<E>): (props: ChipsProps) => E | null {
  return ({ chips, messages: m, selected, classes, onRemove, onClear, listRef }) =>
    chips.length === 0
      ? null
      : h(
          'div',
          { className: 'aisle-chips', 'data-aisle': 'chips', role: 'group', 'aria-label': m.selectedFilters },
          h(
            'ul',
            { className: 'aisle-chips__list', ref: listRef },
            chips.map((chip, index) =>
              h(
                'li',
                { key: `${chip.key}\u0000${chip.value ?? ''}` },
                h(
                  'button',
                  {
                    type: 'button',
                    className: partClasses(classes, 'aisle-chip', 'chip', 'button'),
                    'aria-label': m.removeFilter(chip.text),
                    onClick: onRemove?.(chip, index),
                  },
                  h('span', null, chip.text),
                  h('span', { className: 'aisle-chip__remove', 'aria-hidden': 'true' }, '×'),
                ),
              ),
            ),
          ),
          selected >= CLEAR_FILTERS_AT
            ? h(
                'button',
                {
                  type: 'button',
                  className: partClasses(classes, 'aisle-chips__clear', 'button'),
                  'data-aisle': 'clear-filters',
                  onClick: onClear,
                },
                m.clearFilters,
              )
            : null,
        );
}
