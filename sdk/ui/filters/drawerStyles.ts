/**
 * CSS of the All Filters drawer, rendered by the drawer itself so it ships in the drawer's chunk.
 * The slide takes 300 ms, the time the store waits before removing the drawer.
 */

const FOCUS = 'outline: 2px solid var(--aisle-focus); outline-offset: 2px;';

/** Rules of the drawer, its backdrop and its accordion. */
export const DRAWER_CSS = `
.aisle-drawer-layer { position: fixed; inset: 0; z-index: 10000; font-family: var(--aisle-font); }
.aisle-drawer__backdrop { position: absolute; inset: 0; background: rgb(0 0 0 / 0.45); opacity: 0;
  transition: opacity 300ms ease; }
.aisle-drawer--ready ~ .aisle-drawer__backdrop { opacity: 1; }
.aisle-drawer { position: absolute; top: 0; right: 0; bottom: 0; z-index: 1; display: flex; flex-direction: column;
  width: min(100%, 420px); background: var(--aisle-bg); color: var(--aisle-text);
  box-shadow: -8px 0 24px rgb(0 0 0 / 0.2); transform: translateX(100%); transition: transform 300ms ease; }
.aisle-drawer--desktop { width: 400px; max-width: 100%; }
.aisle-drawer--ready { transform: none; }
.aisle-drawer__header { display: flex; align-items: center; justify-content: space-between; gap: var(--aisle-gap);
  padding: calc(var(--aisle-gap) / 2) var(--aisle-gap); border-bottom: 1px solid var(--aisle-border); }
.aisle-drawer__title { margin: 0; font-size: 1.25rem; }
/* The title takes focus only so screen readers start there; it is not a control. */
.aisle-drawer__title:focus { outline: none; }
.aisle-drawer__close { min-width: 44px; min-height: 44px; border: 0; border-radius: var(--aisle-radius);
  background: none; color: inherit; font-size: 1.5rem; line-height: 1; cursor: pointer; }
.aisle-drawer__body { flex: 1; overflow-y: auto; overscroll-behavior: contain; padding: 0 var(--aisle-gap); }
.aisle-drawer__footer { padding: var(--aisle-gap); border-top: 1px solid var(--aisle-border); background: var(--aisle-surface); }
.aisle-drawer__results { width: 100%; min-height: 44px; border: 0; border-radius: var(--aisle-radius);
  background: var(--aisle-accent); color: var(--aisle-accent-contrast); font: inherit; font-weight: 600; cursor: pointer; }
.aisle-drawer__close:focus-visible, .aisle-drawer__results:focus-visible, .aisle-accordion__toggle:focus-visible { ${FOCUS} }
.aisle-accordion__section { border-bottom: 1px solid var(--aisle-border); }
.aisle-accordion__heading { margin: 0; font-size: 1rem; }
.aisle-accordion__toggle { display: flex; align-items: center; gap: calc(var(--aisle-gap) / 2); width: 100%; min-height: 48px;
  padding: 0; border: 0; background: none; color: inherit; font: inherit; font-weight: 600; text-align: left; cursor: pointer; }
.aisle-accordion__chevron { margin-left: auto; }
.aisle-accordion__chevron::before { content: "+"; font-size: 1.25rem; }
[aria-expanded="true"] > .aisle-accordion__chevron::before { content: "\\2212"; }
.aisle-accordion__panel { padding-bottom: var(--aisle-gap); }
/* After "See N Results" the listing's heading takes focus (by script only); keyboard users see where they are. */
.aisle-root [data-aisle="heading"]:focus-visible { ${FOCUS} }
/* Without motion the drawer fades instead of sliding; the 300 ms before removal stays the same. */
@media (prefers-reduced-motion: reduce) {
  .aisle-drawer { transform: none; opacity: 0; transition: opacity 300ms linear; }
  .aisle-drawer--ready { opacity: 1; }
}
`;
