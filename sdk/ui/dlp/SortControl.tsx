import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { SortOption } from '../../core/types.js';
import { useStores } from '../StoreContext.js';

/**
 * The sort control: a dropdown (button + listbox) on desktop, a native select on
 * mobile and tablet. Picking the first option (the listing's default order) clears the sort.
 */
export const SortControl = observer(function SortControl() {
  const { dlp, viewport, messages: m } = useStores();
  const options = dlp.data?.sort_options ?? [];
  if (options.length === 0) return null;
  const selected = options.find((o) => o.selected) ?? options[0]!;
  const choose = (key: string) => {
    if (key === selected.key) return;
    if (key === options[0]!.key) dlp.clearSort();
    else dlp.setSort(key);
  };
  return (
    <div className="aisle-sort" data-aisle="sort">
      {viewport.isDesktop ? (
        <SortDropdown options={options} selected={selected} label={m.sortBy} onChoose={choose} />
      ) : (
        <label className="aisle-sort__native">
          <span>{m.sortBy}</span>
          <select value={selected.key} onChange={(e) => choose(e.target.value)}>
            {options.map((o) => (
              <option key={o.key} value={o.key}>
                {o.text}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
});

function SortDropdown(props: {
  options: SortOption[];
  selected: SortOption;
  label: string;
  onChoose: (key: string) => void;
}) {
  const { options, selected } = props;
  const id = useId();
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

  return (
    <div className="aisle-dropdown" ref={wrapper}>
      <span className="aisle-dropdown__label" id={`${id}-label`}>
        {props.label}
      </span>
      <button
        ref={button}
        type="button"
        className="aisle-dropdown__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => (open ? close(false) : show())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            show();
          }
        }}
      >
        <span id={`${id}-value`}>{selected.text}</span>
        <span className="aisle-dropdown__chevron" aria-hidden="true" />
      </button>
      {open ? (
        <ul
          ref={list}
          className="aisle-dropdown__list"
          role="listbox"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          aria-activedescendant={`${id}-opt-${active}`}
          onKeyDown={onListKey}
        >
          {options.map((o, index) => (
            <li
              key={o.key}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={o.key === selected.key}
              className={`aisle-dropdown__option${index === active ? ' aisle-dropdown__option--active' : ''}`}
              onClick={() => pick(index)}
              onPointerMove={() => setActive(index)}
            >
              {o.text}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
