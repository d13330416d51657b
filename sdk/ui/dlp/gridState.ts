import { createContext } from 'react';
import type { Product } from '../../core/types.js';

/** False while new results are still rendering: the sentinel waits, or it would ask for yet another page. */
export const GridCurrent = createContext(true);

/** Whether the grid is dimmed while results are replaced; loading more of the same list dims nothing. */
export function gridDimmed(shown: readonly Product[], latest: readonly Product[], replacing: boolean): boolean {
  return replacing || (shown !== latest && !extendsList(latest, shown));
}

/** True when `longer` starts with every product of `shorter`, as loading more of a list does. */
function extendsList(longer: readonly Product[], shorter: readonly Product[]): boolean {
  return longer.length > shorter.length && shorter.every((product, index) => longer[index] === product);
}
