import { isRecord } from '../../sdk/core/coerce.js';
import { CONVERSION_EVENTS, isConversionKind } from '../../sdk/core/conversion.js';
import { attributeConversions } from './attribution.js';
import {
  allowShop,
  orBadRequest,
  receivedAt,
  requireKey,
  requireToken,
  type Route,
  type RouteContext,
} from './context.js';
import { HttpError, readJsonObject, type Answer } from './http.js';
import { storableEvent } from './privacy.js';
import { checkEvent, checkShopId, isName, MAX_NAME_LENGTH, normaliseEventId } from './validate.js';

/** Most events one `POST /v3/batch` may carry. */
export const MAX_BATCH_EVENTS = 100;
/** Most events one `GET /v3/events` lists (and the default). */
export const MAX_LISTED_EVENTS = 10_000;

/** One event's outcome in a batch answer; `id` is as the client sent it, so it can match its own events. */
export interface BatchResult {
  id: string | null;
  status: 202 | 400;
  duplicate?: boolean;
  error?: string;
}

/** Checks and stores one event for a shop and visitor; answers 202 `{id, duplicate}`. */
export async function storeEvent(
  ctx: RouteContext,
  shopId: string,
  visitorId: string | null,
  raw: unknown,
): Promise<Answer> {
  const event = storableEvent(orBadRequest(checkEvent(raw, ctx.now())), ctx.queryParams);
  const rows = await attributeConversions(ctx.store, [{ shopId, visitorId, event, receivedAt: receivedAt(ctx) }]);
  const [duplicate] = await ctx.store.insertEvents(rows);
  return { status: 202, body: { id: event.id, duplicate } };
}

/** `POST /v3/event` with a bearer token: stores one event for the token's shop and visitor. */
export const postEvent: Route = async (ctx) => {
  const claims = await requireToken(ctx);
  await ctx.limits.events(claims.shop_id, claims.sub, 1);
  return storeEvent(ctx, claims.shop_id, claims.sub, await readJsonObject(ctx.req));
};

/** `POST /v3/batch` with a bearer token: checks each event on its own and stores the good ones in one transaction. */
export const postBatch: Route = async (ctx) => {
  const claims = await requireToken(ctx);
  // A visitor already over its limit is refused before its (up to 256 KiB) body is read.
  ctx.limits.refuseIfOver(claims.shop_id, claims.sub);
  const { events } = await readJsonObject(ctx.req);
  checkBatch(events);
  await ctx.limits.events(claims.shop_id, claims.sub, events.length);
  return { status: 202, body: { results: await storeBatch(ctx, claims.shop_id, claims.sub, events) } };
};

/** Throws 400 unless `events` is an array of 1 to 100 entries. */
export function checkBatch(events: unknown): asserts events is unknown[] {
  if (!Array.isArray(events) || events.length < 1 || events.length > MAX_BATCH_EVENTS) {
    throw new HttpError(400, `events must be an array of 1 to ${MAX_BATCH_EVENTS} events`);
  }
}

/** Checks each event of a batch on its own and stores the good ones for a shop and visitor in one transaction. */
export async function storeBatch(
  ctx: RouteContext,
  shopId: string,
  visitorId: string,
  events: unknown[],
): Promise<BatchResult[]> {
  const at = receivedAt(ctx);
  const checked = events.map((raw: unknown) => ({
    id: isRecord(raw) && typeof raw.id === 'string' ? raw.id : null,
    result: checkEvent(raw, ctx.now()),
  }));
  const good = checked.flatMap(({ result }) => (result.ok ? [storableEvent(result.value, ctx.queryParams)] : []));
  const rows = await attributeConversions(
    ctx.store,
    good.map((event) => ({ shopId, visitorId, event, receivedAt: at })),
  );
  const duplicates = await ctx.store.insertEvents(rows);
  let next = 0;
  return checked.map(({ id, result }): BatchResult => {
    if (!result.ok) return { id, status: 400, error: result.error };
    return { id, status: 202, duplicate: duplicates[next++]! };
  });
}

/**
 * `POST /v3/server-event` with a server key: an event of the key's shop (a `shop_id` in the body must
 * name the same shop), optionally for a visitor (`distinct_id`), sent server to server: a retailer's
 * back end reports orders this way (`purchase`, `add_to_cart`), attributed to that visitor's clicks.
 */
export const postServerEvent: Route = async (ctx) => {
  const holder = await requireKey(ctx, ['server']);
  if (holder.role === 'admin')
    throw new HttpError(403, 'the admin key reads and manages; send server events with a server key');
  const body = await readJsonObject(ctx.req);
  if (body.shop_id !== undefined) {
    const named = orBadRequest(checkShopId(body.shop_id));
    if (named !== holder.shopId)
      throw new HttpError(403, `this server key sends events for shop ${holder.shopId} only`);
  }
  await allowShop(ctx, holder.shopId);
  const visitor = body.distinct_id;
  if (visitor !== undefined && visitor !== null && !isName(visitor)) {
    throw new HttpError(400, `distinct_id must be a string of 1 to ${MAX_NAME_LENGTH} characters`);
  }
  // A retailer's back end may name a conversion by its short name (`purchase`).
  const event = isConversionKind(body.event) ? CONVERSION_EVENTS[body.event] : body.event;
  return storeEvent(ctx, holder.shopId, isName(visitor) ? visitor : null, { ...body, event });
};

/**
 * `GET /v3/events?shop_id=…&visitor=…&event=…&id=…&limit=…` with the admin key (any shop, or all)
 * or a shop's read key (that shop only): stored events in receipt order, for support and tests.
 */
export const listEvents: Route = async (ctx) => {
  const holder = await requireKey(ctx, ['read']);
  const query = ctx.url.searchParams;
  const param = (name: string): string | undefined => {
    const value = query.get(name) || undefined;
    if (value !== undefined && !isName(value))
      throw new HttpError(400, `${name} must be 1 to ${MAX_NAME_LENGTH} characters`);
    return value;
  };
  const limitText = query.get('limit') || undefined;
  // Digits only: Number() would also take "1e3", "0x10" or " 5", which no caller means as a count.
  const limit = limitText === undefined ? MAX_LISTED_EVENTS : /^\d{1,6}$/.test(limitText) ? Number(limitText) : NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LISTED_EVENTS) {
    throw new HttpError(400, `limit must be an integer from 1 to ${MAX_LISTED_EVENTS}`);
  }
  let shopId = param('shop_id');
  if (holder.role !== 'admin') {
    if (shopId !== undefined && shopId !== holder.shopId) {
      throw new HttpError(403, `this read key reads shop ${holder.shopId} only`);
    }
    shopId = holder.shopId;
  }
  await allowShop(ctx, shopId ?? '*');
  const id = param('id');
  const events = await ctx.store.list({
    shopId,
    visitor: param('visitor'),
    event: param('event'),
    id: id === undefined ? undefined : normaliseEventId(id),
    limit,
  });
  return { status: 200, body: { events } };
};
