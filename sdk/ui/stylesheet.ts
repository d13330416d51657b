/**
 * Aisle's whole stylesheet, gathered from the `.css` files beside the components. The embed carries it
 * inside aisle.js and adopts it as a constructed sheet, so the first render waits for no second
 * request; the build minifies it there and also writes it to `dist/embed/aisle.css` for browsers
 * without constructed sheets. `?raw` hands over a file's text (the embed build and Vite both read it).
 */
import drawer from './filters/drawer.css?raw';
import chips from './filters/chips.css?raw';
import panels from './filters/panels.css?raw';
import popover from './filters/popover.css?raw';
import slider from './filters/slider.css?raw';
import styles from './styles.css?raw';
import vsm from './vsm/vsm.css?raw';

/** Every rule Aisle needs, in cascade order (the theme's defaults first). */
export const AISLE_CSS = [styles, panels, chips, popover, drawer, slider, vsm].join('\n');
