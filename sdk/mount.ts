import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { hasMessages, localeOf, registerMessages } from './core/messages.js';
import { readRenderContext } from './core/normalize.js';
import { browserEnv } from './host/browserEnv.js';
import { DeferredHead } from './host/deferredHead.js';
import { whenIdle } from './host/idle.js';
import { listenPopState } from './host/popState.js';
import { waitForElement } from './host/mainElement.js';
import { watchViewport } from './host/viewport.js';
import { RootStore } from './stores/RootStore.js';
import { AisleRoot } from './ui/AisleRoot.js';
import type { AnalyticsConnection } from './analytics/wire.js';
import { ErrorReports } from './integrations/errorReports.js';

/** A mounted Aisle: its stores and the cleanup that leaves the page as it was found. */
export interface Mounted {
  store: RootStore;
  /** The analytics connection once it has loaded (after the first render), else null. */
  analytics: AnalyticsConnection | null;
  unmount(): void;
}

/**
 * Mounts Aisle for a raw render context: validates it, builds the stores, installs the host
 * adapters (each returning its cleanup) and renders into `config.mainSelector` once it exists.
 * Resolves with the mounted instance after the first render, or null when the context is unusable.
 */
export async function mountAisle(raw: unknown, win: Window & typeof globalThis = window): Promise<Mounted | null> {
  const read = readRenderContext(raw);
  if (!read.ok) {
    win.console.warn(`[Aisle] the render context is not usable (${read.error}): Aisle is not started.`);
    return null;
  }
  const { context } = read;
  // Only English ships with the first render; a French page loads its catalogue first.
  if (localeOf(context) === 'fr' && !hasMessages('fr')) {
    registerMessages('fr', (await import('./core/messages.fr.js')).fr);
  }
  const doc = win.document;
  let container: HTMLElement | null = null;
  const head = new DeferredHead();
  const env = browserEnv(win, () => container, head);
  // Every error Aisle logs is also an error report (sent only where error reporting is configured).
  const errors = new ErrorReports();
  env.log = errors.logThrough(env.log);
  const store = new RootStore(env, context, win.innerWidth);
  const cleanups: Array<() => void> = [];
  cleanups.push(listenPopState(win, () => store.onPopState()));
  cleanups.push(watchViewport(win, (width) => store.viewport.setWidth(width)));
  let unmounted = false;
  const mounted: Mounted = {
    store,
    analytics: null,
    unmount() {
      unmounted = true;
      cleanups
        .splice(0)
        .reverse()
        .forEach((cleanup) => cleanup());
      store.dispose();
      env.timers.dispose();
    },
  };
  return new Promise((resolve) => {
    const selector = context.config.mainSelector ?? 'main';
    cleanups.push(
      waitForElement(
        doc,
        selector,
        env.timers,
        (main) => {
          const previous = [...main.childNodes];
          container = doc.createElement('div');
          container.className = 'aisle-mount';
          main.replaceChildren(container);
          const root = createRoot(container);
          flushSync(() => root.render(createElement(AisleRoot, { store })));
          cleanups.push(() => {
            root.unmount();
            main.replaceChildren(...previous);
          });
          if (!store.sitemap && !store.search.response) void store.dlp.loadFirst();
          resolve(mounted);
          // Head tags, the history guard and body scripts act around the listing: they follow it.
          import('./host/pageAdapters.js')
            .then(({ installPageAdapters }) => {
              if (unmounted) return;
              const adapters = installPageAdapters(win, env.timers);
              head.attach(adapters.head);
              cleanups.push(adapters.cleanup);
            })
            .catch((error: unknown) => env.log.error('[Aisle] page adapters could not load:', error));
          // Analytics loads right after the first render; if its chunk cannot load (offline), it
          // tries again when the browser is back online, and its intents wait in the tracker.
          const loadAnalytics = (): void => {
            import('./analytics/wire.js')
              .then(({ connectAnalytics }) => {
                if (unmounted) return;
                const connection = connectAnalytics(store, win);
                mounted.analytics = connection;
                cleanups.push(() => connection.dispose());
              })
              .catch((error: unknown) => {
                env.log.error('[Aisle] analytics could not load; retrying when online:', error);
                if (unmounted) return;
                win.addEventListener('online', loadAnalytics, { once: true });
                cleanups.push(() => win.removeEventListener('online', loadAnalytics));
              });
          };
          loadAnalytics();
          // The integrations wait for the first idle moment after the first paint.
          cleanups.push(
            whenIdle(win, env.timers, () => {
              // Integrations (error reports, click analytics, experiments) follow too, only when configured.
              const { errorReportingDsn, clickAnalytics, experiments } = context.config;
              if (!errorReportingDsn && !clickAnalytics && !experiments) errors.disable();
              else
                import('./integrations/connect.js')
                  .then(({ connectIntegrations }) => {
                    if (unmounted) return;
                    const connection = connectIntegrations(store, errors, win);
                    cleanups.push(() => connection.dispose());
                  })
                  .catch(() => {
                    errors.disable();
                    win.console.warn('[Aisle] integrations could not load: they stay off on this page.');
                  });
            }),
          );
        },
        win.console,
      ),
    );
  });
}
