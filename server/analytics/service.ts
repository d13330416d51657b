import type { IncomingMessage, ServerResponse } from 'node:http';
import * as admin from './admin.js';
import { configFromEnv } from './config.js';
import type { Route, RouteContext } from './context.js';
import { postBatch, postEvent, postServerEvent, listEvents } from './events.js';
import { getReport } from './report.js';
import { createFaultQueue, isControlPath, type Fault } from './faults.js';
import { HttpError, sendAnswer, sendPreflight } from './http.js';
import { getIdentity, postIdentity } from './identity.js';
import {
  getIdentityByQuery,
  getLegacyEvent,
  isSwitchedOff,
  postLegacyEvent,
  switchedOff,
  withoutTokens,
} from './legacy.js';
import * as ops from './ops.js';
import { serviceQueryParams } from './privacy.js';
import * as visitors from './visitors.js';
import { findVisitorByCode } from './visitorCodes.js';
import { scheduleRetention } from './retention.js';
import { createOriginPolicy } from './origins.js';
import { openAnalyticsStore } from './openStore.js';
import { isDatabaseUnavailable, openWhenReachable, pingWithin, unavailableAnswer } from './outage.js';
import type { AnalyticsStore } from './store.js';
import { createTokenIssuer, type TokenIssuer } from './tokens.js';
import { startKeyRoll, type KeyRoll } from './keyRoll.js';
import { createRateLimits, type RateLimits } from './rateLimits.js';
import { createRefusalHold } from './refusalHold.js';
import type { AnalyticsService, AnalyticsServiceOptions } from './types.js';

/** Where the service keeps its SQLite database unless told otherwise (relative to the working directory). */
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
  '/v3/report': { GET: getReport },
  '/v3/keys': { GET: admin.listKeys, POST: admin.postKey },
  '/v3/keys/{id}': { DELETE: admin.revokeKey },
  '/v3/shops/{shop}/origins': { GET: admin.getOrigins, PUT: admin.putOrigins },
  // Shoppers' rights (visitors.ts).
  '/v3/visitors/{id}': { DELETE: visitors.eraseVisitor },
  '/v3/visitors/{id}/events': { GET: visitors.exportVisitor },
  '/v3/audit': { GET: visitors.listAudit },
  // Support finds a visitor by the code their page shows (visitorCodes.ts).
  '/v3/visitor-codes/{code}': { GET: findVisitorByCode },
  '/getIdentity': { GET: getIdentityByQuery },
  '/v2/getIdentity': { POST: postIdentity },
  '/v2/trackEvent': { POST: postLegacyEvent },
  '/trackEvent': { GET: getLegacyEvent },
};

// The paths anyone may call (no key): each request counts against its client address's limit.
const ADDRESS_LIMITED = new Set([
  '/v3/identity',
  '/v3/event',
  '/v3/batch',
  '/getIdentity',
  '/v2/getIdentity',
  '/v2/trackEvent',
  '/trackEvent',
]);

// Paths with a parameter, by the route they stand for.
const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/^\/v3\/keys\/[^/]+$/, '/v3/keys/{id}'],
  [/^\/v3\/shops\/[^/]+\/origins$/, '/v3/shops/{shop}/origins'],
  [/^\/v3\/visitors\/[^/]+$/, '/v3/visitors/{id}'],
  [/^\/v3\/visitors\/[^/]+\/events$/, '/v3/visitors/{id}/events'],
  [/^\/v3\/visitor-codes\/[^/]+$/, '/v3/visitor-codes/{code}'],
];

const CONTROL_ROUTES: RouteTable = {
  '/__control/faults': { GET: ops.listFaults, POST: ops.queueFault, DELETE: ops.clearFaults },
  '/__control/reset': { POST: ops.resetStorage },
};

/**
 * Creates the analytics service (identity, event, key, legacy and health endpoints) over SQLite or,
 * with a database URL, PostgreSQL. Options left out come from the environment (`configFromEnv`),
 * which refuses an unsafe start (no key of its own, a published or short key outside development):
 * that `ConfigError` is thrown here.
 */
