import { createContext, useContext, type ReactNode } from 'react';
import { partClasses, type CustomizablePart, type PartClasses } from '../core/customization.js';
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

/** The retailer's classes per part, for the shared views. */
export function usePartClasses(): PartClasses | undefined {
  return useStores().context.config.customization?.classes;
}

/** Aisle's own class, then the retailer's of each part the element is: `cx('button', 'aisle-drawer__close')`. */
export function usePartClass(): (parts: CustomizablePart | readonly CustomizablePart[], own: string) => string {
  const classes = usePartClasses();
  return (parts, own) => partClasses(classes, own, ...(typeof parts === 'string' ? [parts] : parts));
}
