/**
 * Aisle's whole stylesheet, written to `dist/embed/aisle.css` by the build and linked by the embed
 * beside aisle.js: CSS parses off the script path and costs no JavaScript in the first render.
 */
import { DRAWER_CSS } from './filters/drawerStyles.js';
import { sliderStyles } from './filters/sliderStyles.js';
import { CHIPS_CSS, PANEL_CSS, POPOVER_CSS } from './filters/styles.js';
import { themeStyles } from './styles.js';
import { vsmStyles } from './vsm/styles.js';

/** Every rule Aisle needs, in cascade order. */
export const AISLE_CSS = [themeStyles, PANEL_CSS, CHIPS_CSS, POPOVER_CSS, DRAWER_CSS, sliderStyles, vsmStyles].join(
  '\n',
);
