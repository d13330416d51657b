import { hasControlCharacter } from './safeUrl.js';
import { memoStrings } from './memo.js';

/** Similar products show 16 at first and 16 more each time their sentinel is reached. */
export const SIMILAR_STEP = 16;
/** Related pages shown at first, before See More. */
export const RELATED_SHOWN = 15;
/** The related list gets See More / See Less when taller than this … */
export const RELATED_HEIGHT_PX = 80;
/** … or when the screen is narrower than this. */
export const RELATED_NARROW_PX = 768;

/** How many similar products to show after the sentinel is reached again. */
export function nextSimilarCount(current: number, total: number): number {
  return Math.min(total, current + SIMILAR_STEP);
}

/** Whether the related list needs its See More / See Less toggle (docs/embedding.md lists when). */
export function relatedNeedsToggle(listHeight: number, screenWidth: number, total: number): boolean {
  return total > RELATED_SHOWN || listHeight > RELATED_HEIGHT_PX || screenWidth < RELATED_NARROW_PX;
}

/**
 * A related page's URL: absolute http(s) stays, anything else is a page under the base, never a
 * scheme or host; null when it cannot be built. Control characters are refused (`java\tscript:`).
 */
export const relatedPageUrl = memoStrings(function relatedPageUrl(
  href: string,
  base: string,
  origin: string,
): string | null {
  const text = href.trim();
  if (text === '' || hasControlCharacter(text)) return null;
  try {
    const site = new URL(origin);
    let url: URL;
    if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
      url = new URL(text);
    } else if (base !== '' && (text === base || text.startsWith(`${base}/`))) {
      url = new URL(text, site);
    } else {
      // `./` keeps `javascript:x` (left after stripping `/javascript:x`) a path segment.
      url = new URL(`./${text.replace(/^[/\\]+/, '')}`, new URL(`${base}/`, site));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin === site.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
  } catch {
    return null;
  }
});
