import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { renderProductSvg, renderSwatchSvg } from '../fixtures/catalogue/images.js';
import { loadTenants, tenantForPath, type TenantFixture } from '../fixtures/tenants/index.js';
import { BodyError, corsHeaders, readJson, sendCompressed, sendJson, sendText } from './http.js';
import { renderIndexPage } from './demo/index-page.js';
import { renderProductPage } from './demo/product-page.js';
import { renderDlpDemo, renderVsmDemo, type DemoRequest } from './demo/tenant-pages.js';
import { renderPlainPage } from './demo/plain-pages.js';
import { renderReportPage } from './demo/report-page.js';
import { renderEndpoint, viewportHint } from './render.js';
import { createAnalyticsService, DEFAULT_RATE_LIMITS, type AnalyticsService } from './analytics/index.js';
import { createIntegrationStandIns, type IntegrationStandIns } from './integrations/index.js';
import { backendKind, handleSearch, handleSitemap, handleVehicleSelector, warmSearchIndexes } from './search/index.js';
import type { BackendKind } from './search/index.js';
import { PREVIEW_PREFIX, withStackProductLinks } from './search/previewLinks.js';
import { serveStatic } from './static.js';
import { AppGate, GATE_KEY } from './appGate.js';
import { pagePolicy, VIOLATION_WATCHER_JS, type PagePolicy } from './demo/csp.js';
import { CONSENT_JS, GPC_JS } from './demo/consentDemo.js';
import { CART_JS } from './demo/cartDemo.js';

/** Options of the local stack. */
export interface AppOptions {
  /** Folder of the built embed (default `dist/embed`). */
  embedDir?: string;
  /** SQLite file of the analytics service (default `data/analytics.sqlite`; ':memory:' for tests). */
  analyticsDb?: string;
  /** Analytics token lifetime in seconds (default one hour). */
  tokenTtlSeconds?: number;
  /**
   * 'strict' makes every tenant answer as a strict backend (only the documented fields); default
   * from the `AISLE_BACKEND` environment variable. A tenant can also be strict on its own.
   */
  backend?: BackendKind;
}

interface Services {
  embedDir: string;
  analytics: AnalyticsService;
  integrations: IntegrationStandIns;
  /** Holds the app's script of `?hold-app=KEY` pages until released (appGate.ts). */
  appGate: AppGate;
  backend: BackendKind;
}

const html = 'text/html; charset=utf-8';

/** The JSON endpoints served at the root and, for proxySearch tenants, under their base. */
const ENDPOINTS = {
  search: handleSearch,
  'vehicle-selector': handleVehicleSelector,
  sitemap: handleSitemap,
} as const;
type Endpoint = keyof typeof ENDPOINTS;

function isEndpoint(name: string): name is Endpoint {
  return Object.hasOwn(ENDPOINTS, name);
}

async function searchEndpoint(
  req: IncomingMessage,
  res: ServerResponse,
  kind: Endpoint,
  backend: BackendKind,
  tenant?: TenantFixture,
  stackOrigin?: string,
): Promise<void> {
  const body = await readJson(req);
  const answer = ENDPOINTS[kind](body, { tenants: loadTenants(), basePathTenant: tenant, backend });
  // A development preview on a retailer's page: the product pages are this stack's.
  const json = stackOrigin && answer.status === 200 ? withStackProductLinks(answer.json, stackOrigin) : answer.json;
  sendJson(req, res, answer.status, json);
}

function image(res: ServerResponse, url: URL): void {
  const width = Math.min(Math.max(Number(url.searchParams.get('w')) || 480, 16), 2000);
  const quality = url.searchParams.get('q') === 'low' ? 'low' : 'high';
  const product = /^\/img\/product\/([\w-]+)\/([\w-]+)\.svg$/.exec(url.pathname);
  const swatch = /^\/img\/swatch\/([0-9a-fA-F]{6})\.svg$/.exec(url.pathname);
  const color = `#${/^[0-9a-fA-F]{6}$/.test(url.searchParams.get('c') ?? '') ? url.searchParams.get('c') : '9aa5b1'}`;
  const headers = { 'cache-control': 'public, max-age=86400' };
  if (product) {
    const svg = renderProductSvg({ id: product[1]!, color, width, quality });
    return sendText(res, 200, 'image/svg+xml', svg, headers);
  }
  if (swatch) return sendText(res, 200, 'image/svg+xml', renderSwatchSvg(`#${swatch[1]}`), headers);
  sendText(res, 404, 'text/plain', 'no such image');
}

