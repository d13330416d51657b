/**
 * Aisle's whole stylesheet. The embed carries it inside aisle.js and adopts it as a constructed
 * sheet, so the first render waits for no second request; the build also writes it to
 * `dist/embed/aisle.css` for browsers without constructed sheets.
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
