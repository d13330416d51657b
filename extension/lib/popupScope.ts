/**
 * Where the preview applies: the site (an origin) the popup configures, whether the tab's page is
 * inside the path patterns, which DLP page Aisle would ask for there, and turning it off.
 */
import { urlInSiteScope } from './pathScope.js';
import type { PopupDeps } from './PopupStore.js';
import type { SiteSettings } from './settings.js';
import { pageFromPath } from '../../sdk/public/tools.js';

/** The http(s) origin of a URL (the unit the preview is enabled for), else null. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * The DLP page Aisle asks for on `pathname`, worked out as Aisle does: the tenant's route when the
 * path is `{base}/{page}` (decoded by Aisle's own forgiving decoder), else the raw last segment.
 * A stray `%` (`/sale/50%-off-sheets`) is kept as typed, never thrown.
 */
export function pageOfPath(pathname: string, base: string): string {
  const route = pageFromPath(pathname, base);
  if (route) return route.page;
  return pathname.split('/').filter(Boolean).pop() ?? '';
}

/** True when the page at `url` is inside the path patterns `patterns` (path and query, as the browser matches). */
export function urlInScope(patterns: string, url: string): boolean {
  const origin = originOf(url);
  return origin !== null && urlInSiteScope(origin, patterns, url);
}

/** The page the DLP shows with `site`'s settings on the tab at `url` (under the tenant's `base`). */
export function pagePreviewOf(site: SiteSettings, url: string | null, base: string): string {
  if (site.pageSource === 'typed') return site.page || '(type a page)';
  let pathname = '/';
  try {
    pathname = url !== null ? new URL(url).pathname : '/';
  } catch {
    /* an unreadable address has no page */
  }
  return pageOfPath(pathname, base) || '(the path has no page)';
}

/**
 * Turns the preview off for the site of `url`, re-registers and reloads the tab. It needs nothing
 * but storage and the tab, so the popup's error fallback can always offer it.
 */
export async function turnPreviewOff(
  deps: Pick<PopupDeps, 'settings' | 'syncPreview' | 'reloadTab'>,
  tab: { id: number; url: string },
): Promise<boolean> {
  const origin = originOf(tab.url);
  if (!origin) return false;
  await deps.settings.saveSite(origin, { enabled: false });
  await deps.syncPreview().catch(() => null);
  await deps.reloadTab(tab.id).catch(() => undefined);
  return true;
}
