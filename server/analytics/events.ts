import { isRecord } from '../../sdk/core/coerce.js';
import { orBadRequest, requireToken, type Route, type RouteContext } from './context.js';
import { HttpError, readJsonObject, type Answer } from './http.js';
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
export function storeEvent(ctx: RouteContext, shopId: string, visitorId: string | null, raw: unknown): Answer {
  const event = orBadRequest(checkEvent(raw));
  const { duplicate } = ctx.store.insertEvent(shopId, visitorId, event);
  return { status: 202, body: { id: event.id, duplicate } };
}

/** `POST /v3/event` with a bearer token: stores one event for the token's shop and visitor. */
export const postEvent: Route = async (ctx) => {
  const claims = await requireToken(ctx);
  return storeEvent(ctx, claims.shop_id, claims.sub, await readJsonObject(ctx.req));
};

/** `POST /v3/batch` with a bearer token: checks and stores each event on its own, in one transaction. */
export const postBatch: Route = async (ctx) => {
  const claims = await requireToken(ctx);
  const { events } = await readJsonObject(ctx.req);
  if (!Array.isArray(events) || events.length < 1 || events.length > MAX_BATCH_EVENTS) {
    throw new HttpError(400, `events must be an array of 1 to ${MAX_BATCH_EVENTS} events`);
  }
  const results = ctx.store.transaction(() =>
    events.map((raw: unknown): BatchResult => {
      const id = isRecord(raw) && typeof raw.id === 'string' ? raw.id : null;
      const checked = checkEvent(raw);
      if (!checked.ok) return { id, status: 400, error: checked.error };
      const { duplicate } = ctx.store.insertEvent(claims.shop_id, claims.sub, checked.value);
      return { id, status: 202, duplicate };
    }),
  );
  return { status: 202, body: { results } };
};

/** `POST /v3/server-event`: an event plus `shop_id` (and optionally `distinct_id`), sent server to server. */
export const postServerEvent: Route = async (ctx) => {
  const body = await readJsonObject(ctx.req);
  const shopId = orBadRequest(checkShopId(body.shop_id));
  const visitor = body.distinct_id;
  if (visitor !== undefined && visitor !== null && !isName(visitor)) {
    throw new HttpError(400, `distinct_id must be a string of 1 to ${MAX_NAME_LENGTH} characters`);
  }
  return storeEvent(ctx, shopId, isName(visitor) ? visitor : null, body);
};

/**
 * `GET /v3/events?shop_id=…&visitor=…&event=…&id=…&limit=…`: stored events in receipt order, for tests
 * and support. An id alone may list several events, one per shop that sent it.
 */
export const listEvents: Route = (ctx) => {
  const query = ctx.url.searchParams;
  const param = (name: string): string | undefined => query.get(name) || undefined;
  const limitText = param('limit');
  // Digits only: Number() would also take "1e3", "0x10" or " 5", which no caller means as a count.
  const limit = limitText === undefined ? MAX_LISTED_EVENTS : /^\d{1,6}$/.test(limitText) ? Number(limitText) : NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LISTED_EVENTS) {
    throw new HttpError(400, `limit must be an integer from 1 to ${MAX_LISTED_EVENTS}`);
  }
  const id = param('id');
  const events = ctx.store.list({
    shopId: param('shop_id'),
    visitor: param('visitor'),
    event: param('event'),
    id: id === undefined ? undefined : normaliseEventId(id),
    limit,
  });
  return { status: 200, body: { events } };
};
