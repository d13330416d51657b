import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Route, RouteContext } from './context.js';
import { postBatch, postEvent, postServerEvent, listEvents } from './events.js';
import { createFaultQueue, isControlPath, type Fault } from './faults.js';
import { HttpError, sendAnswer, sendPreflight } from './http.js';
import { getIdentity, postIdentity } from './identity.js';
import { getIdentityByQuery, getLegacyEvent, postLegacyEvent } from './legacy.js';
import * as ops from './ops.js';
import { openAnalyticsStore } from './store.js';
import { createTokenIssuer, DEV_ANALYTICS_SECRET } from './tokens.js';
import type { AnalyticsService, AnalyticsServiceOptions } from './types.js';

/** Where the service keeps its database unless told otherwise (relative to the working directory). */
export const DEFAULT_ANALYTICS_DB_PATH = 'data/analytics.sqlite';

type RouteTable = Record<string, Partial<Record<string, Route>>>;

const ROUTES: RouteTable = {
  '/': { GET: ops.describe },
  '/ping': { GET: ops.ping },
  '/health/liveness': { GET: ops.liveness },
  '/health/readiness': { GET: ops.readiness },
  '/health/downstream': { GET: ops.downstream },
  '/v3/identity': { GET: getIdentity, POST: postIdentity },
  '/v3/event': { POST: postEvent },
  '/v3/batch': { POST: postBatch },
  '/v3/server-event': { POST: postServerEvent },
  '/v3/events': { GET: listEvents },
  '/getIdentity': { GET: getIdentityByQuery },
  '/v2/getIdentity': { POST: postIdentity },
  '/v2/trackEvent': { POST: postLegacyEvent },
  '/trackEvent': { GET: getLegacyEvent },
};

const CONTROL_ROUTES: RouteTable = {
  '/__control/faults': { GET: ops.listFaults, POST: ops.queueFault, DELETE: ops.clearFaults },
  '/__control/reset': { POST: ops.resetStorage },
};

/** Creates the analytics service (identity, event, legacy and health endpoints) over a SQLite database. */
export function createAnalyticsService(options: AnalyticsServiceOptions = {}): AnalyticsService {
  const now = options.now ?? Date.now;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // An empty ANALYTICS_SECRET counts as unset rather than as a (rejected) empty key.
  const secret = options.secret ?? (process.env.ANALYTICS_SECRET || DEV_ANALYTICS_SECRET);
  const tokens = createTokenIssuer(secret, options.tokenTtlSeconds ?? 3600, now);
  const store = openAnalyticsStore(options.dbPath ?? DEFAULT_ANALYTICS_DB_PATH, now);
  const faults = createFaultQueue();
  const routes: RouteTable = options.controls ? { ...ROUTES, ...CONTROL_ROUTES } : ROUTES;

  async function dispatch(req: IncomingMessage, res: ServerResponse, rawPath: string): Promise<void> {
    if (req.method === 'OPTIONS') return sendPreflight(req, res);
    const path = normalisePath(rawPath);
    const methods = routes[path];
    if (!methods) throw new HttpError(404, `no analytics endpoint at ${path}`);
    // HEAD is GET without a body (Node drops the body), so load-balancer probes work.
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const route = methods[method];
    if (!route)
      throw new HttpError(405, `${method} is not allowed on ${path}; use ${Object.keys(methods).join(' or ')}`);
    const fault = isControlPath(path) ? undefined : faults.take(path);
    if (fault && (await applyFault(fault, req, res, wait))) return;
    const ctx: RouteContext = { req, url: requestUrl(req), store, tokens, faults, now };
    sendAnswer(req, res, await route(ctx));
  }

  return {
    async handle(req, res, path) {
      try {
        await dispatch(req, res, path);
      } catch (error) {
        if (error instanceof HttpError)
          return sendAnswer(req, res, { status: error.status, body: { error: error.message } });
        if (!store.ping())
          return sendAnswer(req, res, { status: 503, body: { error: 'analytics database unavailable' } });
        console.error('[analytics] request failed:', error);
        sendAnswer(req, res, { status: 500, body: { error: 'internal error' } });
      }
    },
    close() {
      faults.clear();
      store.close();
    },
    stored: (shopId) => store.list({ shopId }),
  };
}

/** Applies a fault; true when it answered (or refused) the request itself. */
async function applyFault(
  fault: Fault,
  req: IncomingMessage,
  res: ServerResponse,
  wait: (ms: number) => Promise<void>,
): Promise<boolean> {
  if (fault.mode === 'delay') {
    await wait(fault.delayMs ?? 0);
    return false;
  }
  if (fault.mode === 'refuse') {
    req.socket.destroy();
    return true;
  }
  const headers = fault.retryAfter === undefined ? undefined : { 'retry-after': String(fault.retryAfter) };
  const status = fault.status ?? 503;
  sendAnswer(req, res, { status, body: { error: `injected fault: status ${status}` }, headers });
  return true;
}

function normalisePath(rawPath: string): string {
  const path = rawPath.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
  return path.startsWith('/') ? path : `/${path}`;
}

function requestUrl(req: IncomingMessage): URL {
  try {
    return new URL(req.url ?? '/', 'http://analytics.invalid');
  } catch {
    throw new HttpError(400, 'request URL is malformed');
  }
}
