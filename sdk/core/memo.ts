/**
 * Remembers the results of a pure function of strings. Aisle checks and resolves the same addresses
 * over and over (every card, crumb and related page at each render, every product URL in each reply),
 * and the URL parser behind those checks is the costliest call a click makes on a slow phone. The
 * arguments are the key, whole and unambiguous; past `limit` entries the memory starts afresh.
 */
export function memoStrings<A extends string[], R>(fn: (...args: A) => R, limit = 2000): (...args: A) => R {
  const results = new Map<string, R>();
  return (...args: A): R => {
    const key = JSON.stringify(args);
    if (results.has(key)) return results.get(key) as R;
    const result = fn(...args);
    if (results.size >= limit) results.clear();
    results.set(key, result);
    return result;
  };
}
