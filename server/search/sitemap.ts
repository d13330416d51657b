/** `POST /sitemap`: VSM data for a page served without it; `page` is the path after `vsm/`. Never throws. */
import { isRecord } from '../../sdk/core/coerce.js';
import { sitemapFor } from '../../fixtures/catalogue/index.js';
import { ENVIRONMENTS as CONTEXT_ENVIRONMENTS, SEARCH_ENVIRONMENTS } from '../../sdk/core/types.js';
import { absent, fail, quote } from './parsing.js';
import type { Parsed } from './parsing.js';
import { isStrict, strictSitemap } from './strict.js';
import { resolveTenant } from './tenants.js';
import type { SearchOptions, SearchResult, SearchTenant } from './types.js';

const MAX_PAGE = 200;
// The render context's environment names and the names they map to on the wire: accept both,
// since a sitemap request may be written by either side of that mapping.
const ENVIRONMENTS: readonly string[] = [...new Set([...CONTEXT_ENVIRONMENTS, ...SEARCH_ENVIRONMENTS])];

interface SitemapQuery {
  tenant: SearchTenant;
  page: string;
  locale: string;
}

/** Answers a `/sitemap` body: 200 with VSM data, 404 for an unknown page, 400 for a malformed body. */
export function handleSitemap(body: unknown, opts: SearchOptions): SearchResult {
  try {
    const query = parseSitemapBody(body, opts);
    if (!query.ok) return { status: query.status, json: { error: query.error } };
    const { tenant, page, locale } = query.value;
    const data = sitemapFor(tenant.demo.vertical, tenant.config.base, page, locale);
    if (!data) return { status: 404, json: { error: `no sitemap page ${quote(page)}` } };
    return { status: 200, json: isStrict(opts.backend, tenant) ? strictSitemap(data) : data };
  } catch (error) {
    // The belt to validation's braces: one unforeseen input must not take the server down.
    console.error('[sitemap] unexpected failure:', error);
    return { status: 500, json: { error: 'internal error while building the sitemap' } };
  }
}

function parseSitemapBody(body: unknown, opts: SearchOptions): Parsed<SitemapQuery> {
  if (!isRecord(body)) return fail('body must be a JSON object');
  const tenant = resolveTenant(body.customer, opts);
  if (!tenant.ok) return tenant;
  const { page } = body;
  if (typeof page !== 'string') return fail("page must be a string (the path after vsm/, '' for the root)");
  if (page.length > MAX_PAGE) return fail(`page must be at most ${MAX_PAGE} characters`);
  if (!absent(body.environment) && !ENVIRONMENTS.includes(body.environment as string)) {
    return fail(`environment must be one of ${ENVIRONMENTS.join(', ')}`);
  }
  if (!absent(body.skip_cache) && typeof body.skip_cache !== 'boolean') return fail('skip_cache must be a boolean');
  for (const field of ['locale', 'region'] as const) {
    if (!absent(body[field]) && typeof body[field] !== 'string') return fail(`${field} must be a string`);
  }
  const locale = typeof body.locale === 'string' ? body.locale : (tenant.value.demo.locales?.[0] ?? 'en');
  return {
    ok: true,
    value: { tenant: tenant.value, page: page.replace(/^\/+|\/+$/g, ''), locale },
  };
}
