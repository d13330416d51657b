import { v4 as uuidv4 } from 'uuid';
import { requireToken, type Route, type RouteContext } from './context.js';
import { storeEvent } from './events.js';
import { HttpError, readJsonObject, type Answer } from './http.js';
import { issueIdentity } from './identity.js';
import { bearerToken } from './tokens.js';

// Older embeds still call these; they answer like their v3 counterparts.

/** Legacy `GET /getIdentity?shop_id=…&distinct_id=…` → `{id}`. */
export const getIdentityByQuery: Route = (ctx) => {
  const query = ctx.url.searchParams;
  return issueIdentity(ctx, {
    shop_id: query.get('shop_id') ?? undefined,
    distinct_id: query.get('distinct_id') ?? undefined,
  });
};

async function trackLegacyEvent(ctx: RouteContext, token: unknown, raw: Record<string, unknown>): Promise<Answer> {
  const claims = await requireToken(ctx, typeof token === 'string' && token !== '' ? token : undefined);
  await ctx.limits.events(claims.shop_id, claims.sub, 1);
  // Legacy callers predate ids, sequence numbers and environments: fill in what they never sent.
  const event = {
    ...raw,
    id: raw.id ?? uuidv4(),
    seq: raw.seq ?? 0,
    data: raw.data ?? {},
    timestamp: raw.timestamp ?? new Date(ctx.now()).toISOString(),
    environment: raw.environment ?? 'unknown',
  };
  return storeEvent(ctx, claims.shop_id, claims.sub, event);
}

/** Legacy `POST /v2/trackEvent`: an event plus `token` (a bearer header is accepted when the body has none). */
export const postLegacyEvent: Route = async (ctx) => {
  const { token, ...raw } = await readJsonObject(ctx.req);
  return trackLegacyEvent(ctx, token ?? bearerToken(ctx.req), raw);
};

/** Legacy `GET /trackEvent?token=…&event=…&url=…&id=…`. */
export const getLegacyEvent: Route = (ctx) => {
  const query = ctx.url.searchParams;
  const raw: Record<string, unknown> = { event: query.get('event') ?? undefined, url: query.get('url') ?? undefined };
  if (query.get('id')) raw.id = query.get('id');
  return trackLegacyEvent(ctx, query.get('token') ?? bearerToken(ctx.req), raw);
};

/**
 * Which legacy paths a service serves (`ANALYTICS_LEGACY_PATHS`): `all` (the default), `post` (not the
 * GET ones, which carry the token in the URL, where proxies and servers log it), or `none`.
 */
export type LegacyPaths = 'all' | 'post' | 'none';

/** The legacy paths, by the method they take, and what a caller should use instead. */
export const LEGACY_ROUTES: Readonly<Record<string, { method: 'GET' | 'POST'; instead: string }>> = {
  '/getIdentity': { method: 'GET', instead: 'POST /v3/identity' },
  '/trackEvent': { method: 'GET', instead: 'POST /v3/event with Authorization: Bearer <token>' },
  '/v2/getIdentity': { method: 'POST', instead: 'POST /v3/identity' },
  '/v2/trackEvent': { method: 'POST', instead: 'POST /v3/event with Authorization: Bearer <token>' },
};

/** True when `path` is a legacy path the setting switched off. */
export function isSwitchedOff(path: string, setting: LegacyPaths): boolean {
  const legacy = LEGACY_ROUTES[path];
  return legacy !== undefined && (setting === 'none' || (setting === 'post' && legacy.method === 'GET'));
}

/** The route a switched-off legacy path answers with: 410, saying what to use instead. */
export function switchedOff(path: string): Route {
  return () => {
    throw new HttpError(410, `${path} is switched off on this service; use ${LEGACY_ROUTES[path]!.instead}`);
  };
}

/** A request URL fit for a log line: the value of any token in its query is replaced by `[redacted]`. */
export function withoutTokens(url: string): string {
  return url.replace(/([?&](?:token|access_token|id_token)=)[^&#]*/gi, '$1[redacted]');
}
