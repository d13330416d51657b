import { orBadRequest, type Route } from './context.js';
import { checkFault } from './faults.js';
import { readJsonObject } from './http.js';

/** The version `GET /` reports. */
export const ANALYTICS_SERVICE_VERSION = '3.0.0';

/** `GET /`: names the service. */
export const describe: Route = () => ({
  status: 200,
  body: { service: 'aisle-analytics', version: ANALYTICS_SERVICE_VERSION },
});

/** `GET /ping`. */
export const ping: Route = () => ({ status: 200, body: { pong: true } });

/** `/health/liveness`: the process answers. */
export const liveness: Route = () => ({ status: 200, body: { status: 'ok' } });

/** `/health/readiness`: 200 when the database answers `select 1`, else 503. */
export const readiness: Route = async (ctx) =>
  (await ctx.store.ping()) ? { status: 200, body: { status: 'ok' } } : { status: 503, body: { status: 'error' } };

/** `/health/downstream`: the state of each dependency (only the database). */
export const downstream: Route = async (ctx) => {
  const ok = await ctx.store.ping();
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
