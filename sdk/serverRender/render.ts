/**
 * The server render: the main element's HTML with no DOM or browser global, so it runs in Node and
 * edge runtimes. Crawlers see the whole listing, and the app adopts it instead of drawing it again.
 */
import { markupKey } from '../core/markupKey.js';
import { loadMessages, localeOf, messagesOf, regionOf } from '../core/messages.js';
import { readRenderContext } from '../core/normalize.js';
import { viewportKind } from '../core/product.js';
import { groupSitemap, letterPairs, localeSuffixUrl, sortByTitle } from '../core/sitemap.js';
import { safeHref, routeBase } from '../core/safeUrl.js';
import { listingJsonLd, type ListingJsonLdInput } from '../core/structuredData.js';
import type { PageRoute, RenderContext, SitemapData, SearchResponse } from '../core/types.js';
import { parseUrlState, reconcileWithResponse, resolveDefaultPageSize } from '../core/urlState.js';
import { routeFor, responseOf, sitemapOf } from '../stores/screens.js';
import { VERSION } from '../version.js';
import { createRoot } from '../views/listing.js';
import { createSitemap } from '../views/sitemap.js';
import { htmlRenderer as r, suspenseBoundary, toHtml, escapeHtml } from './html.js';
import { drawListing } from './listing.js';
import { sanitizeServerHtml } from './sanitize.js';

/** How the page is drawn. */
export interface RenderOptions {
  /** Where the page serves the files of dist/embed/ (`/aisle/`): the head links `aisle.css` from there. */
  assetBase?: string;
  /** The absolute page address, whose query is drawn; without it, the default state. */
  url?: string;
  /** CSS pixels, e.g. from Sec-CH-Viewport-Width; the browser corrects width-dependent parts after adopting. */
  viewportWidth?: number;
}

/** The rendered main element, and what belongs in the page's head. */
export interface RenderedMain {
  html: string;
  head: string;
}

/** The width drawn for when the retailer gives none: a desktop, the widest layout. */
export const DEFAULT_WIDTH = 1280;

function pageAddress(context: RenderContext, url: string | undefined): { page: URL; known: boolean } {
  for (const [text, known] of [
    [url, true],
    [context.config.prodUrl, false],
  ] as const) {
    try {
      const parsed = text ? new URL(text) : null;
      if (parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:')) {
        // Only the given address says which page and state: the production site's gives its origin.
        return { page: known ? parsed : new URL(`${parsed.origin}${routeBase(context.config.base)}/`), known };
      }
    } catch {
      /* not an address: try the next one */
    }
  }
  return { page: new URL(`https://shop.invalid${routeBase(context.config.base)}/`), known: false };
}

function routeOf(context: RenderContext, page: URL, known: boolean): PageRoute {
  if (known) return routeFor(page.pathname, context);
  const named = context.additional.page;
  return {
    screen: context.data && 'links' in context.data && !('products' in context.data) ? 'vsm' : 'dlp',
    page: typeof named === 'string' ? named.trim() : '',
  };
}

/** The main element's HTML and head tags; a TypeError for an unusable context, empty markup without data. */
export async function renderMain(context: unknown, options: RenderOptions = {}): Promise<RenderedMain> {
  const read = readRenderContext(context);
  if (!read.ok) throw new TypeError(`[Aisle] renderMain: the render context is not usable (${read.error})`);
  const ctx = read.context;
  const locale = localeOf(ctx);
  await loadMessages(locale);
  const messages = messagesOf(ctx);
  const region = regionOf(ctx);
  const { page, known } = pageAddress(ctx, options.url);
  const route = routeOf(ctx, page, known);
  const width =
    Number.isFinite(options.viewportWidth) && options.viewportWidth! > 0 ? options.viewportWidth! : DEFAULT_WIDTH;
  const defaultPageSize = resolveDefaultPageSize(ctx.additional, ctx.config);
  const state = parseUrlState(known ? page.search : '', { pageSize: defaultPageSize });
  const head = headTags(options.assetBase);
  const data = responseOf(ctx);
  const sitemap = sitemapOf(ctx, route);
  if (!sitemap && !data) return { html: '', head: '' };
  const classes = ctx.config.customization?.classes;
  let screen;
  let after = '';
  if (sitemap) screen = suspenseBoundary(drawSitemap(sitemap, { ctx, page, locale, region, messages }));
  else if (data!.pageNotFound)
    screen = suspenseBoundary(
      r.createElement('div', {
        className: 'aisle-not-found',
        'data-aisle': 'not-found',
        'data-aisle-ready': '',
        dangerouslySetInnerHTML: { __html: sanitizeServerHtml(data!.notFoundHtmlElement) },
      }),
    );
  else {
    screen = drawListing({
      context: ctx,
      data: data!,
      // What the listing shows of the address, as the app reads it: what the response does not know is dropped.
      state: reconcileWithResponse(state, data!, defaultPageSize),
      defaultPageSize,
      viewport: viewportKind(width),
      width,
      region,
      locale,
      messages,
      page,
      sanitize: sanitizeServerHtml,
    });
    const { origin, pathname } = page;
    const base = ctx.config.base;
    after = structuredData(data!, { origin, pathname, base, pageSize: state.pageSize, messages, region, locale });
  }
  const root = createRoot(r)({ lang: locale, classes, screen, marker: r.createElement('span', { hidden: true }) });
  const key = markupKey({ context: ctx, route, state, version: VERSION });
  const container = r.createElement(
    'div',
    { className: 'aisle-mount', 'data-aisle-markup': key, 'data-aisle-width': width },
    root,
  );
  return { html: toHtml(container) + after, head };
}

function headTags(assetBase: string | undefined): string {
  if (!assetBase) return '';
  const href = safeHref(`${assetBase.replace(/\/?$/, '/')}aisle.css`, 'https://shop.invalid/');
  return href ? `<link rel="stylesheet" href="${escapeHtml(href)}" data-aisle-css="">` : '';
}

function structuredData(data: SearchResponse, input: ListingJsonLdInput): string {
  return `<script type="application/ld+json" data-aisle-ld="">${listingJsonLd(data, input)}</script>`;
}

function drawSitemap(
  data: SitemapData,
  s: {
    ctx: RenderContext;
    page: URL;
    locale: ReturnType<typeof localeOf>;
    region: string;
    messages: ReturnType<typeof messagesOf>;
  },
) {
  const sections = groupSitemap(data.links, s.locale);
  return createSitemap(r)({
    messages: s.messages,
    classes: s.ctx.config.customization?.classes,
    title: data.title,
    breadcrumbs: data.breadcrumbs,
    subcategories: sortByTitle(data.subcategories, s.locale),
    pairs: letterPairs(sections),
    sections,
    href: (url) => safeHref(localeSuffixUrl(url, { region: s.region, locale: s.locale }), s.page.href) || undefined,
  });
}
