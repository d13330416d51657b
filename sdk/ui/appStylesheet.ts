/**
 * The rules of what only the app draws: filter panels, chips, the drawer, the price slider, the
 * sitemap, and the listing's parts below the grid and while it loads. They come with the app's script (the embed adopts them as a second sheet when the app
 * arrives), which keeps about 4 KB gzip out of aisle.js, what a phone downloads before the grid.
 * None of them styles an element of the first screen, so the screen does not change when they apply.
 */
import parts from './dlp/appParts.css?raw';
import chips from './filters/chips.css?raw';
import drawer from './filters/drawer.css?raw';
import panels from './filters/panels.css?raw';
import slider from './filters/slider.css?raw';
import { FIRST_SCREEN_CSS } from './stylesheet.js';
import vsm from './vsm/vsm.css?raw';

/** The app's own rules, after the first screen's in the cascade. */
export const APP_CSS = [parts, panels, chips, drawer, slider, vsm].join('\n');

/** Every rule Aisle needs, in cascade order (aisle.css, and the extension's preview). */
export const AISLE_CSS = `${FIRST_SCREEN_CSS}\n${APP_CSS}`;
