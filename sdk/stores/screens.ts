import { isSitemapShape } from '../core/normalize.js';
import { pageFromPath } from '../core/searchRequest.js';
import type { PageRoute, RenderContext, SearchResponse, SitemapData } from '../core/types.js';

/** A navigation to a different path: what the visit event reports. */
export interface Visit {
  routeName: string;
  url: string;
  /** The path navigated from, or null on the first page. */
  redirectedFrom: string | null;
}

/** Why the screen of a page could not load, and from where. */
export interface ScreenFailure {
  url: string;
  reason: string;
}

/** The reason given when a host did not answer at all. */
export function unreachable(what: string): string {
  return `the ${what} host could not be reached (offline, down, or blocked by the page's security policy)`;
}

/** The screen and page a path shows under this render context. */
export function routeFor(pathname: string, context: RenderContext): PageRoute {
  // A page named by the context wins: the address of a page Aisle is previewed on cannot say it.
  const named = context.additional.page;
  if (typeof named === 'string' && named.trim() !== '') return { screen: 'dlp', page: named.trim() };
  return (
    pageFromPath(pathname, context.config.base) ?? {
      screen: 'dlp',
      page: pathname.split('/').filter(Boolean).pop() ?? '',
    }
  );
}

/** The listing the page came with, or null when it came without one (or with a sitemap). */
export function responseOf(context: RenderContext): SearchResponse | null {
  return context.data && !isSitemapShape(context.data) ? (context.data as SearchResponse) : null;
}

/** The sitemap the page came with on a VSM route, else null. */
export function sitemapOf(context: RenderContext, route: PageRoute): SitemapData | null {
  return route.screen === 'vsm' && context.data && isSitemapShape(context.data) ? (context.data as SitemapData) : null;
}
