/**
 * The one rule for every address Aisle writes into an `href` (or a CSS `url()`): it must lead to a
 * web page. Link targets come from responses, sitemaps and the render context, so any of them may be
 * `javascript:`, `data:` or a string crafted to look like a path to a naive check but read as a
 * script URL by the browser. Rather than guess how the browser will read it, we ask the same parser
 * the browser uses (the WHATWG `URL` parser) and keep only what it reads as http or https.
 */
import { memoStrings } from './memo.js';

const WEB_SCHEMES = new Set(['http:', 'https:']);
const ROOT_PATH = /^\/(?![/\\])[^\\]*$/;
const WEB_BASE = /^https?:\/\//i;

/**
 * `url` as a safe link target, or '' when it is not one. `base` is the address relative links
 * resolve against: the page's URL, or just its origin. Pass it in from the host environment.
 *
 * - http(s) URLs and relative URLs that resolve to http(s) against `base` (`boots`, `/maple/boots`,
 *   `?page=2`, `#top`, `//cdn.example/x`) pass as written, trimmed. One holding a backslash comes
 *   back as the parser read it (`\\evil.example` → `http://evil.example/`), so no reader can take it
 *   for a path.
 * - Everything else gives '': other schemes, strings with control characters (browsers drop tabs
 *   and newlines inside a scheme, so `java\tscript:` would run), whitespace-only, non-strings.
 *
 * Apply it to the final string that lands in `href`, after any locale suffix or joining.
 */
export function safeHref(url: unknown, base: string): string {
  return typeof url === 'string' ? checkedHref(url, base) : '';
}

const checkedHref = memoStrings((url: string, base: string): string => {
  const text = url.trim();
  if (text === '' || hasControlCharacter(text)) return '';
  // A path from the root of a web page's own site (one slash, then no slash or backslash) is a web
  // address whatever follows: the parser need not be asked (a listing has dozens of these).
  if (ROOT_PATH.test(text) && WEB_BASE.test(base)) return text;
  const parsed = parseUrl(text, base);
  if (parsed === null || !WEB_SCHEMES.has(parsed.protocol)) return '';
  // The parser reads a string the same way against any web page, so the text we checked is kept as
  // written; only backslashes, which it reads as slashes, are replaced by its reading.
  return text.includes('\\') ? parsed.href : text;
});

/**
 * The tenant's route root from the render context (`/maple`, `/en-ca/shop`), or '' when it is not a
 * plain absolute path. Every Aisle route and both Home crumbs are built on it, so a base such as
 * `javascript:…;/1` or `//evil.example` must never reach them: it is dropped and routes start at the
 * site root. Trailing slashes go (routes are joined as `${base}/${page}`).
 */
export function routeBase(value: string): string {
  const base = value.trim().replace(/\/+$/, '');
  // Segments of anything but separators, whitespace, controls, query and fragment marks; the
  // first character must be a single slash (two would name another host).
  return /^(?:\/[^/\\?#\s\p{Cc}]+)*$/u.test(base) ? base : '';
}

function parseUrl(text: string, base: string): URL | null {
  try {
    return new URL(text, base);
  } catch {
    // An unusable base still lets absolute URLs through the check.
    try {
      return new URL(text);
    } catch {
      return null;
    }
  }
}

/** True when `text` holds a C0 control character or DEL, which browsers strip inside schemes. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
