import { loadMessages, localeOf } from './core/messages.js';
import { customizationProblems, readRenderContext } from './core/normalize.js';
import { browserEnv } from './host/browserEnv.js';
import { DeferredHead } from './host/deferredHead.js';
import { guardHistory } from './host/history.js';
import { Lifetime } from './host/lazy.js';
import { listingSlot, type ListingSlot } from './host/listingSlot.js';
import { takeOver, type MountStatus } from './takeOver.js';

export type { MountStatus } from './takeOver.js';
import { listenPopState } from './host/popState.js';
import { browserLifecycle } from './host/lifecycle.js';
import { keepListingPlace } from './host/scrollRestore.js';
import { waitForElement } from './host/mainElement.js';
import { watchViewport } from './host/viewport.js';
import { RootStore } from './stores/RootStore.js';
import type { Transport } from './ports/env.js';
import type { AnalyticsConnection } from './analytics/wire.js';
import { ErrorReports } from './integrations/errorReports.js';
import { recordVisitNow } from './analytics/visitNow.js';
import type { FirstPaint } from './host/firstPaintHandover.js';
import { FIRST_SCREEN_MARK, TAKE_OVER_MARK, markOnce } from './host/marks.js';
import { hostEventOf, type EmitHostEvent } from './host/hostEvents.js';
import { readCardSlots, type CardSlotSource } from './host/cardSlots.js';
import type { ConversionSource } from './host/conversions.js';
import { PageConsent, sendsGpc } from './core/consent.js';

/** A mounted Aisle: its stores and the cleanup that leaves the page as it was found. */
export interface Mounted {
  store: RootStore;
  /** The analytics connection once it has loaded (after the first render), else null. */
  analytics: AnalyticsConnection | null;
  status: MountStatus;
  unmount(): void;
}

/** What a caller may replace (tests pass a fake network). */
export interface MountOptions {
  transport?: Transport;
  /** The first screen aisle.js drew before the app arrived: Aisle's own screen takes its place. */
  firstPaint?: FirstPaint | null;
  /** Where the page's handlers of Aisle's events (`Aisle.on`) are called. */
  emit?: EmitHostEvent;
  /** The page's card slots (`Aisle.setCardSlots`): the cards draw them, and follow each change. */
  cardSlots?: CardSlotSource;
  /** The page's consent (`Aisle.consent`); without one, a fresh one that has heard no choice yet. */
  consent?: PageConsent;
  /** The page's conversions (`Aisle.track`): recorded through the tracker while mounted. */
  conversions?: ConversionSource;
}

/**
 * Mounts Aisle for a raw render context; resolves once the main element was found (after the first
 * render when the context carries data), or with null when the context is unusable.
 */
