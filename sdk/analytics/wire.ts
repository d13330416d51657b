/** Loaded after the first render: the RootStore's intents become analytics events once consent allows. */
import { queryParamsOf } from '../core/privacy.js';
import { selectedVariant } from '../core/product.js';
import { browserLifecycle } from '../host/lifecycle.js';
import { browserLocks } from '../host/locks.js';
import type { TrackIntent, TrackSink } from '../stores/Tracker.js';
import type { RootStore } from '../stores/RootStore.js';
import {
  analyticsEnvironment,
  conversionEvent,
  displayResultsEvent,
  filterEvent,
  impressionsEvent,
  productClickEvent,
  resultIds,
  sortEvent,
  visitEvent,
} from './events.js';
import type { FirstScreenSightings } from '../host/firstScreenSightings.js';
import { currentListingView, watchImpressions } from './impressionWatch.js';
import { webVitalsEvent } from './vitals.js';
import { watchVitals } from './vitalsWatch.js';
import { AnalyticsSession } from './session.js';
import { followConsent } from './consentHold.js';
import type { TrackInput } from './types.js';
import { globalMetadataOf } from './visitNow.js';

/** The running session (for `Aisle.debug.snapshot()`), what waits for consent, and the cleanup that stops it. */
export interface AnalyticsConnection {
  /** The session, while the shopper's consent lets one run. */
  session: AnalyticsSession | null;
  /** How many of the page's events wait in memory for the shopper's consent. */
  held(): number;
  dispose(): void;
}

/** Turns an intent into the event it stands for. */
export function eventFor(intent: TrackIntent, root: Pick<RootStore, 'env'>): TrackInput {
  switch (intent.kind) {
    case 'visit':
      return visitEvent({
        routeName: intent.routeName,
        title: root.env.host.title(),
        referrer: root.env.host.referrer(),
        redirectedFrom: intent.redirectedFrom,
        url: intent.url,
      });
    case 'filter':
      return filterEvent(intent.change, { key: intent.key, value: intent.value });
    case 'sort':
      return sortEvent(intent.sort);
    case 'results':
      return displayResultsEvent({ ...intent, resultIds: resultIds(intent.products), searchType: 'dlp' });
    case 'conversion':
      return conversionEvent(intent.event, intent.conversion);
    case 'product-click': {
      const variant = intent.product.variants.find((v) => v.id === intent.variantId) ?? selectedVariant(intent.product);
      return productClickEvent({
        listName: intent.listName,
        position: intent.position,
        product: intent.product,
        variant,
      });
    }
  }
}

/** A click in the results grid with the listing view it happened in (`listing_view_id`, null when none is known). */
export function withListingView(event: TrackInput, intent: TrackIntent, win: Window, shopId: string): TrackInput {
  if (intent.kind !== 'product-click' || intent.listName !== 'search_results') return event;
  const view = currentListingView(win, shopId, win.location.pathname);
  return { ...event, data: { ...event.data, metadata: { ...event.data.metadata, listing_view_id: view } } };
}

/** A session started for a page, with the sink that records the page's intents through it. */
export interface RunningAnalytics {
  session: AnalyticsSession;
  sink: TrackSink;
  dispose(): void;
}

/** Starts the session with its watchers; never throws. `recordedVisit`: the visit mount already wrote. */
export function startAnalytics(
  root: RootStore,
  win: Window & typeof globalThis,
  recordedVisit: string | null,
  container: () => ParentNode | null,
  firstScreen?: () => FirstScreenSightings | null,
): RunningAnalytics {
  const { config, environment } = root.context;
  const { env } = root;
  // Vitals and impressions are watched before the session starts, so that their page-hide work is
  // heard first and their last events are in the outbox when the session sends it.
  let started: AnalyticsSession | null = null;
  // What is recorded as the page is hidden or left goes out with the session's keepalive flush.
  const track = (event: TrackInput, leaving: boolean): void => {
    const id = leaving
      ? started?.trackOnLeave(event.event, event.data, event.url)
      : started?.track(event.event, event.data, event.url);
    if (id === null) env.log.error(`[Aisle] tracking error: ${event.event} could not be queued`);
  };
  const stopVitals = watchVitals({
    win,
    root,
    lifecycle: browserLifecycle(win),
    send: (vitals) => track(webVitalsEvent(vitals), true),
  });
  const stopImpressions = watchImpressions({
    win,
    root,
    shopId: config.id,
    container,
    lifecycle: browserLifecycle(win),
    send: (batch, listingViewId, leaving) =>
      track({ ...impressionsEvent({ ...batch, listName: batch.list, listingViewId }), url: batch.url }, leaving),
    firstScreen,
  });
  const session = new AnalyticsSession({
    env,
    shopId: config.id,
    host: config.analyticsHost!,
    environment: analyticsEnvironment(environment),
    globalMetadata: globalMetadataOf(root),
    queryParams: queryParamsOf(config.queryParams),
    lifecycle: browserLifecycle(win),
    locks: browserLocks(win, { storage: env.storage, timers: env.timers, now: env.now }),
  });
  started = session;
  // Identity failures are thrown by the session and only logged here.
  // An unmount while the identity request is on its way aborts it: that is no failure to report.
  let disposed = false;
  session.init().catch((error: unknown) => disposed || env.log.error('[Aisle] analytics identity failed:', error));
  let firstVisit = recordedVisit;
  const sink: TrackSink = async (intent) => {
    // The page's first visit intent is the one mount wrote: its delivery is followed, not a copy.
    if (intent.kind === 'visit' && firstVisit !== null) {
      const id = firstVisit;
      firstVisit = null;
      session.adopt(id);
      return session.delivery(id);
    }
    const event = withListingView(eventFor(intent, root), intent, win, config.id);
    const id = session.track(event.event, event.data, event.url);
    if (id === null) {
      env.log.error(`[Aisle] tracking error: ${event.event} could not be queued`);
      return false;
    }
    return session.delivery(id);
  };
  return {
    session,
    sink,
    dispose() {
      disposed = true;
      stopImpressions();
      stopVitals();
      session.dispose();
    },
  };
}

/** Connects the session as consent allows; without `config.analyticsHost` intents are dropped. */
export function connectAnalytics(
  root: RootStore,
  win: Window & typeof globalThis,
  recordedVisit: string | null = null,
  container: () => ParentNode | null = () => null,
  firstScreen?: () => FirstScreenSightings | null,
): AnalyticsConnection {
  if (!root.context.config.analyticsHost) {
    root.tracker.disable();
    return { session: null, held: () => 0, dispose: () => undefined };
  }
  let visit = recordedVisit;
  const start = (): RunningAnalytics => {
    // Only the first session follows the visit mount wrote; one started again after a withdrawal does not.
    const written = visit;
    visit = null;
    return startAnalytics(root, win, written, container, firstScreen);
  };
  return followConsent(root, win, start, (intent) => eventFor(intent, root));
}
