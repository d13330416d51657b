import { observer } from 'mobx-react-lite';
import type { RootStore } from '../stores/RootStore.js';
import { Dlp } from './dlp/Dlp.js';
import { StoreProvider } from './StoreContext.js';
import { themeStyles } from './styles.js';

/** Aisle's whole UI inside the host's main element. */
export const AisleRoot = observer(function AisleRoot({ store }: { store: RootStore }) {
  return (
    <StoreProvider store={store}>
      <div className="aisle-root" lang={store.locale === 'fr' ? 'fr' : 'en'}>
        <style>{themeStyles}</style>
        <Dlp />
      </div>
    </StoreProvider>
  );
});
