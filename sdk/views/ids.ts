/**
 * DOM ids shared between the toolbar's buttons and the lazily loaded drawer: a module of its own so
 * that naming the drawer does not pull the drawer's chunk into the first one. One Aisle per page.
 */

/** The id of the All Filters drawer (the `aria-controls` target of every button that opens it). */
export const DRAWER_ID = 'aisle-drawer';

/**
 * The id of the popover of the `index`th filter button (counted among the buttons shown). Ids are
 * fixed rather than React's generated ones, so that the server and the first paint write the same
 * ids the app's screen uses when it adopts their markup.
 */
export const filterPopoverId = (index: number): string => `aisle-popover-${index + 1}`;

/** The id the sort dropdown names its button and list by. */
export const SORT_ID = 'aisle-sort';

/**
 * The digest of a part the server leaves to the browser on purpose (React's name for why a part of
 * server markup is drawn in the browser): the app draws it without calling it a mismatch.
 */
export const BROWSER_ONLY = 'aisle:browser-only';
