const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * A link target that is safe to put in `href`: relative URLs and http(s) URLs pass; anything with
 * another scheme (`javascript:`, `data:`, …), control characters or no content gives ''.
 */
export function safeHref(url: unknown): string {
  if (typeof url !== 'string') return '';
  const trimmed = url.trim();
  if (trimmed === '' || /[\u0000-\u001f\u007f]/.test(trimmed)) return '';
  // Browsers ignore tabs and newlines inside schemes ("java\tscript:"); the check above refuses them.
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === undefined) return trimmed.startsWith('\\') ? '' : trimmed;
  return scheme === 'http' || scheme === 'https' ? trimmed : '';
}
