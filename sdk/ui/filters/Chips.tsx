import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef } from 'react';
import { formatPrice } from '../../core/format.js';
import type { Filter, UrlState } from '../../core/types.js';
import { isRangeFilter } from '../../core/urlState.js';
import { usePartClass, useStores } from '../StoreContext.js';

/** Clear Filters shows from this many selected values. */
export const CLEAR_FILTERS_AT = 2;

/** One chip: a selected option value, or a whole range (`value` null). */
export interface SelectedChip {
  key: string;
  value: string | null;
  text: string;
}

/**
 * The chips for the URL state, in its order: one per option value, named by the option's text in the
 * response (else the raw value), and one per range, named by `formatRange`.
 */
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

/**
 * The selected-filter chips with Clear Filters from two values on; nothing when none. `state` is the
 * state they show, the listing's own by default: the listing passes it a moment late (see Dlp).
 */
export const SelectedChips = observer(function SelectedChips(props: { state?: UrlState }) {
  const { dlp, region, locale, messages: m } = useStores();
  const cx = usePartClass();
  const state = props.state ?? dlp.state;
  const list = useRef<HTMLUListElement>(null);
  // Index of the chip just removed: focus goes to its neighbour instead of falling to the page.
  const removedAt = useRef<number | null>(null);
  const price = (amount: number) => formatPrice(amount, region, locale);
  const chips = selectedChips(state, dlp.data?.filters ?? [], (min, max) => m.priceRange(price(min), price(max)));

  useLayoutEffect(() => {
    if (removedAt.current === null) return;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
    const next = buttons?.[Math.min(removedAt.current, buttons.length - 1)];
    removedAt.current = null;
    next?.focus();
  });

  if (chips.length === 0) return null;
  const remove = (chip: SelectedChip, index: number) => {
    removedAt.current = index;
    if (chip.value === null) dlp.removeFilter(chip.key);
    else dlp.toggleFilter(chip.key, chip.value);
  };
  return (
    <div className="aisle-chips" data-aisle="chips" role="group" aria-label={m.selectedFilters}>
      <ul className="aisle-chips__list" ref={list}>
        {chips.map((chip, index) => (
          <li key={`${chip.key}\u0000${chip.value ?? ''}`}>
            <button
              type="button"
              className={cx(['chip', 'button'], 'aisle-chip')}
              aria-label={m.removeFilter(chip.text)}
              onClick={() => remove(chip, index)}
            >
              <span>{chip.text}</span>
              <span className="aisle-chip__remove" aria-hidden="true">
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
      {dlp.selectedCount >= CLEAR_FILTERS_AT ? (
        <button
          type="button"
          className={cx('button', 'aisle-chips__clear')}
          data-aisle="clear-filters"
          onClick={() => dlp.clearFilters()}
        >
          {m.clearFilters}
        </button>
      ) : null}
    </div>
  );
});
