/** Which panel a filter gets, by its key alone; to add a kind, write its component and list it here. */
import type { ComponentType } from 'react';
import type { Filter } from '../../core/types.js';
import { PRICE_KEY } from '../../core/urlState.js';
import { CheckboxPanel } from './CheckboxPanel.js';
import { ColorPanel } from './ColorPanel.js';
import { PricePanel } from './PricePanel.js';
import { RatingPanel } from './RatingPanel.js';
import { SizePanel } from './SizePanel.js';

/** What every panel receives: the filter whose options it shows. */
export interface PanelProps {
  filter: Filter;
}

const PANELS = {
  [PRICE_KEY]: PricePanel,
  rating: RatingPanel,
  color: ColorPanel,
  size: SizePanel,
} satisfies Record<string, ComponentType<PanelProps>>;

/** The filter keys with a panel of their own (docs/backend-fields.md names them; a test checks it). */
export const PANEL_KEYS = Object.keys(PANELS);

const DEFAULT_KIND = 'checkbox';

/** Which panel a filter key gets (also the panel's class, `aisle-filter-panel--<kind>`). */
export type PanelKind = keyof typeof PANELS | typeof DEFAULT_KIND;

// Keys come from the response: only the registry's own entries count, never the prototype's ("constructor").
const hasPanel = (key: string): key is keyof typeof PANELS => Object.prototype.hasOwnProperty.call(PANELS, key);

/** The panel kind of a filter key, matched exactly: anything unknown is a checkbox list. */
export function panelKind(key: string): PanelKind {
  return hasPanel(key) ? key : DEFAULT_KIND;
}

/** The component that draws a filter's options. */
export function panelFor(key: string): ComponentType<PanelProps> {
  return hasPanel(key) ? PANELS[key] : CheckboxPanel;
}
