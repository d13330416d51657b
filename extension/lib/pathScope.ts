/**
 * The path patterns the preview may take over (a site is more than its listings). Every decision asks
 * `urlInSiteScope`, which matches the registration's patterns the browser's way, so none disagrees with what
 * was injected. A text with any invalid line takes over nothing: an exclusion must never be skipped.
 */
import { matchesUrl } from './matchPattern.js';

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

/** Reads pattern text; a line that is not a path pattern is reported. */
export function parsePathPatterns(text: string): PathScope {
  const scope: PathScope = { include: [], exclude: [], errors: [] };
  for (const raw of text.slice(0, MAX_PATTERNS_CHARS).split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const excluded = line.startsWith('!');
    const path = excluded ? line.slice(1).trim() : line;
    // The browser matches the path and the query ("?" is literal); it never sees the fragment.
    if (!path.startsWith('/') || /[\s#]/.test(path)) {
      scope.errors.push(`"${line.slice(0, 80)}" is not a path pattern: start it with "/" (e.g. /maple/*), without "#"`);
      continue;
    }
    (excluded ? scope.exclude : scope.include).push(path);
  }
  if (scope.include.length === 0 && scope.errors.length === 0)
    scope.errors.push('no path is taken over: add at least one pattern such as /maple/*');
  return scope;
}

/**
 * The match-pattern host of an origin. A pattern without a port matches EVERY port, so the port is
 * always written out (`:443` matches an https URL that leaves it implicit). Firefox's patterns
 * take no port: there the relay's own origin check is what keeps other ports alone.
 */
export function patternHost(origin: string, withPort: boolean): string | null {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return `${url.protocol}//${url.hostname}${withPort ? `:${port}` : ''}`;
  } catch {
    return null;
  }
}

/** The browser match patterns of one site: taken over, left alone, and why none when the text is invalid. */
export interface SiteMatchPatterns {
  matches: string[];
  excludeMatches: string[];
  errors: string[];
}

/** The match patterns of the site at `origin` for pattern text `patterns` (none when any line is invalid). */
export function siteMatchPatterns(origin: string, patterns: string, withPort = true): SiteMatchPatterns {
  const scope = parsePathPatterns(patterns);
  const host = patternHost(origin, withPort);
  if (!host || scope.errors.length > 0) return { matches: [], excludeMatches: [], errors: scope.errors };
  return {
    matches: scope.include.map((path) => `${host}${path}`),
    excludeMatches: scope.exclude.map((path) => `${host}${path}`),
    errors: [],
  };
}

/** True when the browser injects the preview registered for `origin` and `patterns` into `url`. */
export function urlInSiteScope(origin: string, patterns: string, url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.origin !== origin) return false;
  const { matches, excludeMatches } = siteMatchPatterns(origin, patterns);
  const hit = (list: string[]) => list.some((p) => matchesUrl(p, parsed));
  return hit(matches) && !hit(excludeMatches);
}
