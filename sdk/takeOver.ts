/** Aisle's screen takes the main element only when it has one; the retailer's content comes back on failure. */
import { comparer, reaction } from 'mobx';
import { createElement, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { unstable_forceFrameRate } from 'scheduler';
import { DEBUG_EVENT } from './contract.js';
import type { PageRoute } from './core/types.js';
import type { Lifetime } from './host/lazy.js';
import type { ListingSlot } from './host/listingSlot.js';
import type { StoreEnv } from './ports/env.js';
import type { RootStore } from './stores/RootStore.js';
import { GuardedAisleRoot, preloadScreen } from './ui/AisleRoot.js';
import { BROWSER_ONLY } from './views/ids.js';

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
  /**
   * What became of the retailer's server render: `adopted` (its elements are the app's), `redrawn`
   * (React drew a part of it again: it did not match), absent when the page came without one.
   */
  serverMarkup?: 'adopted' | 'redrawn';
}

/**
 * 1000/33 = 30 ms slices for the first render (see takeOver): a slice ends at the first component
 * past its deadline, and React's own work and the garbage collection follow it in the same task, so
 * 40 ms slices still made tasks of 54 to 61 ms at 4× CPU.
 */
const FIRST_RENDER_FPS = 33;

/** What the take-over of the main element works with. */
export interface TakeOver {
  win: Window;
  /** The main element, ready to hold Aisle's screen or to give the retailer's content back. */
  found: ListingSlot;
  store: RootStore;
  env: StoreEnv;
  life: Lifetime;
  /** Where the take-over says what it did with the main element. */
  mounted: { status: MountStatus };
  /** Aisle's screen is on show (called at each reveal). */
  onShown: () => void;
}

/** Shows Aisle's screen in the main element once it has one. */
export function takeOver(options: TakeOver): Promise<void> {
  return new ScreenTakeOver(options).settled;
}

/** One take-over: the React root once made, and what it remembers of failures and loads. */
class ScreenTakeOver {
  /** Resolves once the screen is on show, or the retailer's content was kept, or the mount ended. */
  readonly settled: Promise<void>;
  readonly #o: TakeOver;
  #settle: () => void = () => {};
  #root: Root | null = null;
  /** The route whose rendering failed: the retailer's content stays until the shopper moves on. */
  #failedRoute: PageRoute | null = null;
  #warned = false;
  #mismatches = 0;
  #loading = false;

  constructor(options: TakeOver) {
    this.#o = options;
    const { win, found, store, life } = options;
    this.settled = new Promise<void>((resolve) => (this.#settle = resolve));
    life.add(() => this.#settle());
    life.add(() => {
      unstable_forceFrameRate(0);
      // Adopted markup was the page's own content: a still copy of it stays when Aisle goes.
      const still = found.adopt && this.#root ? found.container.cloneNode(true) : null;
      this.#root?.unmount();
      if (still) found.container.replaceChildren(...still.childNodes);
      found.restore();
    });
    // Data arriving later (a retry, back/forward, an in-place move) or a new route shows the screen.
    life.add(
      reaction(
        () => [store.hasScreen, store.route] as const,
        () => this.#reveal(),
        { equals: comparer.shallow },
      ),
    );
    const onOnline = (): void => this.#load();
    win.addEventListener('online', onOnline);
    life.add(() => win.removeEventListener('online', onOnline));
    if (store.hasScreen) this.#reveal();
    else {
      this.#load();
      this.#settle();
    }
  }

  #keepHostContent(reason: string, url: string, log: boolean): void {
    const { found, mounted, env } = this.#o;
    found.restore();
    mounted.status = { ...mounted.status, state: 'kept-host-content', reason };
    // The extension's inspector shows why the page kept its own content.
    env.host.dispatch(DEBUG_EVENT, {
      source: 'search',
      phase: 'error',
      at: env.now(),
      url,
      error: `Aisle kept the page's own content: ${reason}`,
    });
    if (log && !this.#warned) {
      this.#warned = true;
      env.log.warn(
        `[Aisle] the listing could not load (${reason}): the page keeps its own content, and Aisle tries again when the browser is back online or the address changes.`,
      );
    }
  }

  #onRenderFailure = (): void => {
    this.#failedRoute = this.#o.store.route;
    unstable_forceFrameRate(0);
    // The error boundary has logged the error itself.
    this.#keepHostContent('the listing could not be rendered', '', false);
    this.#settle();
  };

  #shown = (): void => {
    const { life, found, mounted, onShown } = this.#o;
    // Later renders (new results) go back to React's short slices, which answer input sooner.
    unstable_forceFrameRate(0);
    if (life.ended) return;
    found.show();
    mounted.status = { ...mounted.status, state: 'shown', reason: null };
    onShown();
    this.#settle();
  };

  #reveal(): void {
    const { life, store, found, mounted } = this.#o;
    if (life.ended || !store.hasScreen || store.route === this.#failedRoute) return;
    if (this.#root) {
      // The screen is already rendered into the container: the observers bring it up to date.
      this.#shown();
      return;
    }
    preloadScreen(store);
    const element = createElement(GuardedAisleRoot, {
      store,
      onRenderFailure: this.#onRenderFailure,
      onCommit: this.#shown,
    });
    // The first render runs in slices that give the main thread back between them (a transition),
    // so a phone never meets one long blocking task; the container joins the page at the commit, so
    // the retailer's content stays on show until Aisle's screen replaces it whole. Its slices are
    // long ones, just under what counts as a long task (50 ms): each hand-back costs a phone a few
    // milliseconds, and the first render is when the shopper waits for the grid.
    unstable_forceFrameRate(FIRST_RENDER_FPS);
    const adopt = found.adopt;
    if (adopt) {
      // The server's markup is on show already: React adopts its elements (hydration) in the same
      // slices, and hears the shopper's presses from now on.
      adopt();
      mounted.status = { ...mounted.status, serverMarkup: 'adopted' };
      startTransition(() => {
        this.#root = hydrateRoot(found.container, element, {
          onRecoverableError: (error, info) =>
            (info as { digest?: string } | undefined)?.digest !== BROWSER_ONLY && this.#redrawn(error),
        });
      });
      return;
    }
    const created = createRoot(found.container);
    this.#root = created;
    startTransition(() => created.render(element));
  }

  /**
   * The server's markup did not match what the app draws: React drew that part afresh (the rest is
   * adopted), and the inspector hears why.
   */
  #redrawn(error: unknown): void {
    const { env, mounted } = this.#o;
    const message = error instanceof Error ? error.message : String(error);
    env.host.dispatch(DEBUG_EVENT, { source: 'server-markup', phase: 'redrawn', at: env.now(), error: message });
    mounted.status = { ...mounted.status, serverMarkup: 'redrawn' };
    if (this.#mismatches++ === 0) env.log.warn(`[Aisle] part of the server's markup was drawn again: ${message}`);
  }

  #load(): void {
    const { life, store, found } = this.#o;
    // Once Aisle's screen is on show, a page moved to in place loads (or is left to the browser) on its own.
    if (this.#loading || life.ended || store.hasScreen || found.shown) return;
    this.#loading = true;
    store
      .loadScreen()
      .catch((error: unknown) => ({ url: '', reason: error instanceof Error ? error.message : String(error) }))
      .then((failure) => {
        this.#loading = false;
        if (!life.ended && failure && !store.hasScreen) this.#keepHostContent(failure.reason, failure.url, true);
      });
  }
}
