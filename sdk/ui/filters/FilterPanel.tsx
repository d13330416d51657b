import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { priceFilterHidden } from '../../core/price.js';
import type { Filter } from '../../core/types.js';
import { CheckboxPanel } from './CheckboxPanel.js';
import { ColorPanel } from './ColorPanel.js';
import { RatingPanel } from './RatingPanel.js';
import { SizePanel } from './SizePanel.js';

// react-slider is only needed once a price panel shows, so it stays out of the first chunk.
const PriceSlider = lazy(() => import('./PriceSlider.js'));

/** Which panel a filter key gets. */
export type PanelKind = 'price' | 'rating' | 'color' | 'size' | 'checkbox';

/** The panel for a filter key: price, rating, color and size have their own; anything else is a checkbox list. */
export function panelKind(key: string): PanelKind {
  return key === 'price' || key === 'rating' || key === 'color' || key === 'size' ? key : 'checkbox';
}

/** Props of a filter panel: the filter, and whether it sits in the drawer's accordion or a popover. */
export interface FilterPanelProps {
  filter: Filter;
  context: 'drawer' | 'popover';
}

/** One filter's options, in the panel its key calls for; nothing for a price filter with no spread. */
export const FilterPanel = observer(function FilterPanel({ filter, context }: FilterPanelProps) {
  if (priceFilterHidden(filter)) return null;
  const kind = panelKind(filter.key);
  return (
    <div
      className={`aisle-filter-panel aisle-filter-panel--${kind} aisle-filter-panel--${context}`}
      data-aisle="filter-panel"
      data-filter-key={filter.key}
    >
      {kind === 'price' ? (
        <Suspense fallback={<div className="aisle-price-slider aisle-price-slider--loading" />}>
          <PriceSlider filter={filter} />
        </Suspense>
      ) : kind === 'rating' ? (
        <RatingPanel filter={filter} />
      ) : kind === 'color' ? (
        <ColorPanel filter={filter} />
      ) : kind === 'size' ? (
        <SizePanel filter={filter} />
      ) : (
        <CheckboxPanel filter={filter} />
      )}
    </div>
  );
});
