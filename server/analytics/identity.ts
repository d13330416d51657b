import { v4 as uuidv4 } from 'uuid';
import { allowShop, orBadRequest, receivedAt, requireToken, type Route, type RouteContext } from './context.js';
import { readJsonObject, type Answer } from './http.js';
import { checkBatch, storeBatch } from './events.js';
import { storableIdentityMetadata } from './privacy.js';
import { bearerToken } from './tokens.js';
import { checkIdentityMetadata, checkShopId, usableDistinctId } from './validate.js';

/** The fields of an identity request, unchecked (they come from a body or a query string). */
export interface IdentityRequest {
  shop_id: unknown;
  distinct_id?: unknown;
  metadata?: unknown;
  /** Events to store for the identity's visitor at once (1 to 100), from a page that cannot keep a token. */
  events?: unknown;
}

/**
 * Issues a token. The visitor keeps the sub of a valid bearer token for the same shop, so a refresh
 * never splits one shopper in two; else the client's distinct id; else a new UUID.
 */
export async function issueIdentity(ctx: RouteContext, request: IdentityRequest): Promise<Answer> {
  const shopId = orBadRequest(checkShopId(request.shop_id));
  await allowShop(ctx, shopId);
  const metadata = storableIdentityMetadata(orBadRequest(checkIdentityMetadata(request.metadata)));
  // A page that cannot store a token (storage full) sends its events with the request, in one go.
  if (request.events !== undefined) checkBatch(request.events);
  const sub = (await currentSub(ctx, shopId)) ?? usableDistinctId(request.distinct_id) ?? uuidv4();
  await ctx.store.recordIdentity(shopId, sub, metadata, receivedAt(ctx));
  const id = await ctx.tokens.issue(sub, shopId);
  if (request.events === undefined) return { status: 200, body: { id } };
  return { status: 200, body: { id, results: await storeBatch(ctx, shopId, sub, request.events as unknown[]) } };
}

// An invalid or expired bearer token is not an error here: asking for a new identity is how it is replaced.
async function currentSub(ctx: RouteContext, shopId: string): Promise<string | undefined> {
  const token = bearerToken(ctx.req);
  if (!token) return undefined;
  const check = await ctx.tokens.verify(token);
  return check.ok && check.claims.shop_id === shopId ? check.claims.sub : undefined;
}

/** `POST /v3/identity` and the legacy `POST /v2/getIdentity`: `{shop_id, distinct_id?, metadata?}` → `{id}`. */
export const postIdentity: Route = async (ctx) => {
  const body = await readJsonObject(ctx.req);
  const { shop_id, distinct_id, metadata, events } = body;
  return issueIdentity(ctx, { shop_id, distinct_id, metadata, events });
};

/** `GET /v3/identity`: the bearer token's `{sub, shop_id, exp}`. */
export const getIdentity: Route = async (ctx) => {
  const { sub, shop_id, exp } = await requireToken(ctx);
  return { status: 200, body: { sub, shop_id, exp } };
};
