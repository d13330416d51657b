import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { SORT_ID } from '../../views/ids.js';
import type { SortOption } from '../../core/types.js';
import {
  createSortControl,
  createSortDropdown,
  createSortList,
  createSortSelect,
  selectedSort,
} from '../../views/sort.js';
import { reactRenderer } from '../renderer.js';
import { usePartClasses, useStores } from '../StoreContext.js';

const sortControlView = createSortControl(reactRenderer);
const sortSelectView = createSortSelect(reactRenderer);
const sortDropdownView = createSortDropdown(reactRenderer);
const sortListView = createSortList(reactRenderer);

/** The sort control; picking the first option (the default order) clears the sort. */
export const SortControl = observer(function SortControl() {
  const { dlp, viewport, messages: m } = useStores();
  const classes = usePartClasses();
  const options = dlp.data?.sort_options ?? [];
  const selected = selectedSort(options);
  if (!selected) return null;
  const choose = (key: string) => {
    if (key === selected.key) return;
    if (key === options[0]!.key) dlp.clearSort();
    else dlp.setSort(key);
  };
  return sortControlView({
    control: viewport.isDesktop ? (
      <SortDropdown options={options} selected={selected} label={m.sortBy} onChoose={choose} />
    ) : (
      sortSelectView({
        label: m.sortBy,
        options,
        selected,
        onChange: (e: ChangeEvent<HTMLSelectElement>) => choose(e.target.value),
        classes,
      })
    ),
  });
});

function SortDropdown(props: {
  options: SortOption[];
  selected: SortOption;
  label: string;
  onChoose: (key: string) => void;
}) {
  const { options, selected } = props;
  const classes = usePartClasses();
  const id = SORT_ID;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    list.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const show = () => {
    setActive(Math.max(0, options.indexOf(selected)));
    setOpen(true);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };
  const pick = (index: number) => {
    close(true);
    props.onChoose(options[index]!.key);
  };
  const onListKey = (event: KeyboardEvent) => {
    const last = options.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, active + 1),
      ArrowUp: Math.max(0, active - 1),
      Home: 0,
      End: last,
    };
    if (event.key in moves) setActive(moves[event.key]!);
    else if (event.key === 'Enter' || event.key === ' ') pick(active);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return sortDropdownView({
    id,
    label: props.label,
    selected,
    open,
    list: open
      ? sortListView({
          id,
          options,
          selected,
          active,
          listRef: list,
          onKeyDown: onListKey,
          optionHandlers: (index) => ({ onClick: () => pick(index), onPointerMove: () => setActive(index) }),
        })
      : null,
    classes,
    wrapperRef: wrapper,
    buttonRef: button,
    onButtonClick: () => (open ? close(false) : show()),
    onButtonKeyDown: (e: KeyboardEvent) => {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        show();
      }
    },
  });
}
