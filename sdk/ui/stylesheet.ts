/**
 * The rules of Aisle's first screen (the listing's top, toolbar and grid), gathered from the `.css`
 * files beside the components. The embed carries them inside aisle.js and adopts them as a
 * constructed sheet, so the first paint waits for no second request; the rules of what only the app
 * draws (filter panels, chips, the drawer, the price slider, the sitemap) travel in the app's
 * script instead (appStylesheet.ts), and the build writes both, whole, to `dist/embed/aisle.css` for
 * browsers without constructed sheets. `?raw` hands over a file's text (the embed build and Vite
 * both read it).
 */
import popover from './filters/popover.css?raw';
import styles from './styles.css?raw';

/** The first screen's rules, in cascade order (the theme's defaults first). */
export const FIRST_SCREEN_CSS = [styles, popover].join('\n');
