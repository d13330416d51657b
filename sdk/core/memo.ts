/**
 * Remembers a pure function of strings: the URL parser is the costliest call a click makes on a slow
 * phone, and the same addresses come back at every render. Past `limit` entries it starts afresh.
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
