/**
 * The first screen's rules, inside aisle.js so the first paint waits for no second request; what only
 * the app draws is in appStylesheet.ts. The build also writes both to `aisle.css` for older browsers.
 */
import popover from './filters/popover.css?raw';
import styles from './styles.css?raw';

/** The first screen's rules, in cascade order (the theme's defaults first). */
export const FIRST_SCREEN_CSS = [styles, popover].join('\n');
