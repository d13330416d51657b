/** Shared DOM ids, in a module of their own so naming the drawer does not pull its chunk in. One Aisle per page. */

/** The id of the All Filters drawer (the `aria-controls` target of every button that opens it). */
export const DRAWER_ID = 'aisle-drawer';

/** Fixed rather than React's generated ids, so the server and the first paint write the ids the app adopts. */
export const filterPopoverId = (index: number): string => `aisle-popover-${index + 1}`;

/** The id the sort dropdown names its button and list by. */
export const SORT_ID = 'aisle-sort';

/** The digest of a part the server leaves to the browser on purpose, so the app does not call it a mismatch. */
export const BROWSER_ONLY = 'aisle:browser-only';
