import { createContext, useContext, type ReactNode } from 'react';
import type { RootStore } from '../stores/RootStore.js';

const StoreContext = createContext<RootStore | null>(null);

/** Makes the RootStore available to every component below. */
export function StoreProvider({ store, children }: { store: RootStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The one way components reach the stores: no component imports a store instance, so tests can hand in their own. */
export function useStores(): RootStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStores() outside <StoreProvider>');
  return store;
}
