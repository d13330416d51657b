import { observer } from 'mobx-react-lite';
import { Component, lazy, Suspense, useLayoutEffect, type MouseEvent, type ReactNode } from 'react';
import { createRoot } from '../views/listing.js';
import { reactRenderer } from './renderer.js';
import type { RootStore } from '../stores/RootStore.js';
import { Dlp, preloadDlpSections } from './dlp/Dlp.js';
import { FocusKeeper } from './dlp/FocusKeeper.js';
import { VsmLoading } from './vsm/VsmLoading.js';
import { StoreProvider } from './StoreContext.js';

const rootView = createRoot(reactRenderer);

// The sitemap is another route: DLP pages never load its code.
const loadVsm = () => import('./vsm/Vsm.js');
const Vsm = lazy(() => loadVsm().then((m) => ({ default: m.Vsm })));

/** Starts loading the code the screen about to be rendered will ask for, so it is not discovered late. */
export function preloadScreen(store: RootStore): void {
  if (store.sitemap || store.route.screen === 'vsm') loadVsm().catch(() => undefined);
  else preloadDlpSections();
}

/**
 * Aisle's whole UI inside the host's main element (its stylesheet is `aisle.css`, see
 * sdk/ui/stylesheet.ts). `onRenderFailure` hears when a screen could not be rendered, so that the
 * mount can give the host its own content back.
 */
export const AisleRoot = observer(function AisleRoot({
  store,
  onRenderFailure,
}: {
  store: RootStore;
  onRenderFailure?: () => void;
}) {
  return (
    <StoreProvider store={store}>
      {rootView({
        lang: store.locale,
        classes: store.context.config.customization?.classes,
        // Links to other Aisle screens (sitemap, related pages, breadcrumbs) are followed in place.
        onClick: (event: MouseEvent<HTMLDivElement>) => followInPlace(store, event),
        screen: (
          <ErrorBoundary key={store.route.page} log={store.env.log} onFailure={onRenderFailure}>
            {store.sitemap ? (
              <Suspense fallback={null}>
                <Vsm data={store.sitemap} />
              </Suspense>
            ) : store.route.screen === 'vsm' && !store.search.response ? (
              // A sitemap page that came without data: its data loads (no product search for it).
              store.sitemapLoading ? (
                <VsmLoading heading={store.messages.popularCategories} label={store.messages.loading} />
              ) : null
            ) : (
              // A new page starts its own sections afresh (similar products, related list, drawer).
              <Dlp key={store.route.page} />
            )}
          </ErrorBoundary>
        ),
        marker: <FocusKeeper />,
      })}
    </StoreProvider>
  );
});

/**
 * AisleRoot behind a last error boundary: a failure outside the screens (in AisleRoot itself)
 * would otherwise unmount everything and reach the host page's error handlers.
 */
export const GuardedAisleRoot = observer(function GuardedAisleRoot({
  store,
  onRenderFailure,
  onCommit,
}: {
  store: RootStore;
  onRenderFailure?: () => void;
  /**
   * Called when a screen has been committed, before the browser paints it and before the screen's
   * own layout effects run: the mount swaps Aisle's container into the page here, so the retailer's
   * content stays on show while Aisle renders, and is never replaced by an empty box.
   */
  onCommit?: () => void;
}) {
  return (
    // Like the screens' own boundary, it starts afresh on the next page.
    <ErrorBoundary key={store.route.page} log={store.env.log} onFailure={onRenderFailure}>
      {onCommit ? <Committed onCommit={onCommit} /> : null}
      <AisleRoot store={store} onRenderFailure={onRenderFailure} />
    </ErrorBoundary>
  );
});

/**
 * Renders nothing; tells the mount that the screen beside it was committed. It comes first among
 * its siblings, so its layout effect runs before theirs (they may measure the page). A screen
 * that fails to render is never committed, so the retailer's content is never swapped out for it.
 */
function Committed({ onCommit }: { onCommit: () => void }): null {
  useLayoutEffect(() => onCommit(), [onCommit]);
  return null;
}

/**
 * Keeps a failure of Aisle's own rendering inside Aisle: it is logged once (and so reported, see
 * sdk/integrations/errorReports.ts) instead of reaching the host page's error handlers, and
 * `onFailure` lets the mount put the host's own content back until the next page.
 */
class ErrorBoundary extends Component<
  { log: { error(...args: unknown[]): void }; onFailure?: (() => void) | undefined; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.log.error('[Aisle] the listing could not be shown:', error);
    try {
      this.props.onFailure?.();
    } catch {
      /* giving the host its content back must not fail the page a second time */
    }
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** Follows a plain click on a link to another Aisle route without a full page load. */
function followInPlace(store: RootStore, event: MouseEvent<HTMLDivElement>): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  const anchor = (event.target as Element).closest('a[href]');
  if (
    !(anchor instanceof HTMLAnchorElement) ||
    (anchor.target && anchor.target !== '_self') ||
    anchor.hasAttribute('download')
  )
    return;
  if (!store.handlesLink(anchor.href)) return;
  event.preventDefault();
  void store.navigate(anchor.href);
}
