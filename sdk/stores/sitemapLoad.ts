import { DEBUG_EVENT } from '../contract.js';
import { normalizeSitemap } from '../core/normalize.js';
import { buildSearchRequest, searchUrl } from '../core/searchRequest.js';
import { defaultUrlState, resolveDefaultPageSize } from '../core/urlState.js';
import type { RenderContext, SitemapData } from '../core/types.js';
import type { StoreEnv } from '../ports/env.js';
import { unreachable, type ScreenFailure } from './screens.js';

/** How one sitemap request ended: loaded, failed (to be logged), or overtaken by another page. */
export type SitemapOutcome = { ok: true } | { ok: false; failure: ScreenFailure; aborted: boolean };

/** The body of `POST …/sitemap`: the search body's identity fields for the sitemap page. */
export function sitemapRequest(context: RenderContext, page: string): Record<string, unknown> {
  const pageSize = resolveDefaultPageSize(context.additional, context.config);
  const search = buildSearchRequest(context, defaultUrlState({ pageSize }), page);
  const body: Record<string, unknown> = {
    customer: search.customer,
    page,
    environment: search.environment,
    skip_cache: search.skip_cache,
  };
  if (search.region !== undefined) body.region = search.region;
  if (search.locale !== undefined) body.locale = search.locale;
  return body;
}

/**
 * Asks for the sitemap of `page` and hands valid data to `accept`, telling the debug channel each
 * step; the caller owns the loading flag and the abort controller.
 */
export async function requestSitemap(
  env: StoreEnv,
  context: RenderContext,
  page: string,
  signal: AbortSignal,
  accept: (data: SitemapData) => void,
): Promise<SitemapOutcome> {
  const url = searchUrl(context, 'sitemap');
  const body = sitemapRequest(context, page);
  const started = env.now();
  const debug = (phase: string, detail: Record<string, unknown>): void =>
    env.host.dispatch(DEBUG_EVENT, { source: 'search', phase, at: env.now(), url, ...detail });
  const overtaken: SitemapOutcome = {
    ok: false,
    failure: { url, reason: 'the page changed while its sitemap loaded' },
    aborted: true,
  };
  debug('request', { body });
  try {
    const answer = await env.transport.request(url, { method: 'POST', body, signal });
    const latencyMs = Math.round(env.now() - started);
    const data = answer.ok ? normalizeSitemap(answer.json) : null;
    if (signal.aborted) return overtaken;
    if (data) {
      accept(data);
      debug('response', { status: answer.status, latencyMs });
      return { ok: true };
    }
    const failure = {
      url,
      reason: answer.ok ? 'the sitemap reply is not sitemap data' : `the sitemap answered HTTP ${answer.status}`,
    };
    debug('error', { status: answer.status, latencyMs, error: failure.reason });
    return { ok: false, failure, aborted: false };
  } catch (error) {
    if (signal.aborted) return overtaken;
    const failure = { url, reason: unreachable('sitemap') };
    debug('error', { error: `${failure.reason}: ${error instanceof Error ? error.message : String(error)}` });
    return { ok: false, failure, aborted: false };
  }
}
