/** A card is seen (MRC standard) when half of it is in view for one second; aisle.js and the app must agree. */
export const VIEW_MS = 1000;
/** At least this share of a card must be in view. */
export const VIEWABLE_RATIO = 0.5;
