import { useStores } from './StoreContext.js';
import type { FlagValue, Widen } from '../stores/FeatureFlags.js';

/** A flag's value, or `fallback` until experiments load; call it from an `observer` component. */
export function useFeatureFlag<T extends FlagValue>(name: string, fallback: T): Widen<T> {
  return useStores().flags.value(name, fallback);
}
