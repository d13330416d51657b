import { useStores } from './StoreContext.js';
import type { FlagValue, Widen } from '../stores/FeatureFlags.js';

/**
 * The one way components read a feature flag: its value for this shopper and page, or `fallback`
 * until the experiments client has loaded (or when experiments are off). Call it from an
 * `observer` component: it re-renders when the flag's value arrives or changes.
 */
export function useFeatureFlag<T extends FlagValue>(name: string, fallback: T): Widen<T> {
  return useStores().flags.value(name, fallback);
}
