/**
 * The server render (`dist/server/render.mjs`): the HTML of the host page's main element for a render
 * context, written by the shared views with no DOM and no browser global, so that it runs in Node and
 * in edge runtimes that offer only web-standard APIs. A crawler that runs no script sees the whole
 * listing; the browser shows it as soon as the HTML arrives, and the app adopts it (see
 * sdk/host/serverMarkup.ts) instead of drawing it again.
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
  /**
   * The page's address (absolute). Links are checked against it, page links keep its path and
   * parameters, and the filters, sort and page in its query are drawn. Without it, the listing is
   * drawn in its default state and page links are relative to the page.
   */
  url?: string;
  /**
   * The width in CSS pixels the page is drawn for (from the retailer's knowledge of the device, for
   * example the Sec-CH-Viewport-Width client hint). What depends on the width (the sort control, the
   * swatches a card shows) is drawn for it, and the browser corrects it after adopting. Default 1280.
   */
  viewportWidth?: number;
}

/** The rendered main element, and what belongs in the page's head. */
export interface RenderedMain {
  html: string;
  head: string;
}

/** The width drawn for when the retailer gives none: a desktop, the widest layout. */
export const DEFAULT_WIDTH = 1280;

/** The address drawn for: the given one if it is an http(s) URL, else the tenant's production site. */
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

/** The route drawn: the address's when known, else what the data is (a sitemap, or a listing). */
function routeOf(context: RenderContext, page: URL, known: boolean): PageRoute {
  if (known) return routeFor(page.pathname, context);
  const named = context.additional.page;
  return {
    screen: context.data && 'links' in context.data && !('products' in context.data) ? 'vsm' : 'dlp',
    page: typeof named === 'string' ? named.trim() : '',
  };
}

/**
 * The HTML of the page's main element for `context` (the render context of the page, with its first
 * search response as `data`), and the tags for its head. Throws a TypeError naming the problem when
 * the context cannot be used; a context without data gives empty markup (the browser draws it).
 */
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

/** The stylesheet the markup needs before it is shown: the whole of Aisle's rules. */
function headTags(assetBase: string | undefined): string {
  if (!assetBase) return '';
  const href = safeHref(`${assetBase.replace(/\/?$/, '/')}aisle.css`, 'https://shop.invalid/');
  return href ? `<link rel="stylesheet" href="${escapeHtml(href)}" data-aisle-css="">` : '';
}

/** The listing's JSON-LD (its first page, as the app writes it), beside Aisle's container. */
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
