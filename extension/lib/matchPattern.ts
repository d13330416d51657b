/**
 * Browser match patterns, matched the way Chrome and Firefox match a content script's: the path pattern
 * covers the query too (never the fragment), the port counts when named (Chrome), and `?` is a literal.
 * Every scope decision goes through `matchesUrl`, so none disagrees with what the browser injected.
 */

/** A match pattern read into its parts. */
export interface MatchPattern {
  /** `*` (http or https), or one scheme. */
  scheme: string;
  /** `*`, `*.example.com` or an exact host name (lower case). */
  host: string;
  /** The port, `*`, or null when the pattern names none (then every port matches). */
  port: string | null;
  /** The path pattern, starting with "/". */
  path: string;
  pathRegExp: RegExp;
}

const PATTERN = /^(\*|https?):\/\/(\*|\*\.[^/*:]+|[^/*:]+)(?::(\*|\d{1,5}))?(\/.*)$/;
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** `path` (a glob of literal characters and `*`) as an anchored regular expression. */
export function globRegExp(path: string): RegExp {
  const source = path
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
    .join('[^]*');
  return new RegExp(`^${source}$`);
}

/** Reads an http(s) match pattern, or null when the browser would refuse it. */
export function parseMatchPattern(text: string): MatchPattern | null {
  const parts = PATTERN.exec(text);
  if (!parts) return null;
  const [, scheme, host, port, path] = parts as unknown as [string, string, string, string | undefined, string];
  return { scheme, host: host.toLowerCase(), port: port ?? null, path, pathRegExp: globRegExp(path) };
}

/** True when `url` is matched by `pattern` (parsed, or as text), as the browser would match it. */
export function matchesUrl(pattern: MatchPattern | string, url: string | URL): boolean {
  const p = typeof pattern === 'string' ? parseMatchPattern(pattern) : pattern;
  if (!p) return false;
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : url;
  } catch {
    return false;
  }
  const scheme = parsed.protocol.slice(0, -1);
  if (!(scheme in { http: 1, https: 1 })) return false;
  if (p.scheme !== '*' && p.scheme !== scheme) return false;
  const host = parsed.hostname;
  if (p.host !== '*') {
    if (p.host.startsWith('*.')) {
      const domain = p.host.slice(2);
      if (host !== domain && !host.endsWith(`.${domain}`)) return false;
    } else if (p.host !== host) return false;
  }
  if (p.port !== null && p.port !== '*') {
    const port = parsed.port || DEFAULT_PORTS[parsed.protocol];
    if (Number(p.port) !== Number(port)) return false;
  }
  return p.pathRegExp.test(pathAndQuery(parsed));
}

/**
 * The path and query of `url` as the browser matches them: from the first "/" after the host to
 * the fragment, a bare trailing "?" included (WHATWG's `search` would drop it, Chrome does not).
 */
export function pathAndQuery(url: URL): string {
  const { href } = url;
  const start = href.indexOf('/', url.protocol.length + 2);
  const hash = href.indexOf('#', start);
  return href.slice(start, hash === -1 ? undefined : hash);
}
