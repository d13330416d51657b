/**
 * mobx-react-lite imports `use-sync-external-store/shim` to support React 16 and 17; Aisle runs on
 * React 18, which has the hook itself, so the build points that import here (a few hundred bytes
 * fewer in the first render).
 */
export { useSyncExternalStore } from 'react';
