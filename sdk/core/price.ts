/** The price slider's rules, so every tenant's slider moves in the same round steps. */
import type { Filter } from './types.js';
import { PRICE_KEY } from './urlState.js';

/** Slider step and minimum gap between the thumbs (a range never collapses to one price). */
export const PRICE_STEP = 10;

/** Pause after the last slider move before the range is sent (one search per drag, not per step). */
export const PRICE_DEBOUNCE_MS = 300;

/** Slider range from abs_min/abs_max: min floored and max ceiled to multiples of 10, at least one step wide. */
export function sliderBounds(absMin: number, absMax: number): [number, number] {
  const low = Number.isFinite(absMin) ? absMin : 0;
  const high = Number.isFinite(absMax) ? absMax : low;
  const min = Math.floor(Math.min(low, high) / PRICE_STEP) * PRICE_STEP;
  const max = Math.ceil(Math.max(low, high) / PRICE_STEP) * PRICE_STEP;
  // Two thumbs need one step between them even when every product costs the same.
  return [min, Math.max(max, min + PRICE_STEP)];
}

/** Snaps a range to the step, one step apart inside the bounds: on collision max moves up, or min down at the top. */
export function snapRange(range: readonly [number, number], bounds: readonly [number, number]): [number, number] {
  const [lowest, highest] = bounds;
  const clamp = (value: number) => Math.min(highest, Math.max(lowest, value));
  let min = clamp(Number.isFinite(range[0]) ? Math.round(range[0] / PRICE_STEP) * PRICE_STEP : lowest);
  let max = clamp(Number.isFinite(range[1]) ? Math.ceil(range[1] / PRICE_STEP) * PRICE_STEP : highest);
  if (min > max) [min, max] = [max, min];
  if (max - min < PRICE_STEP) {
    max = Math.min(highest, min + PRICE_STEP);
    min = Math.max(lowest, max - PRICE_STEP);
  }
  return [min, max];
}

/** Hidden when this is the price filter and its absolute min equals its max (or a bound is missing). */
export function priceFilterHidden(filter: Filter): boolean {
  if (filter.key !== PRICE_KEY) return false;
  return filter.abs_min === undefined || filter.abs_max === undefined || filter.abs_min === filter.abs_max;
}

/** The slider's current range for a price filter: its selected min/max within the bounds, snapped. */
export function sliderRange(filter: Filter): { bounds: [number, number]; value: [number, number] } {
  const bounds = sliderBounds(filter.abs_min ?? 0, filter.abs_max ?? 0);
  const value = snapRange([filter.min ?? bounds[0], filter.max ?? bounds[1]], bounds);
  return { bounds, value };
}

/** Which end of the price range a typed value sets. */
export type PriceEdge = 'min' | 'max';

/** The range after a typed value, by the slider's rules; a minimum typed above the maximum is held one step short, not swapped. */
export function typedRange(
  edge: PriceEdge,
  amount: number,
  current: readonly [number, number],
  bounds: readonly [number, number],
): [number, number] {
  if (edge === 'min') {
    const min = Math.min(Math.round(amount / PRICE_STEP) * PRICE_STEP, current[1] - PRICE_STEP);
    return snapRange([min, current[1]], bounds);
  }
  const max = Math.max(Math.ceil(amount / PRICE_STEP) * PRICE_STEP, current[0] + PRICE_STEP);
  return snapRange([current[0], max], bounds);
}
