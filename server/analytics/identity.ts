import { v4 as uuidv4 } from 'uuid';
import { allowShop, orBadRequest, receivedAt, requireToken, type Route, type RouteContext } from './context.js';
import { readJsonObject, type Answer } from './http.js';
import { storableIdentityMetadata } from './privacy.js';
import { bearerToken } from './tokens.js';
import { checkIdentityMetadata, checkShopId, usableDistinctId } from './validate.js';

/** The fields of an identity request, unchecked (they come from a body or a query string). */
export interface IdentityRequest {
  shop_id: unknown;
  distinct_id?: unknown;
  metadata?: unknown;
}

/**
 * Issues a token. The visitor keeps the sub of a valid bearer token for the same shop, so a refresh
 * never splits one shopper in two; else the client's distinct id; else a new UUID.
 */
export async function issueIdentity(ctx: RouteContext, request: IdentityRequest): Promise<Answer> {
  const shopId = orBadRequest(checkShopId(request.shop_id));
  await allowShop(ctx, shopId);
  const metadata = storableIdentityMetadata(orBadRequest(checkIdentityMetadata(request.metadata)));
  const sub = (await currentSub(ctx, shopId)) ?? usableDistinctId(request.distinct_id) ?? uuidv4();
  await ctx.store.recordIdentity(shopId, sub, metadata, receivedAt(ctx));
  return { status: 200, body: { id: await ctx.tokens.issue(sub, shopId) } };
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
  return issueIdentity(ctx, { shop_id: body.shop_id, distinct_id: body.distinct_id, metadata: body.metadata });
};

/** `GET /v3/identity`: the bearer token's `{sub, shop_id, exp}`. */
export const getIdentity: Route = async (ctx) => {
  const { sub, shop_id, exp } = await requireToken(ctx);
  return { status: 200, body: { sub, shop_id, exp } };
};
