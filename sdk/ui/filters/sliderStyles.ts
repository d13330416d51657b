// The thumb element itself is 44 × 44 px (the size fingers need, WCAG 2.5.5) and transparent; the
// visible 24 px knob is drawn inside it. `touch-action: none` keeps a drag on the slider from
// scrolling the page on touch screens.
/** The price slider's rules (part of aisle.css). */
export const sliderStyles = `
.aisle-price-inputs { display: flex; gap: var(--aisle-gap); margin: 0 0 calc(var(--aisle-gap) / 2); }
.aisle-price-input { flex: 1 1 0; min-width: 0; display: flex; flex-direction: column; gap: 2px; font-size: 0.875em; }
.aisle-price-input label { font-weight: 600; }
.aisle-price-input__box { display: flex; align-items: center; gap: 0.25em; min-height: 44px; box-sizing: border-box;
  padding: 0 0.5em; border: 1px solid var(--aisle-border); border-radius: var(--aisle-radius); background: var(--aisle-bg);
  color: var(--aisle-muted); font-size: 1rem; }
.aisle-price-input__box:focus-within { outline: 2px solid var(--aisle-focus); outline-offset: 2px; }
.aisle-price-input__field { flex: 1; min-width: 0; width: 100%; min-height: 42px; padding: 0; border: 0; outline: none;
  background: none; color: var(--aisle-text); font: inherit; font-variant-numeric: tabular-nums; }
.aisle-price-input__field[aria-invalid="true"] { text-decoration: underline wavy; }
.aisle-slider { position: relative; height: 44px; margin: 0 2px; touch-action: none; }
.aisle-slider__track { top: 20px; height: 4px; border-radius: 2px; background: var(--aisle-border); touch-action: none; }
.aisle-slider__track-1 { background: var(--aisle-accent); }
.aisle-slider__thumb { top: 0; width: 44px; height: 44px; box-sizing: border-box; border-radius: 50%; background: none;
  cursor: grab; touch-action: none; outline: none; }
.aisle-slider__thumb::before { content: ""; position: absolute; top: 10px; left: 10px; width: 24px; height: 24px;
  box-sizing: border-box; border-radius: 50%; border: 2px solid var(--aisle-accent); background: var(--aisle-bg); }
.aisle-slider__thumb--active { cursor: grabbing; }
.aisle-slider__thumb--active::before { background: var(--aisle-surface); }
.aisle-slider__thumb:focus-visible::before { outline: 2px solid var(--aisle-focus); outline-offset: 2px; }
@media (forced-colors: active) {
  .aisle-slider__thumb::before { border-color: CanvasText; background: Canvas; }
}
`;
