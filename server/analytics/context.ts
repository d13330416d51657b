import type { IncomingMessage } from 'node:http';
import { HttpError, type Answer } from './http.js';
import type { FaultQueue } from './faults.js';
import type { AnalyticsStore } from './store.js';
import { bearerToken, type TokenIssuer } from './tokens.js';
import type { TokenClaims } from './types.js';

/** What every route gets: the request, its URL, and the service's parts. */
export interface RouteContext {
  req: IncomingMessage;
  url: URL;
  store: AnalyticsStore;
  tokens: TokenIssuer;
  faults: FaultQueue;
  now: () => number;
}

/** A route answers, or throws an `HttpError` for the service to answer. */
export type Route = (ctx: RouteContext) => Promise<Answer> | Answer;

/** The claims of a valid bearer token (or of `token`, for legacy callers); throws 401 otherwise. */
export async function requireToken(ctx: RouteContext, token = bearerToken(ctx.req)): Promise<TokenClaims> {
  if (!token) throw new HttpError(401, 'missing bearer token');
  const check = await ctx.tokens.verify(token);
  if (!check.ok) throw new HttpError(401, check.error);
  return check.claims;
}

/** Throws a 400 carrying the message when a check failed; otherwise returns the checked value. */
export function orBadRequest<T>(checked: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!checked.ok) throw new HttpError(400, checked.error);
  return checked.value;
}
