/**
 * CSS of the filter panels, chips and popover, as strings that each piece renders in a `<style>`
 * element: the rules then live and die with the component, and unmounting Aisle leaves nothing in the
 * host page. Colours and spacing come from the `--aisle-*` custom properties set on `.aisle-root`.
 */

// Shared by every control here: keyboard users must always see where they are (WCAG 2.4.7).
const FOCUS = 'outline: 2px solid var(--aisle-focus); outline-offset: 2px;';

/** Height the price slider takes, reserved by its loading placeholder so nothing shifts when it arrives. */
export const PRICE_SLIDER_HEIGHT = '7.5rem';

/** Height of a long filter's scrolling option list (checkboxes): the first ten rows fit without scrolling. */
export const FACET_LIST_HEIGHT = '20rem';

/** The same for chip-like options (sizes, swatches), which flow several to a row. */
export const FACET_WRAP_LIST_HEIGHT = '14rem';

/** Rules of the option panels (checkbox, colour, size, rating) and the price slider's box. */
export const PANEL_CSS = `
.aisle-filter-panel { font-family: var(--aisle-font); color: var(--aisle-text); }
.aisle-options { list-style: none; margin: 0; padding: 0; display: grid; gap: calc(var(--aisle-gap) / 2); }
.aisle-options--wrap { display: flex; flex-wrap: wrap; }
.aisle-option-count { color: var(--aisle-muted); font-size: 0.875em; }
.aisle-checkbox { display: flex; align-items: center; gap: calc(var(--aisle-gap) / 2); min-height: 24px; cursor: pointer; }
.aisle-checkbox input { width: 18px; height: 18px; margin: 0; accent-color: var(--aisle-accent); }
.aisle-checkbox input:focus-visible { ${FOCUS} }
.aisle-checkbox--disabled { color: var(--aisle-muted); cursor: not-allowed; }
.aisle-chip-option { display: inline-flex; align-items: center; gap: 0.4em; min-height: 36px; min-width: 44px;
  padding: 0.25em 0.75em; border: 1px solid var(--aisle-border); border-radius: var(--aisle-radius);
  background: var(--aisle-bg); color: var(--aisle-text); font: inherit; cursor: pointer; }
.aisle-chip-option:focus-visible { ${FOCUS} }
.aisle-chip-option[aria-pressed="true"] { border: 2px solid var(--aisle-accent); background: var(--aisle-surface); font-weight: 600; }
.aisle-chip-option:disabled { opacity: 0.45; cursor: not-allowed; text-decoration: line-through; }
.aisle-swatch-dot { position: relative; width: 22px; height: 22px; border-radius: 50%; flex: none;
  border: 1px solid var(--aisle-border); background: var(--aisle-surface) center / cover no-repeat; }
/* The selected swatch gets a ring and a check mark, so the state does not rest on colour alone. */
[aria-pressed="true"] > .aisle-swatch-dot { box-shadow: 0 0 0 2px var(--aisle-bg), 0 0 0 4px var(--aisle-accent); }
[aria-pressed="true"] > .aisle-swatch-dot::after { content: "✓"; position: absolute; inset: 0; display: grid;
  place-items: center; font-size: 13px; font-weight: 700; color: var(--aisle-accent-contrast);
  text-shadow: 0 0 2px #000, 0 0 1px #000; }
.aisle-size-group + .aisle-size-group { margin-top: var(--aisle-gap); }
.aisle-size-group__title { margin: 0 0 calc(var(--aisle-gap) / 2); font-weight: 600; font-size: 0.875em; }
.aisle-rating-stars { color: var(--aisle-accent); letter-spacing: 1px; }
.aisle-price-slider { min-height: ${PRICE_SLIDER_HEIGHT}; }
/* A long filter list: the search box stays above, the options scroll inside a box whose height does not
   change as options are revealed or narrowed, and the Show more row keeps its place even while hidden. */
.aisle-facet__search { display: block; box-sizing: border-box; width: 100%; min-height: 44px; margin: 0 0 calc(var(--aisle-gap) / 2);
  padding: 0.4em 0.6em; border: 1px solid var(--aisle-border); border-radius: var(--aisle-radius);
  background: var(--aisle-bg); color: var(--aisle-text); font: inherit; }
.aisle-facet__search::placeholder { color: var(--aisle-muted); opacity: 1; }
.aisle-facet__search:focus-visible { ${FOCUS} }
.aisle-facet--long > .aisle-facet__list { box-sizing: border-box; height: ${FACET_LIST_HEIGHT}; overflow-y: auto;
  overscroll-behavior: contain; padding: 4px; }
.aisle-facet--long.aisle-facet--wrap > .aisle-facet__list { height: ${FACET_WRAP_LIST_HEIGHT}; }
.aisle-facet__status { margin: 0; color: var(--aisle-muted); }
.aisle-facet__footer { min-height: 44px; display: flex; align-items: center; }
.aisle-facet__more { min-height: 44px; padding: 0 0.25em; border: 0; background: none; color: var(--aisle-accent);
  font: inherit; font-weight: 600; text-decoration: underline; cursor: pointer; }
.aisle-facet__more:focus-visible { ${FOCUS} }
@media (forced-colors: active) {
  .aisle-chip-option[aria-pressed="true"] { outline: 2px solid Highlight; }
}
`;

/** Rules of the selected-filter chips and the Clear Filters button. */
export const CHIPS_CSS = `
.aisle-chips { display: flex; flex-wrap: wrap; align-items: center; gap: calc(var(--aisle-gap) / 2); margin: var(--aisle-gap) 0;
  font-family: var(--aisle-font); }
.aisle-chips__list { display: flex; flex-wrap: wrap; gap: calc(var(--aisle-gap) / 2); margin: 0; padding: 0; list-style: none; }
.aisle-chip { display: inline-flex; align-items: center; gap: 0.4em; min-height: 32px; padding: 0.25em 0.75em;
  border: 1px solid var(--aisle-border); border-radius: 999px; background: var(--aisle-surface);
  color: var(--aisle-text); font: inherit; cursor: pointer; }
.aisle-chip__remove { font-size: 1.1em; line-height: 1; color: var(--aisle-muted); }
.aisle-chip:hover .aisle-chip__remove { color: var(--aisle-text); }
.aisle-chip:focus-visible, .aisle-chips__clear:focus-visible { ${FOCUS} }
.aisle-chips__clear { min-height: 32px; padding: 0.25em 0.5em; border: 0; background: none; color: var(--aisle-accent);
  font: inherit; text-decoration: underline; cursor: pointer; }
`;

/** Rules of the popover under a desktop filter button (rendered only while one is open). */
export const POPOVER_CSS = `
.aisle-filter-button-wrap { position: relative; }
.aisle-filter-button:focus-visible { ${FOCUS} }
.aisle-popover { position: absolute; top: calc(100% + 4px); left: 0; z-index: 20; min-width: 16rem; max-width: 22rem;
  max-height: min(32rem, 80vh); overflow: auto; padding: var(--aisle-gap); background: var(--aisle-bg);
  border: 1px solid var(--aisle-border); border-radius: var(--aisle-radius); box-shadow: 0 8px 24px rgb(0 0 0 / 0.15); }
/* A long list takes the popover's full width, so chip-like options flow several to a row. */
.aisle-popover .aisle-facet--long { width: 20rem; max-width: 100%; }
`;