export async function mountAisle(
  raw: unknown,
  win: Window & typeof globalThis = window,
  options: MountOptions = {},
): Promise<Mounted | null> {
  // A first paint read and checked this very context with the same code: it is not read twice.
  const paint = options.firstPaint?.pending ? options.firstPaint : null;
  // aisle.js marked its first screen as it showed it; a paint that did not gets now, its upper bound.
  if (paint) markOnce(win, FIRST_SCREEN_MARK);
  const read = paint ? ({ ok: true, context: paint.context } as const) : readRenderContext(raw);
  if (!read.ok) {
    win.console.warn(`[Aisle] the render context is not usable (${read.error}): Aisle is not started.`);
    return null;
  }
  const { context } = read;
  const problems = customizationProblems(raw);
  if (problems.length) win.console.warn(`[Aisle] parts of config.customization are not used: ${problems.join('; ')}.`);
  const life = new Lifetime();
  // The #department guard holds from Aisle's first moment, not from a chunk that loads later:
  // a history update the host makes while Aisle starts is stopped too.
  life.add(paint ? paint.adoptGuard() : guardHistory(win, win.console));
  // Only English ships with the first render; a page in another locale loads its catalogue first
  // (an English page goes on without waiting a turn).
  const loading = loadMessages(localeOf(context));
  if (loading) {
    try {
      await loading;
    } catch (error) {
      life.end();
      throw error;
    }
  }
  const doc = win.document;
  let slot: ListingSlot | null = null;
  const head = new DeferredHead();
  const env = browserEnv(win, () => slot?.container ?? null, head);
  if (options.transport) env.transport = options.transport;
  env.consent = options.consent ?? new PageConsent(sendsGpc(win.navigator));
  // Every error Aisle logs is also an error report (sent only where error reporting is configured).
  const errors = new ErrorReports();
  env.log = errors.logThrough(env.log);
  // Adopted server markup was drawn for a width: the first render draws for it too, so that React
  // adopts every element, and the page's own width follows once it is on show.
  const adopting = paint?.serverMarkup ?? null;
  const store = new RootStore(env, context, adopting ? adopting.width : win.innerWidth);
  store.serverMarkup = adopting !== null;
  // The page's handlers hear what analytics hears, at the same moments (after the frame that answered).
  const { emit } = options;
  if (emit)
    life.add(
      store.tracker.observe((intent) => {
        const hostEvent = hostEventOf(intent, win.location.href);
        if (hostEvent) (emit as (name: string, payload: unknown) => void)(hostEvent[0], hostEvent[1]);
      }),
    );
  /** What waits for the screen to be on show (adopted markup, drawn for the server's width). */
  const whenShown: Array<() => void> = [];
  const afterAdoption = (run: () => void): void => {
    whenShown.push(() => store.afterAdoption(run));
  };
  if (adopting) afterAdoption(() => store.viewport.setWidth(win.innerWidth));
  const { cardSlots, conversions } = options;
  if (conversions)
    life.add(
      conversions.subscribe(
        ({ kind, conversion }) => void store.tracker.track({ kind: 'conversion', event: kind, conversion }),
      ),
    );
  if (cardSlots) {
    // The page's own code: what is not a slot is named in the console (the page's, not Aisle's error reports).
    const take = (raw: unknown): void => store.setCardSlots(readCardSlots(raw, win.console));
    // Adopted markup has no slot containers: the slots join once it is adopted.
    if (adopting) afterAdoption(() => take(cardSlots.current));
    else take(cardSlots.current);
    life.add(cardSlots.subscribe(take));
  }
  // The page's visit is on record now, before anything else can go wrong: a page left before the
  // analytics session loads still counts (its session, or the shop's next page, delivers it). A
  // product link followed from the first paint may have recorded it already: it is not written twice.
  const recordVisit = (): string | null => recordVisitNow(store, store.firstVisit);
  const recordedVisit = paint ? paint.visitOnRecord(recordVisit) : recordVisit();
  // What waits for the next paint (the address, analytics intents) is done before the page goes
  // away or hides (registered before the analytics session's own listeners, so it hears them first).
  const pageLife = browserLifecycle(win);
  life.add(pageLife.onPageHide(() => env.paint.flush()));
  life.add(pageLife.onHidden(() => env.paint.flush()));
  life.add(listenPopState(win, () => store.onPopState()));
  // Back to this listing from a product page puts the shopper where they were.
  life.add(keepListingPlace(win, store, () => slot?.container ?? null));
  life.add(watchViewport(win, (width) => store.viewport.setWidth(width)));
  const mounted: Mounted = {
    store,
    analytics: null,
    status: { state: 'waiting', reason: null },
    unmount() {
      // A click answered just before is carried through: its address and analytics are not lost.
      env.paint.flush();
      life.end();
      store.dispose();
      env.paint.dispose();
      env.timers.dispose();
    },
  };

  // Head tags and body scripts act around the listing: they follow its first appearance.
  let adaptersStarted = false;
  const startPageAdapters = (): void => {
    if (adaptersStarted) return;
    adaptersStarted = true;
    life.load(
      () => import('./host/pageAdapters.js'),
      ({ installPageAdapters }) => {
        const adapters = installPageAdapters(win, env.timers);
        head.attach(adapters.head);
        return adapters.cleanup;
      },
      (error) => env.log.error('[Aisle] page adapters could not load:', error),
    );
  };

  // Analytics loads right after the main element is found; if its chunk cannot load (offline), it
  // tries again when the browser is back online, and its intents wait in the tracker.
  const loadAnalytics = (): void =>
    life.load(
      () => import('./analytics/wire.js'),
      ({ connectAnalytics }) => {
        const firstScreen = options.firstPaint?.firstScreen;
        const connection = connectAnalytics(
          store,
          win,
          recordedVisit,
          () => slot?.container ?? null,
          firstScreen ? () => firstScreen.take() : undefined,
        );
        mounted.analytics = connection;
        return () => connection.dispose();
      },
      (error) => {
        env.log.error('[Aisle] analytics could not load; retrying when online:', error);
        if (life.ended) return;
        win.addEventListener('online', loadAnalytics, { once: true });
        life.add(() => win.removeEventListener('online', loadAnalytics));
      },
    );

  // Integrations (error reports, click analytics, experiments) follow too, only when configured:
  // their small connector loads now and waits for the page's first idle moment to load the SDKs.
  const startIntegrations = (): void => {
    const { errorReportingDsn, clickAnalytics, experiments } = context.config;
    if (!errorReportingDsn && !clickAnalytics && !experiments) errors.disable();
    else
      life.load(
        () => import('./integrations/connect.js'),
        ({ connectIntegrations }) => {
          const connection = connectIntegrations(store, errors, win);
          return () => connection.dispose();
        },
        () => {
          errors.disable();
          win.console.warn('[Aisle] integrations could not load: they stay off on this page.');
        },
      );
  };

  return new Promise((resolve) => {
    const selector = context.config.mainSelector ?? 'main';
    life.add(
      waitForElement(
        doc,
        selector,
        env.timers,
        (main) => {
          const found = listingSlot(main, doc, options.firstPaint);
          slot = found;
          // Resolves once the first screen is on show (or could not be), or at once while it loads.
          // Analytics and the integrations follow it, so as not to compete with the first render.
          const onShown = (): void => {
            for (const run of whenShown.splice(0)) run();
            if (!paint) markOnce(win, FIRST_SCREEN_MARK);
            markOnce(win, TAKE_OVER_MARK);
            // Each in a task after the one whose commit showed the screen: run in it, their start
            // made it a long task on a phone. Unmounting clears the timers.
            env.timers.setTimeout(startPageAdapters, 0);
          };
          void takeOver({ win, found, store, env, life, mounted, onShown }).then(() => {
            resolve(mounted);
            if (life.ended) return;
            env.timers.setTimeout(loadAnalytics, 0);
            env.timers.setTimeout(startIntegrations, 0);
          });
        },
        win.console,
      ),
    );
  });
}
