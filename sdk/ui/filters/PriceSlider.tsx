/**
 * The price panel: a dual-thumb slider on multiples of 10. It is its own
 * module so that react-slider lands in a chunk loaded only when a price panel is first shown.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import ReactSlider from 'react-slider';
import { formatPrice } from '../../core/format.js';
import { PRICE_DEBOUNCE_MS, PRICE_STEP, sliderRange, snapRange } from '../../core/price.js';
import type { Filter, UrlState } from '../../core/types.js';
import { isRangeFilter } from '../../core/urlState.js';
import type { TimerHandle } from '../../stores/env.js';
import { useStores } from '../StoreContext.js';

type Range = [number, number];

// The slider's bounds and the range it shows when nobody is dragging: the URL's range, else the response's.
function committedRange(filter: Filter, state: UrlState): { bounds: Range; value: Range } {
  const { bounds, value } = sliderRange(filter);
  // The URL state changes the moment a range is sent; the response only when the search returns.
  const chosen = state.filters.find((item) => item.key === filter.key && isRangeFilter(item));
  return { bounds, value: chosen ? snapRange(chosen.value as Range, bounds) : value };
}

const same = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1];

/** The dual price slider; sends the snapped range 300 ms after the last move, or null for the full range. */
const PriceSlider = observer(function PriceSlider({ filter }: { filter: Filter }) {
  const { dlp, env, region, locale, messages: m } = useStores();
  const { bounds, value } = committedRange(filter, dlp.state);
  const [draft, setDraft] = useState<Range | null>(null);
  const timer = useRef<TimerHandle | null>(null);
  // The timer fires after renders that may have changed the filter; it reads the latest values here.
  const latest = useRef({ key: filter.key, bounds, value });
  latest.current = { key: filter.key, bounds, value };

  useEffect(
    () => () => {
      if (timer.current !== null) env.timers.clearTimeout(timer.current);
      timer.current = null;
    },
    [env],
  );

  const send = (range: Range) => {
    timer.current = null;
    const { key, bounds: limits, value: current } = latest.current;
    const snapped = snapRange(range, limits);
    setDraft(null);
    if (same(snapped, current)) return;
    dlp.setPriceRange(key, same(snapped, limits) ? null : snapped);
  };

  const onChange = (next: readonly number[]) => {
    const range: Range = [next[0] ?? bounds[0], next[1] ?? bounds[1]];
    setDraft(range);
    if (timer.current !== null) env.timers.clearTimeout(timer.current);
    timer.current = env.timers.setTimeout(() => send(range), PRICE_DEBOUNCE_MS);
  };

  const shown = draft ?? value;
  const price = (amount: number) => formatPrice(amount, region, locale);
  return (
    <div className="aisle-price-slider" role="group" aria-label={filter.label}>
      <p className="aisle-price-slider__values">
        <span>{price(shown[0])}</span>
        <span>{price(shown[1])}</span>
      </p>
      <ReactSlider<readonly number[]>
        className="aisle-slider"
        trackClassName="aisle-slider__track"
        thumbClassName="aisle-slider__thumb"
        thumbActiveClassName="aisle-slider__thumb--active"
        min={bounds[0]}
        max={bounds[1]}
        step={PRICE_STEP}
        minDistance={PRICE_STEP}
        pearling
        value={shown}
        ariaLabel={[m.minPrice, m.maxPrice]}
        ariaValuetext={(state) => price(state.valueNow)}
        onChange={onChange}
      />
    </div>
  );
});

export default PriceSlider;

// Thumbs are 24 px with a pseudo-element widening the hit area to 44 px for fingers (WCAG 2.5.5).
