import type { TenantFixture } from '../../fixtures/tenants/index.js';
import { loadCatalogue, sitemapFor } from '../../fixtures/catalogue/index.js';
import { buildSearchRequest } from '../../sdk/core/searchRequest.js';
import { defaultUrlState, parseUrlState, resolveDefaultPageSize } from '../../sdk/core/urlState.js';
import type { RenderContext, SearchResponse, SitemapData } from '../../sdk/core/types.js';
import { escapeHtml } from '../http.js';
import { handleSearch, handleVehicleSelector, isStrict, strictSitemap } from '../search/index.js';
import type { BackendKind } from '../search/index.js';
import { vehicleFromQuery } from '../../sdk/core/query.js';
import { localeSuffixUrl } from '../../sdk/core/localeUrl.js';
import type { Lang } from '../search/labels.js';
import { renderShopPage, type HeadTemplate } from './shop-page.js';
import { SHOP_TEXTS } from './texts.js';
import { renderMain, type RenderedMain } from '../../sdk/serverRender/render.js';
import { cartDemo } from './cartDemo.js';
import { consentBanner, consentDemoHead } from './consentDemo.js';
import type { PagePolicy } from './csp.js';

/** Where the demo page is served from and what it asks for. */
export interface DemoRequest {
  tenant: TenantFixture;
  origin: string;
  url: URL;
  embedSrc: string;
  /** 'strict' when the whole stack plays a strict backend (the tenant may ask for it on its own). */
  backend?: BackendKind;
  viewportWidth?: number;
  policy?: PagePolicy | null;
}

/** The server-rendered listing for `demo.serverRender` tenants, unless `?render=browser`. */
async function serverMarkup(req: DemoRequest, context: RenderContext): Promise<RenderedMain | null> {
  const mode = req.url.searchParams.get('render');
  if (!req.tenant.demo.serverRender || mode === 'browser' || !context.data) return null;
  // `?render=stale` plays a cache that kept yesterday's markup: Aisle sees it was drawn from other data.
  const drawn =
    mode === 'stale' && 'products' in context.data
      ? { ...context, data: { ...context.data, h1_header: `${context.data.h1_header} (yesterday)` } }
      : context;
  return renderMain(drawn, { url: req.url.href, assetBase: EMBED_BASE, viewportWidth: req.viewportWidth });
}

/** Where the stack serves dist/embed/ (the server render links aisle.css from there). */
export const EMBED_BASE = '/embed/';

/** The locale a demo page shows: `?locale=fr_CA` picks French where the tenant offers it, else its first. */
export function demoLocale(tenant: TenantFixture, url: URL): Lang {
  const asked = url.searchParams.get('locale')?.slice(0, 2);
  const offered = tenant.demo.locales;
  return offered.find((locale) => locale === asked) ?? offered[0]!;
}

/** The render context a retailer's server would write for this tenant, locale and stack. */
export function demoContext(tenant: TenantFixture, origin: string, locale: Lang): RenderContext {
  const region = tenant.config.region ?? 'us';
  return {
    config: {
      ...tenant.config,
      searchHost: origin,
      analyticsHost: `${origin}/analytics`,
      ...demoIntegrations(tenant, origin),
    },
    environment: 'development',
    additional: { lang: locale, locale, region, campaign: `${tenant.config.id}-autumn-2026` },
  };
}

/** The integrations' settings of a demo page: the local stack's stand-ins (docs/integrations.md). */
function demoIntegrations(tenant: TenantFixture, origin: string): Partial<RenderContext['config']> {
  const stack = new URL(origin);
  return {
    errorReportingDsn: `${stack.protocol}//aisle@${stack.host}/integrations/sentry/1`,
    clickAnalytics: {
      domain: new URL(tenant.config.prodUrl).hostname,
      endpoint: `${origin}/integrations/plausible/api/event`,
    },
    experiments: { clientKey: `sdk-${tenant.config.id}`, apiHost: `${origin}/integrations/growthbook` },
  };
}

function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function shopNav(tenant: TenantFixture, locale: Lang): Array<{ title: string; href: string }> {
  const { base } = tenant.config;
  const categories = loadCatalogue().categoriesFor(tenant.demo.vertical).slice(0, 5);
  // The shop's links keep its language the way Aisle's own links do (`?locale=fr_CA`).
  const href = (path: string): string => localeSuffixUrl(path, { region: tenant.config.region, locale });
  return [
    ...categories.map((c) => ({ title: c.title[locale], href: href(`${base}/${c.slug}`) })),
    { title: SHOP_TEXTS[locale].allCategories, href: href(`${base}/vsm/`) },
  ];
}

