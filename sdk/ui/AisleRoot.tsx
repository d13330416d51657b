import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import type { RootStore } from '../stores/RootStore.js';
import { Dlp } from './dlp/Dlp.js';
import { StoreProvider } from './StoreContext.js';

// The sitemap is another route: DLP pages never load its code.
const Vsm = lazy(() => import('./vsm/Vsm.js').then((m) => ({ default: m.Vsm })));

/** Aisle's whole UI inside the host's main element (its stylesheet is `aisle.css`, see sdk/ui/stylesheet.ts). */
export const AisleRoot = observer(function AisleRoot({ store }: { store: RootStore }) {
  return (
    <StoreProvider store={store}>
      <div className="aisle-root" lang={store.locale === 'fr' ? 'fr' : 'en'}>
        {store.sitemap ? (
          <Suspense fallback={null}>
            <Vsm data={store.sitemap} />
          </Suspense>
        ) : (
          <Dlp />
        )}
      </div>
    </StoreProvider>
  );
});
