/**
 * Every address Aisle writes into an `href` or `url()` must lead to a web page. Rather than guess how
 * the browser reads a crafted string, we ask its own parser (WHATWG `URL`) and keep only http(s).
 */
import { memoStrings } from './memo.js';

const WEB_SCHEMES = new Set(['http:', 'https:']);
const ROOT_PATH = /^\/(?![/\\])[^\\]*$/;
const WEB_BASE = /^https?:\/\//i;

/**
 * `url` as a safe link target, or ''. A backslash comes back as the parser read it (`\\evil.example`
 * → `http://evil.example/`); control characters give '' (browsers drop tabs in a scheme, so
 * `java\tscript:` would run). Apply it to the final string, after any joining.
 */
export function safeHref(url: unknown, base: string): string {
  return typeof url === 'string' ? checkedHref(url, base) : '';
}

const checkedHref = memoStrings((url: string, base: string): string => {
  const text = url.trim();
  if (text === '' || hasControlCharacter(text)) return '';
  // A root path on a web page's own site is a web address whatever follows (a listing has dozens).
  if (ROOT_PATH.test(text) && WEB_BASE.test(base)) return text;
  const parsed = parseUrl(text, base);
  if (parsed === null || !WEB_SCHEMES.has(parsed.protocol)) return '';
  // Kept as written, except backslashes, which the parser reads as slashes.
  return text.includes('\\') ? parsed.href : text;
});

/**
 * The tenant's route root without trailing slashes, or '' when not a plain absolute path: every route
 * is built on it, so `javascript:…;/1` or `//evil.example` must never reach them.
 */
export function routeBase(value: string): string {
  const base = value.trim().replace(/\/+$/, '');
  // A single leading slash: two would name another host.
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
