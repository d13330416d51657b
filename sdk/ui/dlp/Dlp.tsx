import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useDeferredValue, type ReactElement } from 'react';
import { createListing } from '../../views/listing.js';
import { reactRenderer } from '../renderer.js';
import { ProductGrid } from '../product/ProductGrid.js';
import { SelectedChips } from '../filters/Chips.js';
import { usePartClass, useStores } from '../StoreContext.js';
import { Breadcrumbs, Heading } from './Breadcrumbs.js';
import { GridCurrent, gridDimmed } from './gridState.js';
import { NotFound } from './NotFound.js';
import { Toolbar } from './Toolbar.js';
import { Skeleton } from './Skeleton.js';

const listingView = createListing(reactRenderer);

// The drawer is not part of the first render: it loads when the shopper first opens it.
const Drawer = lazy(() => import('../filters/Drawer.js'));
// Everything below the grid (paging, similar products, related items, SEO text, structured data)
// is below the fold: it follows the first paint by a moment instead of weighing on it.
const loadBelowFold = () => import('./BelowFold.js');
const BelowFold = lazy(loadBelowFold);

/**
 * Starts loading the below-the-fold sections while the first screen renders, instead of when the
 * render reaches them: on a mobile network their chunk then arrives about when the grid is shown.
 * A failure is left to the lazy component, which meets it when it renders.
 */
export function preloadDlpSections(): void {
  loadBelowFold().catch(() => undefined);
}
// Only auto-parts tenants have a vehicle selector.
const VehicleSelector = lazy(() => import('./VehicleSelector.js').then((m) => ({ default: m.VehicleSelector })));

/** The DLP category page, its sections in the documented order; a section without data is left out. */
export const Dlp = observer(function Dlp() {
  const { dlp, search, drawer, context, messages: m } = useStores();
  const cx = usePartClass();
  const data = dlp.data;
  // New results reach the grid in an interruptible render: the frame that answers a click (the
  // pressed filter, the dimmed grid) is painted without waiting for 48 new cards, and building
  // them never holds the main thread in one long task. The grid stays dimmed until they are in.
  const products = useDeferredValue(data?.products);
  // The grid dims in the render after the one that answers the click (the pressed control): dimming
  // restyles every card, which would hold up that first frame.
  const replacing = useDeferredValue(search.loading && search.refresh);
  // The chips follow in that render too: a first chip row pushes the whole grid down, and moving and
  // repainting every card would hold up the frame that shows the pressed option. So do the toolbar's
  // counts: the pressed option is the answer to the click, the badges that sum it up can follow.
  const shownState = useDeferredValue(dlp.state);
  if (!data) return search.loading ? <Skeleton label={m.loading} /> : null;
  if (data.pageNotFound) {
    return <NotFound html={data.notFoundHtmlElement} />;
  }
  const shown = products ?? data.products;
  const current = shown === data.products;
  const busy = gridDimmed(shown, data.products, replacing && search.loading);
  return listingView({
    breadcrumbs: <Breadcrumbs position="top" />,
    heading: <Heading text={data.h1_header} />,
    vehicle: context.config.vehicleSelector ? (
      <Suspense fallback={<div className="aisle-vehicle aisle-vehicle--loading" />}>
        <VehicleSelector />
      </Suspense>
    ) : null,
    toolbar: <Toolbar state={shownState} />,
    chips: <SelectedChips state={shownState} />,
    results:
      shown.length > 0 ? (
        <ProductGrid products={shown} label={m.products} hook="grid" busy={busy} updating={!current} />
      ) : (
        <div className="aisle-empty">
          <p>{m.noResults}</p>
          {dlp.selectedCount > 0 ? (
            <button type="button" className={cx('button', 'aisle-button')} onClick={() => dlp.clearFilters()}>
              {m.clearFilters}
            </button>
          ) : null}
        </div>
      ),
    belowFold: (
      <GridCurrent.Provider value={current}>
        <Suspense fallback={null}>
          <BelowFold />
        </Suspense>
      </GridCurrent.Provider>
    ),
    drawer: drawer.visible ? (
      <Suspense fallback={null}>
        <Drawer />
      </Suspense>
    ) : null,
  }) as ReactElement;
});
