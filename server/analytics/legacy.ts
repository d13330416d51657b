import { v4 as uuidv4 } from 'uuid';
import { requireToken, type Route, type RouteContext } from './context.js';
import { storeEvent } from './events.js';
import { readJsonObject, type Answer } from './http.js';
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
