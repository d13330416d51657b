import { observer } from 'mobx-react-lite';
import { priceFilterHidden } from '../../core/price.js';
import type { Filter } from '../../core/types.js';
import { panelFor, panelKind } from './registry.js';

export { panelKind, type PanelKind } from './registry.js';

/** Props of a filter panel: the filter, and whether it sits in the drawer's accordion or a popover. */
export interface FilterPanelProps {
  filter: Filter;
  context: 'drawer' | 'popover';
}

/** One filter's options, in the panel its key calls for (see registry.ts); nothing for a price filter with no spread. */
export const FilterPanel = observer(function FilterPanel({ filter, context }: FilterPanelProps) {
  if (priceFilterHidden(filter)) return null;
  const kind = panelKind(filter.key);
  const Panel = panelFor(filter.key);
  return (
    <div
      className={`aisle-filter-panel aisle-filter-panel--${kind} aisle-filter-panel--${context}`}
      data-aisle="filter-panel"
      data-filter-key={filter.key}
    >
      <Panel filter={filter} />
    </div>
  );
});
