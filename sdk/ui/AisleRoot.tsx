import { observer } from 'mobx-react-lite';
import { Component, lazy, Suspense, type MouseEvent, type ReactNode } from 'react';
import type { RootStore } from '../stores/RootStore.js';
import { Dlp } from './dlp/Dlp.js';
import { StoreProvider } from './StoreContext.js';

// The sitemap is another route: DLP pages never load its code.
const Vsm = lazy(() => import('./vsm/Vsm.js').then((m) => ({ default: m.Vsm })));

/** Aisle's whole UI inside the host's main element (its stylesheet is `aisle.css`, see sdk/ui/stylesheet.ts). */
export const AisleRoot = observer(function AisleRoot({ store }: { store: RootStore }) {
  return (
    <StoreProvider store={store}>
      {/* Links to other Aisle screens (sitemap, related pages, breadcrumbs) are followed in place. */}
      <div
        className="aisle-root"
        lang={store.locale === 'fr' ? 'fr' : 'en'}
        onClick={(event) => followInPlace(store, event)}
      >
        <ErrorBoundary key={store.route.page} log={store.env.log}>
          {store.sitemap ? (
            <Suspense fallback={null}>
              <Vsm data={store.sitemap} />
            </Suspense>
          ) : (
            // A new page starts its own sections afresh (similar products, related list, drawer).
            <Dlp key={store.route.page} />
          )}
        </ErrorBoundary>
      </div>
    </StoreProvider>
  );
});

/**
 * Keeps a failure of Aisle's own rendering inside Aisle: it is logged (and so reported, see
 * sdk/integrations/errorReports.ts) instead of reaching the host page's error handlers, and the
 * listing area is left empty until the next page.
 */
class ErrorBoundary extends Component<
  { log: { error(...args: unknown[]): void }; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    this.props.log.error('[Aisle] the listing could not be shown:', error);
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
