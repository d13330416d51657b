/** The price panel: slider and typed boxes; its own module so react-slider loads only with a price panel. */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import ReactSlider from 'react-slider';
import { formatPrice } from '../../core/format.js';
import { parseTypedPrice } from '../../core/typedPrice.js';
import { PRICE_DEBOUNCE_MS, PRICE_STEP, sliderRange, snapRange, typedRange, type PriceEdge } from '../../core/price.js';
import type { Filter, UrlState } from '../../core/types.js';
import { isRangeFilter } from '../../core/urlState.js';
import type { TimerHandle } from '../../ports/env.js';
import { usePartClass, useStores } from '../StoreContext.js';

type Range = [number, number];

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

  // Sent on Enter or blur by the slider's rules; anything that is not a price puts the value back.
  const commitTyped = (edge: PriceEdge, text: string) => {
    const amount = parseTypedPrice(text, locale, region);
    if (amount === null) return;
    if (timer.current !== null) env.timers.clearTimeout(timer.current);
    timer.current = null;
    send(typedRange(edge, amount, draft ?? latest.current.value, latest.current.bounds));
  };

  const shown = draft ?? value;
  const price = (amount: number) => formatPrice(amount, region, locale);
  // The currency sign around a price in this locale and region ("$", "CA$" before; " $" after in French).
  const sample = price(0);
  const affix = { before: sample.slice(0, sample.search(/\d/)), after: sample.slice(sample.search(/\d[^\d]*$/) + 1) };
  return (
    <div className="aisle-price-slider" role="group" aria-label={filter.label}>
      <div className="aisle-price-inputs">
        <PriceInput label={m.priceFrom} value={shown[0]} affix={affix} onCommit={(text) => commitTyped('min', text)} />
        <PriceInput label={m.priceTo} value={shown[1]} affix={affix} onCommit={(text) => commitTyped('max', text)} />
      </div>
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

interface PriceInputProps {
  label: string;
  value: number;
  /** Currency sign shown beside the box; the slider's value text already says it to screen readers. */
  affix: { before: string; after: string };
  onCommit: (text: string) => void;
}

/** While the shopper types the text is theirs; on commit the box shows the range again. */
function PriceInput({ label, value, affix, onCommit }: PriceInputProps) {
  const { locale, region } = useStores();
  const cx = usePartClass();
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    setText(null);
    onCommit(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  const invalid = text !== null && parseTypedPrice(text, locale, region) === null;
  return (
    <div className="aisle-price-input">
      <label htmlFor={id}>{label}</label>
      <span className="aisle-price-input__box">
        {affix.before.trim() === '' ? null : <span aria-hidden="true">{affix.before.trim()}</span>}
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          className={cx('input', 'aisle-price-input__field')}
          value={text ?? String(value)}
          aria-invalid={invalid || undefined}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={commit}
        />
        {affix.after.trim() === '' ? null : <span aria-hidden="true">{affix.after.trim()}</span>}
      </span>
    </div>
  );
}

export default PriceSlider;

// Thumbs are 24 px with a pseudo-element widening the hit area to 44 px for fingers (WCAG 2.5.5).
