const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * A link target that is safe to put in `href`: relative URLs and http(s) URLs pass; anything with
 * another scheme (`javascript:`, `data:`, …), control characters or no content gives ''.
 */
export function safeHref(url: unknown): string {
  if (typeof url !== 'string') return '';
  const trimmed = url.trim();
  if (trimmed === '' || hasControlCharacter(trimmed)) return '';
  // Browsers ignore tabs and newlines inside schemes ("java\tscript:"); the check above refuses them.
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === undefined) return trimmed.startsWith('\\') ? '' : trimmed;
  return scheme === 'http' || scheme === 'https' ? trimmed : '';
}

/** True when `text` holds a C0 control character or DEL, which browsers strip inside schemes. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
