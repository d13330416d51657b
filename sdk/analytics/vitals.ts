/** One page view's vitals, recorded once as `page:web_vitals` when the page is first hidden. */
import type { Viewport } from '../core/types.js';
import type { TrackInput } from './types.js';

/** What one page view measured; null where nothing was measured (no interaction: no INP). */
export interface PageVitals {
  lcpMs: number | null;
  /** The LCP element, as a CSS selector. */
  lcpElement: string | null;
  inpMs: number | null;
  /** What the INP interaction was: its type and target (`pointer .aisle-card__link`). */
  inpInteraction: string | null;
  cls: number | null;
  /** The element that moved most in the largest layout shift. */
  clsElement: string | null;
  ttfbMs: number | null;
  /** When Aisle's first screen was on show (aisle.js's paint, or the app's), since navigation start. */
  firstScreenMs: number | null;
  /** When the app's screen had taken over the page, since navigation start. */
  takeOverMs: number | null;
  /** The slowest filter or sort change of the page view: from the shopper's action to the updated grid. */
  filterUpdateMs: number | null;
  deviceClass: Viewport;
}

/** Collects one page view's measures; `take()` returns them once, then null. */
export class VitalsRecord {
  readonly #vitals: PageVitals;
  #taken = false;

  constructor(deviceClass: Viewport) {
    this.#vitals = {
      lcpMs: null,
      lcpElement: null,
      inpMs: null,
      inpInteraction: null,
      cls: null,
      clsElement: null,
      ttfbMs: null,
      firstScreenMs: null,
      takeOverMs: null,
      filterUpdateMs: null,
      deviceClass,
    };
  }

  /** Records (or replaces) measures; the web-vitals library reports a metric again as it changes. */
  set(part: Partial<PageVitals>): void {
    Object.assign(this.#vitals, part);
  }

  /** Keeps the slowest filter update of the page view. */
  filterUpdated(ms: number): void {
    if (ms >= 0) this.set({ filterUpdateMs: Math.max(ms, this.#vitals.filterUpdateMs ?? 0) });
  }

  /** The page view's measures, the first time only (one event per page view). */
  take(): PageVitals | null {
    if (this.#taken) return null;
    this.#taken = true;
    return { ...this.#vitals };
  }
}

const round = (ms: number | null): number | null => (ms === null ? null : Math.round(ms * 10) / 10);

/** `page:web_vitals`: one page view's LCP, INP, CLS, TTFB, Aisle's own marks and the device class. */
export function webVitalsEvent(v: PageVitals): TrackInput {
  return {
    event: 'page:web_vitals',
    data: {
      metadata: {
        lcp_ms: round(v.lcpMs),
        lcp_element: v.lcpElement,
        inp_ms: round(v.inpMs),
        inp_interaction: v.inpInteraction,
        cls: v.cls === null ? null : Math.round(v.cls * 10_000) / 10_000,
        cls_element: v.clsElement,
        ttfb_ms: round(v.ttfbMs),
        first_screen_ms: round(v.firstScreenMs),
        take_over_ms: round(v.takeOverMs),
        filter_update_ms: round(v.filterUpdateMs),
        device_class: v.deviceClass,
      },
    },
  };
}