/** The demo pages' own scripts, as files for pages under a CSP (server/demo/csp.ts). */
const DEMO_SCRIPTS: Record<string, string> = {
  '/demo/csp-watch.js': VIOLATION_WATCHER_JS,
  '/demo/consent.js': CONSENT_JS,
  '/demo/gpc.js': GPC_JS,
  '/demo/cart.js': CART_JS,
};

async function route(req: IncomingMessage, res: ServerResponse, opts: Services): Promise<void> {
  const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
  const url = new URL(req.url ?? '/', origin);
  const { pathname } = url;
  const method = req.method ?? 'GET';
  // The analytics service answers its own preflights, methods and CORS headers.
  if (pathname === '/analytics' || pathname.startsWith('/analytics/')) {
    return opts.analytics.handle(req, res, pathname.slice('/analytics'.length));
  }
  // So do the integrations' stand-ins (they also take DELETE, which the checks below refuse).
  if (pathname.startsWith('/integrations/')) {
    return opts.integrations.handle(req, res, pathname.slice('/integrations/'.length), url);
  }
  if (method === 'OPTIONS') {
    res.writeHead(204, corsHeaders(req));
    return void res.end();
  }
  const root = pathname.slice(1);
  if (method === 'POST' && isEndpoint(root)) return searchEndpoint(req, res, root, opts.backend);
  if (method === 'POST' && root === 'render') return renderEndpoint(req, res, url);
  if (method === 'POST' && root === '__control/release-app') {
    const key = url.searchParams.get('key') ?? '';
    if (!GATE_KEY.test(key)) return sendJson(req, res, 400, { error: 'key must be 1 to 40 letters, digits, _ or -' });
    opts.appGate.release(key);
    return sendJson(req, res, 200, { released: key });
  }
  const previewed = root.slice(PREVIEW_PREFIX.length);
  if (method === 'POST' && root.startsWith(PREVIEW_PREFIX) && previewed !== 'sitemap' && isEndpoint(previewed))
    return searchEndpoint(req, res, previewed, opts.backend, undefined, origin);
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST')
    return sendText(res, 405, 'text/plain', 'method not allowed');
  if (pathname === '/') return sendText(res, 200, html, renderIndexPage(loadTenants(), resolve('.output/chrome-mv3')));
  if (pathname === '/health') return sendJson(req, res, 200, { ok: true });
  if (pathname === '/favicon.ico') return void res.writeHead(204).end();
  if (pathname === '/plain/shop' || pathname === '/plain/csp') {
    // Pages without Aisle, for the extension to inject it into (docs/extension.md).
    const page = renderPlainPage(pathname === '/plain/csp' ? 'strict-csp' : 'no-aisle', origin);
    res.writeHead(page.status, page.headers);
    return void res.end(page.html);
  }
  // The merchandiser's report, drawn with Chart.js from the analytics service's GET /v3/report.
  if (pathname === '/report') return sendText(res, 200, html, renderReportPage(url.searchParams));
  if (pathname === '/report/chart.umd.min.js')
    return serveStatic(req, res, resolve('node_modules/chart.js/dist'), 'chart.umd.min.js');
  if (pathname.startsWith('/embed/')) return serveStatic(req, res, opts.embedDir, pathname.slice('/embed/'.length));
  // The embed whose app never arrives (a very slow phone), for any browser: `?hold-app=1` on a demo
  // page. The shopper meets aisle.js's first paint alone; the app's request is never answered.
  const gated = /^\/embed-held\/k\/([\w-]{1,40})\/(.+)$/.exec(pathname);
  if (gated) {
    const [, key, file] = gated as unknown as [string, string, string];
    if (file.startsWith('aisle-app-')) await opts.appGate.wait(key);
    return serveStatic(req, res, opts.embedDir, file);
  }
  if (pathname.startsWith('/embed-held/')) {
    const file = pathname.slice('/embed-held/'.length);
    return file.startsWith('aisle-app-') ? undefined : serveStatic(req, res, opts.embedDir, file);
  }
  if (pathname.startsWith('/img/')) return image(res, url);
  const demoJs = DEMO_SCRIPTS[pathname];
  if (demoJs !== undefined) return sendText(res, 200, 'text/javascript; charset=utf-8', demoJs);

  const tenant = tenantForPath(pathname);
  if (!tenant)
    return sendText(
      res,
      404,
      html,
      '<!doctype html><title>Not found</title><p>No such page. <a href="/">All tenants</a></p>',
    );
  const rest = pathname.slice(tenant.config.base.length).replace(/^\/+/, '');
  if (method === 'POST') {
    if (tenant.config.proxySearch && isEndpoint(rest)) return searchEndpoint(req, res, rest, opts.backend, tenant);
    if (rest === 'render') return renderEndpoint(req, res, url);
    return sendJson(req, res, 404, { error: `no endpoint at ${pathname}` });
  }
  const hold = url.searchParams.get('hold-app');
  const embedSrc =
    hold === '1'
      ? '/embed-held/aisle.js'
      : hold && GATE_KEY.test(hold)
        ? `/embed-held/k/${hold}/aisle.js`
        : '/embed/aisle.js';
  let policy: PagePolicy | null;
  try {
    policy = pagePolicy(url);
  } catch (error) {
    return sendText(res, 400, 'text/plain; charset=utf-8', (error as Error).message);
  }
  const demo: DemoRequest = {
    tenant,
    origin,
    url,
    embedSrc,
    backend: opts.backend,
    viewportWidth: viewportHint(req),
    policy,
  };
  let page: { status: number; html: string };
  if (rest === '' || rest === 'vsm') {
    res.writeHead(302, { location: `${tenant.config.base}/vsm/${url.search}` });
    return void res.end();
  } else if (rest.startsWith('vsm/'))
    page = await renderVsmDemo(demo, decodeURIComponent(rest.slice(4)).replace(/\/+$/, ''));
  else if (rest.startsWith('p/')) page = renderProductPage(tenant, decodeURIComponent(rest.slice(2)), url);
  else if (!rest.includes('/')) page = await renderDlpDemo(demo, decodeURIComponent(rest));
  else page = await renderDlpDemo(demo, rest);
  const headers: Record<string, string> = policy ? { 'content-security-policy': policy.header } : {};
  sendCompressed(req, res, page.status, html, page.html, headers);
}

