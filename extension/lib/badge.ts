/**
 * The toolbar icon says whether the preview takes over the page in each tab: the coloured icon and
 * a green "ON" badge (text, not colour alone) only where the page is an enabled site inside its
 * path patterns AND the page's preview says it runs there. Standing aside, a failure (the local
 * stack down, an unknown tenant) and a page that has not reported yet are not ON.
 */
import type { PreviewStatus } from './pageData.js';
import { defaultPathPatterns, parsePathPatterns, urlInSiteScope } from './pathScope.js';
import type { SiteSettings } from './settings.js';

/** What the badge of one tab shows. */
export interface BadgeState {
  /** Whether the preview takes over the tab's page (the icon's coloured variant). */
  on: boolean;
  text: string;
  color: string;
  title: string;
}

/** The toolbar icon's two variants (public/icon and public/icon-on). */
export function iconPaths(on: boolean): Record<string, string> {
  const dir = on ? '/icon-on' : '/icon';
  return { 16: `${dir}/16.png`, 32: `${dir}/32.png`, 48: `${dir}/48.png` };
}

/** The badge of a tab showing `url`, given every site's settings and each tenant's base. */
export function badgeFor(
  url: string | undefined,
  sites: Record<string, SiteSettings>,
  baseOf: (tenantId: string) => string,
  preview: PreviewStatus | null = null,
): BadgeState {
  const off: BadgeState = { on: false, text: '', color: '#5f6368', title: 'Aisle Preview: off on this page' };
  if (!url) return off;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return off;
  }
  const site = sites[parsed.origin];
  if (!site?.enabled) return off;
  const patterns = site.pathPatterns || defaultPathPatterns(baseOf(site.tenantId));
  if (parsePathPatterns(patterns).errors.length > 0)
    return {
      ...off,
      title: 'Aisle Preview: on for this site, but its path patterns have errors: no page is taken over',
    };
  if (!urlInSiteScope(parsed.origin, patterns, parsed.href))
    return { ...off, title: 'Aisle Preview: on for this site, but this page is outside its path patterns' };
  if (preview === null)
    return { ...off, title: 'Aisle Preview: on for this site; the page has not said that the preview runs' };
  if (preview.outcome === 'idle') return { ...off, title: `Aisle Preview: ${preview.message}`.slice(0, 300) };
  if (preview.outcome === 'stood-aside')
    return { ...off, title: `Aisle Preview: stood aside: ${preview.message}`.slice(0, 300) };
  if (preview.outcome === 'failed')
    return { on: false, text: '!', color: '#b3261e', title: `Aisle Preview: failed: ${preview.message}`.slice(0, 300) };
  return { on: true, text: 'ON', color: '#137333', title: `Aisle Preview: on (${site.tenantId}, ${site.environment})` };
}
