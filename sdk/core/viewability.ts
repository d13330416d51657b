/**
 * When a product card counts as seen (the MRC display standard): at least half of it in view for
 * one continuous second. aisle.js watches its first screen by this rule and the app's impressions
 * go on from there, so the two sides must agree.
 */
export const VIEW_MS = 1000;
/** At least this share of a card must be in view. */
export const VIEWABLE_RATIO = 0.5;