/**
 * Creates the local stack's HTTP server (not yet listening): demo pages, the search API, the
 * image service and the analytics service (with fault injection, which production never has).
 */
export function createApp(options: AppOptions = {}): Server {
  warmSearchIndexes();
  const opts: Services = {
    embedDir: resolve(options.embedDir ?? 'dist/embed'),
    analytics: createAnalyticsService({
      dbPath: options.analyticsDb,
      tokenTtlSeconds: options.tokenTtlSeconds,
      controls: true,
      // The local stack is a developer's machine: its published keys serve unless others are set.
      development: true,
      // Every page of the local stack comes from this machine's one address: only that limit is off.
      rateLimits: { ...DEFAULT_RATE_LIMITS, address: null },
      // The local stack's demo pages, and retailer pages a developer serves on this machine.
      loopbackOrigins: true,
    }),
    integrations: createIntegrationStandIns(),
    appGate: new AppGate(),
    backend: options.backend ?? backendKind(process.env.AISLE_BACKEND),
  };
  const server = createServer((req, res) => {
    route(req, res, opts).catch((error: unknown) => {
      if (error instanceof BodyError) return sendJson(req, res, error.status, { error: error.message });
      console.error('[stack] request failed:', error);
      if (!res.headersSent) sendJson(req, res, 500, { error: 'internal error' });
      else res.end();
    });
  });
  server.on('close', () => void opts.analytics.close());
  return server;
}
