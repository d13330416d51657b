import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { filterPopoverId } from '../../views/ids.js';
import { priceFilterHidden } from '../../core/price.js';
import type { Filter } from '../../core/types.js';
import { useStores } from '../StoreContext.js';
import { selectedValueCount } from '../../views/filterOptions.js';
import { createFilterButton } from '../../views/toolbar.js';
import { reactRenderer } from '../renderer.js';

const filterButtonView = createFilterButton(reactRenderer);

// Panels load when a shopper first opens one: the first render only needs the buttons.
const FilterPanel = lazy(() => import('./FilterPanel.js').then((m) => ({ default: m.FilterPanel })));

/** One filter's button: a popover on desktop, the drawer at its section on mobile and tablet. */
export const FilterButton = observer(function FilterButton({
  filter,
  index,
  selected,
}: {
  filter: Filter;
  /** Names its popover. */
  index: number;
  selected?: number;
}) {
  const { dlp, drawer, viewport, context, messages: m } = useStores();
  const [open, setOpen] = useState(false);
  const popoverId = filterPopoverId(index);
  const button = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const desktop = viewport.kind === 'desktop';
  // A popover left open while the window narrows to tablet width would float over the drawer's job.
  const expanded = open && desktop;

  useEffect(() => {
    if (!expanded) return;
    const dismiss = () => {
      setOpen(false);
      button.current?.focus({ preventScroll: true });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss();
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) dismiss();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [expanded]);

  if (priceFilterHidden(filter)) return null;
  const count = selected ?? selectedValueCount(dlp.state, filter.key);
  const onClick = () => {
    if (desktop) {
      setOpen(!open);
      return;
    }
    drawer.show();
    if (drawer.openSection !== filter.key) drawer.toggleSection(filter.key);
  };
  return filterButtonView({
    label: filter.label,
    selected: count,
    messages: m,
    desktop,
    expanded: desktop ? expanded : drawer.open && drawer.openSection === filter.key,
    popoverId,
    panel: (
      <Suspense fallback={<p className="aisle-popover__loading">…</p>}>
        <FilterPanel filter={filter} context="popover" />
      </Suspense>
    ),
    onClick,
    buttonRef: button,
    wrapperRef: wrapper,
    classes: context.config.customization?.classes,
  });
});
