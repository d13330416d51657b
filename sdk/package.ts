/**
 * The npm package's entry: `window.Aisle`'s verbs for a shop with a bundler. It defines no global; a
 * shop that wants `window.Aisle` too assigns the default export to it.
 */
import { app } from './app.js';
import type {
  AisleConversionData,
  AisleConversionEvent,
  AisleGlobal,
  AisleTrackResult,
  CardSlots,
  HostEventHandler,
  HostEventName,
} from './contract.js';
import type { RenderContext } from './core/types.js';
import { createAisleInstance } from './host/instance.js';
import { pageConsent } from './host/pageConsent.js';
import { keepLayoutOnly, wantsUnstyled } from './host/unstyled.js';
import { AISLE_CSS } from './ui/appStylesheet.js';
import { VERSION } from './version.js';

export type {
  AisleConversionData,
  AisleConversionEvent,
  AisleConversionItem,
  AisleGlobal,
  AisleTrackResult,
  CardSlot,
  CardSlotBuilder,
  CardSlotProduct,
  CardSlots,
  HostEventHandler,
  HostEventName,
  HostEventPayloads,
} from './contract.js';
export type {
  AdditionalParams,
  Environment,
  RenderContext,
  SearchResponse,
  SitemapData,
  TenantConfig,
} from './core/types.js';
export type { Customization } from './core/customization.js';

/** The page's handlers of Aisle's events and its card slots: set at any time, followed by each mount. */
/** Aisle's rules while it is mounted (the layout's only, in the unstyled mode). */
let sheet: CSSStyleSheet | null = null;

function removeRules(): void {
  if (sheet) document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
  sheet = null;
}

function applyRules(unstyled: boolean): void {
  removeRules();
  sheet = new CSSStyleSheet();
  sheet.replaceSync(AISLE_CSS);
  if (unstyled) keepLayoutOnly(sheet);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** The package's Aisle instance: the same verbs as `window.Aisle`, with no global. */
const instance = createAisleInstance({
  version: VERSION,
  consent: pageConsent(),
  async mount(context, self) {
    applyRules(wantsUnstyled(context as RenderContext));
    await app.mount(context, null, self.hostEvents.emit, self.cardSlots, self.consent, self.conversions);
    const state = (app.snapshot() as { mount?: { state?: unknown } }).mount?.state;
    if (state === 'shown') self.step('show');
    else if (state === 'kept-host-content') self.step('keep');
  },
  unmount() {
    app.unmount();
    removeRules();
  },
  snapshot: () => app.snapshot(),
});
const aisle = instance.global;

/** This package's version (semver), as `window.Aisle.version` reports it. */
export const version: string = VERSION;

/** Renders Aisle for a render context; resolves once its first render is on screen. */
export function mount(context: RenderContext): Promise<void> {
  return aisle.mount(context);
}

/** Removes everything Aisle installed, the handlers of its events included, and restores the page's content. */
export function unmount(): void {
  aisle.unmount();
}

/** Calls `handler` at each of Aisle's events `name`; returns what stops it. */
export function on<K extends HostEventName>(name: K, handler: HostEventHandler<K>): () => void {
  return aisle.on(name, handler);
}

/** Stops calling `handler` at `name`. */
export function off<K extends HostEventName>(name: K, handler: HostEventHandler<K>): void {
  aisle.off(name, handler);
}

/** Sets the shop's card slots (each call replaces the last; null removes them). */
export function setCardSlots(slots: CardSlots | null): void {
  aisle.setCardSlots(slots);
}

/** Reports an add to cart or a purchase (docs/embedding.md#conversions); refuses bad input with `{ ok: false, error }`. */
export function track(event: AisleConversionEvent, data: AisleConversionData): AisleTrackResult {
  return aisle.track(event, data);
}

/** The shopper's consent choices from the shop's consent tool (a key left out keeps its state). */
export function consent(choices: Parameters<AisleGlobal['consent']>[0]): void {
  aisle.consent(choices);
}

/** A JSON-safe picture of the analytics queue and the search state. */
export const debug: AisleGlobal['debug'] = aisle.debug;

/** Every verb in one object, shaped as `window.Aisle`. */
const Aisle: AisleGlobal = { version, mount, unmount, on, off, setCardSlots, track, consent, debug };
export default Aisle;
