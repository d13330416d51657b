import type { IncomingMessage } from 'node:http';
import { HttpError, type Answer } from './http.js';
import type { FaultQueue } from './faults.js';
import { keyHolder, type KeyHolder } from './keys.js';
import type { OriginPolicy } from './origins.js';
import type { RateLimits } from './rateLimits.js';
import type { AnalyticsStore, KeyKind } from './store.js';
import { bearerToken, type TokenIssuer } from './tokens.js';
import type { TokenClaims } from './types.js';

/** What every route gets: the request, its URL, and the service's parts. */
export interface RouteContext {
  req: IncomingMessage;
  url: URL;
  /** The request's path inside the service (`/v3/event`), whatever prefix the service is mounted under. */
  path: string;
  store: AnalyticsStore;
  tokens: TokenIssuer;
  faults: FaultQueue;
  origins: OriginPolicy;
  adminKey: string | undefined;
  /** The rate limits, spent by the routes that store a visitor's events. */
  limits: RateLimits;
  now: () => number;
  /** The query parameters stored event addresses keep (server/analytics/privacy.ts). */
  queryParams: readonly string[];
  /** The page origin allowed to read this answer, once a route has checked it for the shop concerned. */
  granted?: string;
}

/** A route answers, or throws an `HttpError` for the service to answer. */
export type Route = (ctx: RouteContext) => Promise<Answer> | Answer;

/** The moment of receipt as stored beside each event. */
export const receivedAt = (ctx: RouteContext): string => new Date(ctx.now()).toISOString();

/**
 * Refuses (403) a browser page whose origin is not allowed for `shop`, before anything is stored or
 * read; an allowed origin may then read the answer. Callers without an `Origin` (servers, tests) pass.
 */
export async function allowShop(ctx: RouteContext, shop: string | '*'): Promise<void> {
  const origin = ctx.req.headers.origin;
  if (origin === undefined) return;
  if (!(await ctx.origins.allows(ctx.req, origin, shop))) {
    const whose = shop === '*' ? 'every shop' : `shop ${shop}`;
    throw new HttpError(
      403,
      `origin ${origin.slice(0, 200)} is not allowed to call the analytics service for ${whose}`,
    );
  }
  ctx.granted = origin;
}

/** The claims of a valid bearer token (or of `token`, for legacy callers) from an allowed origin; throws 401 or 403 otherwise. */
export async function requireToken(ctx: RouteContext, token = bearerToken(ctx.req)): Promise<TokenClaims> {
  if (!token) throw new HttpError(401, 'missing bearer token');
  const check = await ctx.tokens.verify(token);
  if (!check.ok) throw new HttpError(401, check.error);
  await allowShop(ctx, check.claims.shop_id);
  return check.claims;
}

/**
 * Who holds the request's bearer key, when it is the admin key or a live key of one of `kinds`;
 * throws 401 (no key, or one the service does not know) or 403 (a key of another kind).
 */
export async function requireKey(ctx: RouteContext, kinds: readonly KeyKind[]): Promise<KeyHolder> {
  const presented = bearerToken(ctx.req);
  if (!presented) throw new HttpError(401, 'missing bearer key: send Authorization: Bearer <key>');
  const holder = await keyHolder(presented, ctx.adminKey, ctx.store);
  if (!holder) throw new HttpError(401, 'key is invalid or revoked');
  if (holder.role !== 'admin' && !kinds.includes(holder.role)) {
    throw new HttpError(403, `a ${holder.role} key cannot do this`);
  }
  return holder;
}

/** Throws a 400 carrying the message when a check failed; otherwise returns the checked value. */
export function orBadRequest<T>(checked: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!checked.ok) throw new HttpError(400, checked.error);
  return checked.value;
}
