import { observer } from 'mobx-react-lite';
import { useLayoutEffect, useRef } from 'react';
import { formatPrice } from '../../core/format.js';
import type { UrlState } from '../../core/types.js';
import { usePartClasses, useStores } from '../StoreContext.js';
import { reactRenderer } from '../renderer.js';
import { createChips, selectedChips, type SelectedChip } from '../../views/chips.js';

export { CLEAR_FILTERS_AT, selectedChips, type SelectedChip } from '../../views/chips.js';

const chipsView = createChips(reactRenderer);

/** The selected-filter chips; `state` is passed a moment late by the listing (see Dlp). */
export const SelectedChips = observer(function SelectedChips(props: { state?: UrlState }) {
  const { dlp, region, locale, messages: m } = useStores();
  const classes = usePartClasses();
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
  return chipsView({
    chips,
    messages: m,
    selected: dlp.selectedCount,
    classes,
    onRemove: (chip, index) => () => remove(chip, index),
    onClear: () => dlp.clearFilters(),
    listRef: list,
  });
});
