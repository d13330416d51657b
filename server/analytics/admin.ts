import { orBadRequest, receivedAt, requireKey, type Route } from './context.js';
import { canonicalOrigin } from './config.js';
import { HttpError, readJsonObject } from './http.js';
import { issueKey, KEY_KINDS, publicKey } from './keys.js';
import type { KeyKind } from './store.js';
import { checkShopId, MAX_NAME_LENGTH } from './validate.js';

// Key and origin management, behind the admin key. The same operations are a command away
// (`npm run analytics:admin`) for a deployment that keeps its admin key off the network.

/** Most origins one shop may allow. */
export const MAX_SHOP_ORIGINS = 50;

const requireAdmin = async (ctx: Parameters<Route>[0]): Promise<void> => {
  const holder = await requireKey(ctx, []);
  if (holder.role !== 'admin') throw new HttpError(403, 'only the admin key manages keys and origins');
};

/** `POST /v3/keys` `{shop_id, kind: "read" | "server", label?}` → 201 `{key, id, shop_id, kind, label}`; the key is shown this once. */
export const postKey: Route = async (ctx) => {
  await requireAdmin(ctx);
  const body = await readJsonObject(ctx.req);
  const shopId = orBadRequest(checkShopId(body.shop_id));
  if (!KEY_KINDS.includes(body.kind as KeyKind))
    throw new HttpError(400, `kind must be one of ${KEY_KINDS.join(', ')}`);
  const label = body.label ?? '';
  if (typeof label !== 'string' || label.length > MAX_NAME_LENGTH) {
    throw new HttpError(400, `label must be a string of at most ${MAX_NAME_LENGTH} characters`);
  }
  const { key, record } = issueKey(shopId, body.kind as KeyKind, label, new Date(ctx.now()));
  await ctx.store.saveKey(record);
  return { status: 201, body: { key, ...publicKey(record) } };
};

/** `GET /v3/keys?shop_id=…`: the keys issued (never their secrets), revoked ones included. */
export const listKeys: Route = async (ctx) => {
  await requireAdmin(ctx);
  const shop = ctx.url.searchParams.get('shop_id') || undefined;
  return { status: 200, body: { keys: (await ctx.store.listKeys(shop)).map(publicKey) } };
};

/** `DELETE /v3/keys/{id}`: revokes a key at once, on every process sharing the database. */
export const revokeKey: Route = async (ctx) => {
  await requireAdmin(ctx);
  const id = ctx.path.split('/').at(-1) ?? '';
  if (!(await ctx.store.revokeKey(id, receivedAt(ctx)))) throw new HttpError(404, `no key ${id.slice(0, 40)}`);
  return { status: 200, body: { id, revoked: true } };
};

/** `GET /v3/shops/{shop}/origins`: the origins whose pages may call the service for a shop. */
export const getOrigins: Route = async (ctx) => {
  await requireAdmin(ctx);
  const shop = shopOfPath(ctx.path);
  return { status: 200, body: { shop_id: shop, origins: (await ctx.store.allOrigins()).get(shop) ?? [] } };
};

/** `PUT /v3/shops/{shop}/origins` `{origins: ["https://shop.example", …]}`: replaces a shop's allowed origins. */
export const putOrigins: Route = async (ctx) => {
  await requireAdmin(ctx);
  const shop = shopOfPath(ctx.path);
  const { origins } = await readJsonObject(ctx.req);
  if (!Array.isArray(origins) || origins.length > MAX_SHOP_ORIGINS) {
    throw new HttpError(400, `origins must be an array of at most ${MAX_SHOP_ORIGINS} origins`);
  }
  const canonical = origins.map((origin: unknown) => {
    const checked = typeof origin === 'string' ? canonicalOrigin(origin) : undefined;
    if (!checked)
      throw new HttpError(400, `${String(origin).slice(0, 80)} is not an origin such as https://shop.example`);
    return checked;
  });
  await ctx.store.setOrigins(shop, canonical);
  ctx.origins.forget();
  return { status: 200, body: { shop_id: shop, origins: [...new Set(canonical)].sort() } };
};

function shopOfPath(pathname: string): string {
  const segment = /^\/v3\/shops\/([^/]+)\/origins$/.exec(pathname)?.[1] ?? '';
  let shop: string;
  try {
    shop = decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'shop id in the path is malformed');
  }
  return orBadRequest(checkShopId(shop));
}
