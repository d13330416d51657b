import { createContext } from 'react';
import type { Product } from '../../core/types.js';

/**
 * False while the grid still shows the previous results and the new ones are being rendered (they
 * reach it in an interruptible render). The infinite-scroll sentinel waits for it: until the new
 * cards are in, it sits where the old list ended and would ask for yet another page.
 */
export const GridCurrent = createContext(true);

/**
 * Whether the grid is dimmed (and takes no clicks): while a search that replaces the results runs,
 * and while the grid still shows `shown` instead of the `latest` results. More of the same list
 * (infinite scrolling) is not a change of results, so nothing dims while it is added.
 */
export function gridDimmed(shown: readonly Product[], latest: readonly Product[], replacing: boolean): boolean {
  return replacing || (shown !== latest && !extendsList(latest, shown));
}

/** True when `longer` starts with every product of `shorter`, as loading more of a list does. */
function extendsList(longer: readonly Product[], shorter: readonly Product[]): boolean {
  return longer.length > shorter.length && shorter.every((product, index) => longer[index] === product);
}
