/**
 * Which pages of an enabled site the preview may take over. A retailer's site is more than its
 * listings (product pages, cart, checkout), so the preview is limited to path patterns: one per
 * line, `*` matching anything (slashes included), a leading `!` excluding. By default they are
 * the tenant's listing paths: `{base}/*` without the product pages `{base}/p/*`.
 */

/** Patterns split into the paths that are taken over and the ones that are left alone. */
export interface PathScope {
  include: string[];
  exclude: string[];
  errors: string[];
}

/** Longest pattern text kept (a handful of lines). */
export const MAX_PATTERNS_CHARS = 2000;

/** The default patterns of a tenant whose listings live under `base`. */
export function defaultPathPatterns(base: string): string {
  const root = base.replace(/\/+$/, '');
  return `${root}/*\n!${root}/p/*`;
}

/** Reads pattern text; a line that is not a path is reported and ignored. */
export function parsePathPatterns(text: string): PathScope {
  const scope: PathScope = { include: [], exclude: [], errors: [] };
  for (const raw of text.slice(0, MAX_PATTERNS_CHARS).split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const excluded = line.startsWith('!');
    const path = excluded ? line.slice(1).trim() : line;
    // Match patterns allow neither a query nor a fragment, and the path must start with "/".
    if (!path.startsWith('/') || /[\s?#]/.test(path)) {
      scope.errors.push(`"${line.slice(0, 80)}" is not a path pattern: start it with "/" (e.g. /maple/*)`);
      continue;
    }
    (excluded ? scope.exclude : scope.include).push(path);
  }
  if (scope.include.length === 0 && scope.errors.length === 0)
    scope.errors.push('no path is taken over: add at least one pattern such as /maple/*');
  return scope;
}

function globMatches(pattern: string, path: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path);
}

/** True when `pathname` is taken over under `scope`. */
export function pathInScope(scope: PathScope, pathname: string): boolean {
  return scope.include.some((p) => globMatches(p, pathname)) && !scope.exclude.some((p) => globMatches(p, pathname));
}
