/** The price slider's rules (part of aisle.css). */
export const sliderStyles = `
.aisle-price-slider__values { display: flex; justify-content: space-between; margin: 0 0 var(--aisle-gap);
  font-variant-numeric: tabular-nums; color: var(--aisle-text); }
.aisle-slider { position: relative; height: 28px; margin: 0 4px; }
.aisle-slider__track { top: 12px; height: 4px; border-radius: 2px; background: var(--aisle-border); }
.aisle-slider__track-1 { background: var(--aisle-accent); }
.aisle-slider__thumb { top: 2px; width: 24px; height: 24px; box-sizing: border-box; border-radius: 50%;
  border: 2px solid var(--aisle-accent); background: var(--aisle-bg); cursor: grab; }
.aisle-slider__thumb::before { content: ""; position: absolute; inset: -10px; }
.aisle-slider__thumb--active { cursor: grabbing; background: var(--aisle-surface); }
.aisle-slider__thumb:focus-visible { outline: 2px solid var(--aisle-focus); outline-offset: 2px; }
`;