export function createAnalyticsService(options: AnalyticsServiceOptions = {}): AnalyticsService {
  const now = options.now ?? Date.now;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const environment = options.env ?? process.env;
  const env = configFromEnv(
    environment,
    new Date(now()),
    options.development ?? environment.NODE_ENV === 'development',
  );
  const signingKeys = options.secret !== undefined ? [{ secret: options.secret, until: null }] : env.signingKeys;
  const issuer = createTokenIssuer(signingKeys, options.tokenTtlSeconds ?? 3600, now);
  // Before signing, the key every process verifies is looked up again when it is 10 s old.
  const tokens: TokenIssuer = {
    ...issuer,
    issue: async (sub, shopId) => {
      await roll?.refreshIfDue();
      return issuer.issue(sub, shopId);
    },
  };
  const adminKey = options.adminKey ?? env.adminKey;
  const databaseUrl = options.databaseUrl ?? (options.dbPath === undefined ? env.databaseUrl : undefined);
  let closed = false;
  const location = {
    databaseUrl,
    dbPath: options.dbPath ?? env.dbPath ?? DEFAULT_ANALYTICS_DB_PATH,
    poolSize: options.poolSize,
  };
  // A database that cannot be reached yet is tried again; meanwhile every request but liveness gets 503.
  const opening = openWhenReachable(
    () => openAnalyticsStore(location),
    wait,
    () => closed,
  );
  let store: AnalyticsStore | undefined;
  let failure: Error | undefined;
  let roll: KeyRoll | undefined;
  let limits: RateLimits | undefined;
  const rateLimits = options.rateLimits ?? env.rateLimits;
  const refusals = createRefusalHold(rateLimits.holdMs, wait);
  let stopRetention: (() => void) | undefined;
  const ready = opening.then(
    async (opened) => {
      limits = createRateLimits(opened, rateLimits);
      roll = startKeyRoll(opened, tokens, now);
      await roll.refresh();
      store = opened;
      if (options.retention !== false)
        stopRetention = scheduleRetention({ store: opened, days: env.retentionDays, now });
    },
    (error: Error) => {
      failure = error;
      throw error;
    },
  );
  ready.catch(() => undefined);
  const faults = createFaultQueue();
  const queryParams = serviceQueryParams(env.queryParams);
  const legacy = options.legacyPaths ?? env.legacyPaths;
  const routes: RouteTable = Object.fromEntries(
    Object.entries(options.controls ? { ...ROUTES, ...CONTROL_ROUTES } : ROUTES).map(([path, methods]) => [
      path,
      isSwitchedOff(path, legacy) ? { GET: switchedOff(path), POST: switchedOff(path) } : methods,
    ]),
  );
  const originOptions = {
    everyShop: options.allowedOrigins ?? env.allowedOrigins,
    loopback: options.loopbackOrigins ?? false,
    now,
  };
  let origins: ReturnType<typeof createOriginPolicy> | undefined;

  async function dispatch(
    req: IncomingMessage,
    res: ServerResponse,
    rawPath: string,
    opened: AnalyticsStore,
  ): Promise<void> {
    origins ??= createOriginPolicy({ ...originOptions, store: opened });
    const origin = req.headers.origin;
    if (req.method === 'OPTIONS') {
      return sendPreflight(
        res,
        origin !== undefined && (await origins.allows(req, origin, undefined)) ? origin : undefined,
      );
    }
    const path = normalisePath(rawPath);
    const methods = routes[path] ?? routes[PATTERNS.find(([pattern]) => pattern.test(path))?.[1] ?? ''];
    if (!methods) throw new HttpError(404, `no analytics endpoint at ${path.slice(0, 200)}`);
    // HEAD is GET without a body (Node drops the body), so load-balancer probes work.
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const route = methods[method];
    if (!route)
      throw new HttpError(405, `${method} is not allowed on ${path}; use ${Object.keys(methods).join(' or ')}`);
    // A client address's requests are counted before anything is read or checked: a flood costs little.
    if (ADDRESS_LIMITED.has(path)) await limits!.fromAddress(req);
    const fault = isControlPath(path) ? undefined : faults.take(path);
    if (fault && (await applyFault(fault, req, res, wait, await sharedOrigin(req)))) return;
    const ctx: RouteContext = {
      req,
      url: requestUrl(req),
      path,
      store: opened,
      tokens,
      faults,
      origins,
      adminKey,
      limits: limits!,
      now,
      queryParams,
    };
    try {
      const answer = await route(ctx);
      sendAnswer(req, res, answer, ctx.granted ?? (await sharedOrigin(req)));
    } catch (error) {
      // A refusal may tell a page why (so the client can renew its token), never another shop's data.
      (error as { granted?: string }).granted = ctx.granted;
      throw error;
    }
  }

  // An answer that concerns no shop (a health check, a refusal) may be read by any shop's page.
  async function sharedOrigin(req: IncomingMessage): Promise<string | undefined> {
    const origin = req.headers.origin;
    if (origin === undefined || !origins) return undefined;
    return (await origins.allows(req, origin, undefined).catch(() => false)) ? origin : undefined;
  }

  return {
    ready,
    async handle(req, res, path) {
      if (!store || closed) {
        const why = closed ? 'the service is closing' : failure ? failure.message : 'still connecting';
        return sendAnswer(req, res, ops.withoutDatabase(normalisePath(path), why));
      }
      try {
        await dispatch(req, res, path, store);
      } catch (error) {
        const origin = (error as { granted?: string }).granted ?? (await sharedOrigin(req));
        // A flood's refusal waits a moment, so its connections send little (refusalHold.ts).
        if (error instanceof HttpError && error.status === 429) await refusals.hold();
        if (error instanceof HttpError)
          return sendAnswer(
            req,
            res,
            { status: error.status, body: { error: error.message }, headers: error.headers },
            origin,
          );
        // An outage is told by the error, or, for one the error does not name, by a database that does not answer now.
        if (isDatabaseUnavailable(error) || !(await pingWithin(store)))
          return sendAnswer(req, res, unavailableAnswer(), origin);
        // The URL may be a legacy one carrying a token in its query: never into the log.
        console.error(`[analytics] request failed: ${req.method} ${withoutTokens(req.url ?? '')}:`, error);
        sendAnswer(req, res, { status: 500, body: { error: 'internal error' } }, origin);
      }
    },
    async close() {
      closed = true;
      faults.clear();
      stopRetention?.();
      await ready.catch(() => undefined);
      await roll?.stop();
      limits?.close();
      await store?.close();
    },
    async stored(shopId) {
      await ready;
      return store!.list({ shopId });
    },
  };
}

/** Applies a fault; true when it answered (or refused) the request itself. */
async function applyFault(
  fault: Fault,
  req: IncomingMessage,
  res: ServerResponse,
  wait: (ms: number) => Promise<void>,
  origin: string | undefined,
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
  sendAnswer(req, res, { status, body: { error: `injected fault: status ${status}` }, headers }, origin);
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
