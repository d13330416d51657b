import { lazy, Suspense } from 'react';
import type { Filter } from '../../core/types.js';

// react-slider is only needed once a price panel shows, so it stays out of the first chunk.
const PriceSlider = lazy(() => import('./PriceSlider.js'));

/** The price panel: the range slider and its inputs, loaded on demand behind a box of the same height. */
export function PricePanel({ filter }: { filter: Filter }) {
  return (
    <Suspense fallback={<div className="aisle-price-slider aisle-price-slider--loading" />}>
      <PriceSlider filter={filter} />
    </Suspense>
  );
}
