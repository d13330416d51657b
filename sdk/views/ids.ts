/**
 * DOM ids shared between the toolbar's buttons and the lazily loaded drawer: a module of its own so
 * that naming the drawer does not pull the drawer's chunk into the first one. One Aisle per page.
 */

/** The id of the All Filters drawer (the `aria-controls` target of every button that opens it). */
export const DRAWER_ID = 'aisle-drawer';
