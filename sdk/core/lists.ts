/** Spec section 9: similar products show 16 at first and 16 more each time their sentinel is reached. */
export const SIMILAR_STEP = 16;
/** Spec section 9: related pages shown at first. */
export const RELATED_SHOWN = 15;
/** Spec section 9: the related list gets See More / See Less when taller than this … */
export const RELATED_HEIGHT_PX = 80;
/** … or when the screen is narrower than this. */
export const RELATED_NARROW_PX = 768;

/** How many similar products to show after the sentinel is reached again. */
export function nextSimilarCount(current: number, total: number): number {
  return Math.min(total, current + SIMILAR_STEP);
}

/** Whether the related list needs its See More / See Less toggle (spec section 4). */
export function relatedNeedsToggle(listHeight: number, screenWidth: number, total: number): boolean {
  return total > RELATED_SHOWN || listHeight > RELATED_HEIGHT_PX || screenWidth < RELATED_NARROW_PX;
}

/**
 * The URL of a related page: absolute http(s) links stay, anything else is resolved under the
 * tenant's base. Returns null when it cannot be built (spec section 8: the caller logs and uses '').
 */
export function relatedPageUrl(href: string, base: string, origin: string): string | null {
  try {
    if (/^https?:\/\//i.test(href)) return new URL(href).href;
    if (href.trim() === '' || /^[a-z][a-z0-9+.-]*:/i.test(href)) return null;
    const root = new URL(`${base.replace(/\/+$/, '')}/`, origin);
    const url = new URL(href.replace(/^\/+/, ''), href.startsWith('/') && href.startsWith(base) ? origin : root);
    return url.origin === new URL(origin).origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
  } catch {
    return null;
  }
}
