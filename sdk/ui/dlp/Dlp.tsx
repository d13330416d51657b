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
// Below the fold: it follows the first paint by a moment instead of weighing on it.
const loadBelowFold = () => import('./BelowFold.js');
const BelowFold = lazy(loadBelowFold);

/** Loads the below-the-fold chunk while the first screen renders, so on a mobile network it lands with the grid. */
export function preloadDlpSections(): void {
  loadBelowFold().catch(() => undefined);
}
const VehicleSelector = lazy(() => import('./VehicleSelector.js').then((m) => ({ default: m.VehicleSelector })));

/** The DLP category page; a section without data is left out. */
export const Dlp = observer(function Dlp() {
  const { dlp, search, drawer, context, messages: m } = useStores();
  const cx = usePartClass();
  const data = dlp.data;
  // An interruptible render: the frame answering a click never waits for 48 new cards.
  const products = useDeferredValue(data?.products);
  // The grid dims in the render after the one that answers the click (the pressed control): dimming
  // restyles every card, which would hold up that first frame.
  const replacing = useDeferredValue(search.loading && search.refresh);
  // Chips and counts follow too: a first chip row moves every card, which would hold up the pressed option's frame.
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
