import { observer } from 'mobx-react-lite';
import type { RootStore } from '../stores/RootStore.js';
import { Dlp } from './dlp/Dlp.js';
import { StoreProvider } from './StoreContext.js';
import { Vsm } from './vsm/Vsm.js';

/** Aisle's whole UI inside the host's main element (its stylesheet is `aisle.css`, see sdk/ui/stylesheet.ts). */
export const AisleRoot = observer(function AisleRoot({ store }: { store: RootStore }) {
  return (
    <StoreProvider store={store}>
      <div className="aisle-root" lang={store.locale === 'fr' ? 'fr' : 'en'}>
        {store.sitemap ? (
          <Vsm data={store.sitemap} />
        ) : (
          <Dlp />
        )}
      </div>
    </StoreProvider>
  );
});
