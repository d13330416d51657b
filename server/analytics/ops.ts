import { orBadRequest, type Route } from './context.js';
import { checkFault } from './faults.js';
import { readJsonObject, type Answer } from './http.js';
import { pingWithin, unavailableAnswer } from './outage.js';

/** The version `GET /` reports. */
export const ANALYTICS_SERVICE_VERSION = '3.0.0';

/** `GET /`: names the service. */
export const describe: Route = () => ({
  status: 200,
  body: { service: 'aisle-analytics', version: ANALYTICS_SERVICE_VERSION },
});

/** `GET /ping`. */
export const ping: Route = () => ({ status: 200, body: { pong: true } });

/** What liveness answers: the process answers, whether or not its database does. */
export const ALIVE: Answer = { status: 200, body: { status: 'ok' } };

/** `/health/liveness`: the process answers. */
export const liveness: Route = () => ALIVE;

/** `/health/readiness`: 200 when the database answers `select 1` within 0.8 s, else 503. */
export const readiness: Route = async (ctx) =>
  (await pingWithin(ctx.store))
    ? { status: 200, body: { status: 'ok' } }
    : { ...unavailableAnswer(), body: { status: 'error' } };

/** What a path answers while the service has no database to ask (connecting, or closing). */
export function withoutDatabase(path: string, why: string): Answer {
  if (path === '/health/liveness') return ALIVE;
  if (path === '/health/readiness') return { ...unavailableAnswer(), body: { status: 'error' } };
  if (path === '/health/downstream') return { ...unavailableAnswer(), body: { database: 'error' } };
  return unavailableAnswer(`analytics database unavailable: ${why}`);
}

/** `/health/downstream`: the state of each dependency (only the database). */
export const downstream: Route = async (ctx) => {
  const ok = await pingWithin(ctx.store);
  return { status: ok ? 200 : 503, body: { database: ok ? 'ok' : 'error', store: ctx.store.kind } };
};

// The controls below exist only when the service is created with `controls: true` (the local stack).

/** `POST /__control/faults`: queues a fault for the next `count` matching requests. */
export const queueFault: Route = async (ctx) => {
  const fault = orBadRequest(checkFault(await readJsonObject(ctx.req)));
  ctx.faults.add(fault);
  return { status: 201, body: { faults: ctx.faults.list() } };
};

/** `GET /__control/faults`: the faults still queued. */
export const listFaults: Route = (ctx) => ({ status: 200, body: { faults: ctx.faults.list() } });

/** `DELETE /__control/faults`: drops every queued fault. */
export const clearFaults: Route = (ctx) => {
  ctx.faults.clear();
  return { status: 200, body: { faults: [] } };
};

/** `POST /__control/reset`: empties stored events and identities. */
export const resetStorage: Route = async (ctx) => {
  await ctx.store.reset();
  return { status: 200, body: { reset: true } };
};