/** The `#aisle-head` tags a retailer would write. */
function headTemplate(
  tenant: TenantFixture,
  title: string,
  path: string,
  page: { description: string; indexable: boolean },
): HeadTemplate {
  const full = `${title} | ${tenant.config.name ?? tenant.config.id}`;
  return {
    title: full,
    canonical: `${tenant.config.prodUrl}${tenant.config.base}${path}`,
    metaTitle: full,
    description: page.description,
    robots: page.indexable ? 'index, follow' : 'noindex, follow',
  };
}

/** A DLP demo page: the tenant's shop with the first search response in the render context. */
export async function renderDlpDemo(req: DemoRequest, page: string): Promise<{ status: number; html: string }> {
  const { tenant, origin, url } = req;
  const locale = demoLocale(tenant, url);
  const context = demoContext(tenant, origin, locale);
  const state = parseUrlState(url.search, {
    pageSize: resolveDefaultPageSize(context.additional, context.config),
  });
  // `?embed=first-page` plays a retailer whose page carries its first page of results whatever the
  // address's page number says: an infinite listing then asks for the rest itself.
  if (url.searchParams.get('embed') === 'first-page') state.pageNumber = 1;
  const vehicle = vehicleFromQuery(url.search) ?? undefined;
  const search = vehicle ? handleVehicleSelector : handleSearch;
  // The same engine as `POST /search`, so a strict tenant's inline data is strict too.
  const engine = { tenants: [tenant], backend: req.backend };
  let answer = search(buildSearchRequest(context, state, page, { vehicle }), engine);
  // A retailer's server shows the listing for a URL it cannot honour (a hand-edited sort, say)
  // rather than no listing: Aisle then drops what the listing does not know from the address.
  if (answer.status !== 200) {
    answer = search(buildSearchRequest(context, defaultUrlState(state), page, { vehicle }), engine);
  }
  const data = answer.status === 200 ? (answer.json as SearchResponse) : undefined;
  if (data) context.data = data;
  const title = data && !data.pageNotFound ? data.h1_header : SHOP_TEXTS[locale].pageNotFound;
  const head = headTemplate(tenant, title, `/${encodeURIComponent(page)}`, {
    description: data ? stripHtml(data.description).slice(0, 155) : tenant.demo.tagline,
    indexable: !!data && !data.pageNotFound,
  });
  const mainHtml = `<section class="shop-hero"><h1>${escapeHtml(title)}</h1><p>${
    SHOP_TEXTS[locale].loadingSelection
  }</p></section>`;
  const html = renderShopPage({
    tenant,
    locale,
    context,
    head,
    nav: shopNav(tenant, locale),
    mainHtml,
    embedSrc: req.embedSrc,
    server: await serverMarkup(req, context),
    consent: { head: consentDemoHead(url, req.policy), banner: consentBanner(context, locale, req.policy) },
    cart: cartDemo(url, context, locale, req.policy),
    policy: req.policy,
  });
  return { status: data?.pageNotFound ? 404 : 200, html };
}

/** A visual-sitemap demo page for `{base}/vsm/{pagePath}`. */
export async function renderVsmDemo(req: DemoRequest, pagePath: string): Promise<{ status: number; html: string }> {
  const { tenant, origin, url } = req;
  const locale = demoLocale(tenant, url);
  const context = demoContext(tenant, origin, locale);
  const data = sitemapFor(tenant.demo.vertical, tenant.config.base, pagePath, locale);
  if (data) context.data = (isStrict(req.backend, tenant) ? strictSitemap(data) : data) as SitemapData;
  const title = data?.title ?? SHOP_TEXTS[locale].popularCategories;
  const head = headTemplate(tenant, title, `/vsm/${pagePath}`, {
    description: `${title} — ${tenant.demo.tagline}`,
    indexable: !!data,
  });
  const mainHtml = `<section class="shop-hero"><h1>${escapeHtml(title)}</h1></section>`;
  const html = renderShopPage({
    tenant,
    locale,
    context,
    head,
    nav: shopNav(tenant, locale),
    mainHtml,
    embedSrc: req.embedSrc,
    server: await serverMarkup(req, context),
    consent: { head: consentDemoHead(url, req.policy), banner: consentBanner(context, locale, req.policy) },
    policy: req.policy,
  });
  return { status: data ? 200 : 404, html };
}
