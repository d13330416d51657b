import { comparer, reaction } from 'mobx';
import { createElement, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { unstable_forceFrameRate } from 'scheduler';
import { DEBUG_EVENT } from './contract.js';
import { loadMessages, localeOf } from './core/messages.js';
import { readRenderContext } from './core/normalize.js';
import type { PageRoute } from './core/types.js';
import { browserEnv } from './host/browserEnv.js';
import { DeferredHead } from './host/deferredHead.js';
import { guardHistory } from './host/history.js';
import { Lifetime } from './host/lazy.js';
import { listingSlot, type ListingSlot } from './host/listingSlot.js';
import { listenPopState } from './host/popState.js';
import { keepListingPlace } from './host/scrollRestore.js';
import { waitForElement } from './host/mainElement.js';
import { watchViewport } from './host/viewport.js';
import { RootStore } from './stores/RootStore.js';
import type { StoreEnv, Transport } from './ports/env.js';
import { GuardedAisleRoot, preloadScreen } from './ui/AisleRoot.js';
import type { AnalyticsConnection } from './analytics/wire.js';
import { ErrorReports } from './integrations/errorReports.js';
import type { FirstPaint } from './host/firstPaintHandover.js';

/** 1000/22 ≈ 45 ms slices for the first render (see takeOver). */
const FIRST_RENDER_FPS = 22;

/** What Aisle is doing with the retailer's main element (for the debug snapshot). */
export interface MountStatus {
  /**
   * `waiting`: the first data is loading and the retailer's own content is on show; `shown`: Aisle's
   * screen is on show; `kept-host-content`: the screen could not load or render, so the retailer's
   * content stays (Aisle tries again when the browser is back online or the address changes).
   */
  state: 'waiting' | 'shown' | 'kept-host-content';
  /** Why the retailer's content was kept, else null. */
  reason: string | null;
}

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
}

/**
 * Mounts Aisle for a raw render context: validates it, builds the stores, installs the host
 * adapters (each returning its cleanup) and renders into `config.mainSelector` once it exists and
 * Aisle has a screen to show. Resolves with the mounted instance once the main element was found
 * (after the first render when the context carries data), or null when the context is unusable.
 */
export async function mountAisle(
  raw: unknown,
  win: Window & typeof globalThis = window,
  options: MountOptions = {},
): Promise<Mounted | null> {
  // A first paint read and checked this very context with the same code: it is not read twice.
  const paint = options.firstPaint?.pending ? options.firstPaint : null;
  const read = paint ? ({ ok: true, context: paint.context } as const) : readRenderContext(raw);
  if (!read.ok) {
    win.console.warn(`[Aisle] the render context is not usable (${read.error}): Aisle is not started.`);
    return null;
  }
  const { context } = read;
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
  // Every error Aisle logs is also an error report (sent only where error reporting is configured).
  const errors = new ErrorReports();
  env.log = errors.logThrough(env.log);
  const store = new RootStore(env, context, win.innerWidth);
  life.add(listenPopState(win, () => store.onPopState()));
  // Back to this listing from a product page puts the shopper where they were.
  life.add(keepListingPlace(win, store, () => slot?.container ?? null));
  life.add(watchViewport(win, (width) => store.viewport.setWidth(width)));
  const mounted: Mounted = {
    store,
    analytics: null,
    status: { state: 'waiting', reason: null },
    unmount() {
      life.end();
      store.dispose();
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
        const connection = connectAnalytics(store, win);
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
          void takeOver({ win, found, store, env, life, mounted, onShown: startPageAdapters }).then(() => {
            resolve(mounted);
            if (life.ended) return;
            loadAnalytics();
            startIntegrations();
          });
        },
        win.console,
      ),
    );
  });
}

/** What the take-over of the main element works with. */
interface TakeOver {
  win: Window;
  /** The main element, ready to hold Aisle's screen or to give the retailer's content back. */
  found: ListingSlot;
  store: RootStore;
  env: StoreEnv;
  life: Lifetime;
  mounted: Mounted;
  /** Aisle's screen is on show (called at each reveal). */
  onShown: () => void;
}

/**
 * Shows Aisle's screen in the main element when it has one; the retailer's content stays until
 * then, and comes back when the screen cannot load or render.
 */
function takeOver({ win, found, store, env, life, mounted, onShown }: TakeOver): Promise<void> {
  let root: Root | null = null;
  let settle: () => void = () => {};
  const settled = new Promise<void>((resolve) => (settle = resolve));
  life.add(() => settle());
  // The route whose rendering failed: the retailer's content stays until the shopper moves on.
  let failedRoute: PageRoute | null = null;
  let warned = false;

  const keepHostContent = (reason: string, url: string, log: boolean): void => {
    found.restore();
    mounted.status = { state: 'kept-host-content', reason };
    // The extension's inspector shows why the page kept its own content.
    env.host.dispatch(DEBUG_EVENT, {
      source: 'search',
      phase: 'error',
      at: env.now(),
      url,
      error: `Aisle kept the page's own content: ${reason}`,
    });
    if (log && !warned) {
      warned = true;
      env.log.warn(
        `[Aisle] the listing could not load (${reason}): the page keeps its own content, and Aisle tries again when the browser is back online or the address changes.`,
      );
    }
  };

  const onRenderFailure = (): void => {
    failedRoute = store.route;
    unstable_forceFrameRate(0);
    // The error boundary has logged the error itself.
    keepHostContent('the listing could not be rendered', '', false);
    settle();
  };

  const shown = (): void => {
    // Later renders (new results) go back to React's short slices, which answer input sooner.
    unstable_forceFrameRate(0);
    if (life.ended) return;
    found.show();
    mounted.status = { state: 'shown', reason: null };
    onShown();
    settle();
  };

  const reveal = (): void => {
    if (life.ended || !store.hasScreen || store.route === failedRoute) return;
    if (root) {
      // The screen is already rendered into the container: the observers bring it up to date.
      shown();
      return;
    }
    preloadScreen(store);
    const created = createRoot(found.container);
    root = created;
    // The first render runs in slices that give the main thread back between them (a transition),
    // so a phone never meets one long blocking task; the container joins the page at the commit, so
    // the retailer's content stays on show until Aisle's screen replaces it whole. Its slices are
    // long ones, just under what counts as a long task (50 ms): each hand-back costs a phone a few
    // milliseconds, and the first render is when the shopper waits for the grid.
    unstable_forceFrameRate(FIRST_RENDER_FPS);
    startTransition(() => created.render(createElement(GuardedAisleRoot, { store, onRenderFailure, onCommit: shown })));
  };

  let loading = false;
  const load = (): void => {
    // Once Aisle's screen is on show, a page moved to in place loads (or is left to the browser) on its own.
    if (loading || life.ended || store.hasScreen || found.shown) return;
    loading = true;
    store
      .loadScreen()
      .catch((error: unknown) => ({ url: '', reason: error instanceof Error ? error.message : String(error) }))
      .then((failure) => {
        loading = false;
        if (!life.ended && failure && !store.hasScreen) keepHostContent(failure.reason, failure.url, true);
      });
  };

  life.add(() => {
    unstable_forceFrameRate(0);
    root?.unmount();
    found.restore();
  });
  // Data arriving later (a retry, back/forward, an in-place move) or a new route shows the screen.
  life.add(reaction(() => [store.hasScreen, store.route] as const, reveal, { equals: comparer.shallow }));
  const onOnline = (): void => load();
  win.addEventListener('online', onOnline);
  life.add(() => win.removeEventListener('online', onOnline));
  if (store.hasScreen) reveal();
  else {
    load();
    settle();
  }
  return settled;
}
