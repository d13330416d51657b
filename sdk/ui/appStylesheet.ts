/**
 * The rules of what only the app draws, in the app's script: ~4 KB gzip kept out of aisle.js. None
 * styles an element of the first screen, so it does not change when they apply.
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
