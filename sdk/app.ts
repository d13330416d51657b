/** The app chunk behind `window.Aisle`, loaded by the embed (sdk/embed.ts). */
// First: MobX is isolated before any other module of the app uses it.
import './mobxIsolation.js';
import { emptyDebugSnapshot } from './contract.js';
import { mountAisle, type Mounted } from './mount.js';
import { APP_CSS } from './ui/appStylesheet.js';
import type { FirstPaint } from './host/firstPaintHandover.js';
import type { EmitHostEvent } from './host/hostEvents.js';
import type { CardSlotSource } from './host/cardSlots.js';
import type { ConversionSource } from './host/conversions.js';
import { PageConsent, sendsGpc } from './core/consent.js';
import { consentModeFor } from './core/consentSetting.js';
import type { AislePolicy } from './core/trustedTypes.js';
import { adoptAislePolicy } from './ui/trustedHtml.js';

/** What the embed's loader calls. */
export interface AisleApp {
  /** Mounts with what aisle.js keeps for the page (its first paint, handlers, slots, consent, conversions). */
  mount(
    context: unknown,
    firstPaint?: FirstPaint | null,
    emit?: EmitHostEvent,
    cardSlots?: CardSlotSource,
    consent?: PageConsent,
    conversions?: ConversionSource,
  ): Promise<void>;
  unmount(): void;
  snapshot(): unknown;
  /** Takes aisle.js's Trusted Types policy, so the app writes through the one policy the page allows. */
  adoptPolicy(policy: AislePolicy | null): void;
  /** The rules of what only the app draws, which the embed adopts beside the first screen's. */
  css: string;
}

let current: Mounted | null = null;
/** The consent the current mount follows, for the snapshot. */
let currentConsent: PageConsent | null = null;
/** Counts mount and unmount calls, so that a mount overtaken by a newer call never stays. */
let generation = 0;

export const app: AisleApp = {
  css: APP_CSS,
  adoptPolicy: adoptAislePolicy,
  async mount(context, firstPaint = null, emit, cardSlots, consent, conversions) {
    current?.unmount();
    current = null;
    const ticket = ++generation;
    // User Timing marks let retailers (and npm run bench) see what Aisle's start costs.
    performance.mark('aisle:mount:start');
    let mounted: Mounted | null;
    try {
      consent ??= new PageConsent(sendsGpc(navigator));
      currentConsent = consent;
      mounted = await mountAisle(context, window, { firstPaint, emit, cardSlots, consent, conversions });
    } finally {
      // The mount resolves once its screen replaced the paint: a paint still on show was not taken
      // over (an unusable context, a failure), and the page gets its own content back.
      if (firstPaint?.pending) firstPaint.withdraw();
    }
    if (ticket !== generation) {
      mounted?.unmount();
      return;
    }
    current = mounted;
    performance.measure('aisle:mount', 'aisle:mount:start');
  },
  unmount() {
    generation++;
    current?.unmount();
    current = null;
  },
  snapshot() {
    const search = current?.store.search;
    const session = current?.analytics?.session;
    const empty = emptyDebugSnapshot();
    const store = current?.store;
    // Where the shopper's consent stands on this page, and how many events wait for it.
    const consent =
      store && currentConsent
        ? currentConsent.status(consentModeFor(store.context.config.consent, store.region))
        : null;
    const held = current?.analytics?.held() ?? 0;
    return {
      analytics: { ...(session ? JSON.parse(JSON.stringify(session.snapshot())) : empty.analytics), held },
      consent,
      // Whether Aisle's screen or the page's own content is on show, and why (the extension says so).
      mount: current ? { ...current.status } : empty.mount,
      search: {
        loading: search?.loading ?? false,
        lastRequest: search?.lastRequest ? JSON.parse(JSON.stringify(search.lastRequest)) : null,
        lastLatencyMs: search?.lastLatencyMs ?? null,
      },
    };
  },
};
