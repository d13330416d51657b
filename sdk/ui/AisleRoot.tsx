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

/** Starts loading the next screen's code, so it is not discovered late. */
export function preloadScreen(store: RootStore): void {
  if (store.sitemap || store.route.screen === 'vsm') loadVsm().catch(() => undefined);
  else preloadDlpSections();
}

/** Aisle's whole UI; `onRenderFailure` lets the mount give the host its own content back. */
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

/** A last error boundary: a failure in AisleRoot itself would otherwise reach the host page's error handlers. */
export const GuardedAisleRoot = observer(function GuardedAisleRoot({
  store,
  onRenderFailure,
  onCommit,
}: {
  store: RootStore;
  onRenderFailure?: () => void;
  /** Called at commit, before paint: the mount swaps its container in here, so the page never shows an empty box. */
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
 * Tells the mount the screen was committed; first among its siblings, so its layout effect runs
 * before theirs (they may measure). A failed screen is never committed, so never swapped in.
 */
function Committed({ onCommit }: { onCommit: () => void }): null {
  useLayoutEffect(() => onCommit(), [onCommit]);
  return null;
}

/** Keeps Aisle's render failures inside Aisle: logged once (and so reported), never reaching the host's handlers. */
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
