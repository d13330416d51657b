import { createContext } from 'react';

/**
 * False while the grid still shows the previous results and the new ones are being rendered (they
 * reach it in an interruptible render). The infinite-scroll sentinel waits for it: until the new
 * cards are in, it sits where the old list ended and would ask for yet another page.
 */
export const GridCurrent = createContext(true);
