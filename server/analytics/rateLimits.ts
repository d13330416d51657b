/**
 * Rate limits per visitor, shop and client address (429 with `Retry-After`). Counters live in the shared
 * database so N processes enforce one limit; a key over its limit is then refused from memory until its
 * window ends, so a flood costs the database nothing more and other shops' events do not queue behind it.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import {
  RateLimiterPostgres,
  RateLimiterRes,
  RateLimiterSQLite,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { HttpError } from './http.js';
import type { AnalyticsStore } from './store.js';

/** One limit: at most `points` (events, or requests for an address) per `seconds`. */
export interface Limit {
  points: number;
  seconds: number;
}

/** The limits of a service; a limit left null is not enforced. */
export interface RateLimitSettings {
  /** Events one visitor of one shop (one token's `sub`) may send. */
  visitor: Limit | null;
  /** Events one shop's visitors may send together. */
  shop: Limit | null;
  /** Identity and event requests from one client address. */
  address: Limit | null;
  /** Load balancers whose `X-Forwarded-For` names the client (else the connection's address is the client). */
  trustedProxies: string[];
  /** Milliseconds a 429 is held before it is sent, so a flood's connections send little (refusalHold.ts); 0 sends at once. */
  holdMs: number;
}

/** The documented defaults: far above an honest page, far below a flood. */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  visitor: { points: 300, seconds: 60 },
  shop: { points: 60_000, seconds: 60 },
  address: { points: 1200, seconds: 60 },
  trustedProxies: [],
  holdMs: 1000,
};

/** No limit at all (the fault-injection chaos tests, which must not be slowed by limits they do not test). */
export const NO_RATE_LIMITS: RateLimitSettings = {
  visitor: null,
  shop: null,
  address: null,
  trustedProxies: [],
  holdMs: 0,
};

/** The table both stores keep the counters in (created by their schemas, in rate-limiter-flexible's shape). */
export const RATE_LIMIT_TABLE = 'rate_limits';

/** Spends a request's share of each limit, or throws 429 with `Retry-After`. */
export interface RateLimits {
  /** One request from the client address of `req`. */
  fromAddress(req: IncomingMessage): Promise<void>;
  /** `count` events of a visitor (null for none) of a shop. */
  events(shopId: string, visitorId: string | null, count: number): Promise<void>;
  /** Refuses, before its body is read, a request of a visitor or shop already over its limit (from memory). */
  refuseIfOver(shopId: string, visitorId: string): void;
  /** Stops sweeping expired counters (before the store closes). */
  close(): void;
}

/** How often counters whose window ended more than an hour ago are deleted. */
export const SWEEP_EVERY_MS = 5 * 60_000;

/** Builds the limits over the store's database. */
export function createRateLimits(store: AnalyticsStore, settings: RateLimitSettings): RateLimits {
  const limiter = (name: string, limit: Limit | null): RateLimiterAbstract | undefined => {
    if (!limit) return undefined;
    const options = {
      keyPrefix: name,
      points: limit.points,
      duration: limit.seconds,
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      // Swept below instead, by a timer the service stops when it closes: the library's own would
      // keep running, and once the database is closed its SQLite sweep rejects with no one to catch it.
      clearExpiredByTimeout: false,
      // Once over, the key is refused from this process's memory until its window ends.
      inMemoryBlockOnConsumed: limit.points,
    };
    const client = store.limiterClient;
    return client.kind === 'postgres'
      ? new RateLimiterPostgres({ ...options, storeClient: client.pool, storeType: 'pool' })
      : new RateLimiterSQLite({ ...options, storeClient: client.db, storeType: 'better-sqlite3' });
  };
  const visitor = limiter('visitor', settings.visitor);
  const shop = limiter('shop', settings.shop);
  const address = limiter('address', settings.address);
  const trusted = new Set(settings.trustedProxies);
  const limiters = [visitor, shop, address].filter((one) => one !== undefined);
  const sweep = setInterval(() => {
    for (const limiter of limiters) {
      // A method of the library's store limiters that its type declarations leave out.
      const store = limiter as unknown as { clearExpired(expiredBefore: number): Promise<void> };
      void store.clearExpired(Date.now() - 3600_000).catch(() => undefined);
    }
  }, SWEEP_EVERY_MS);
  sweep.unref();

  return {
    async fromAddress(req) {
      if (address) await spend(address, clientAddress(req, trusted), 1, 'requests from this address');
    },
    async events(shopId, visitorId, count) {
      if (visitor && visitorId !== null) await spend(visitor, visitorKey(shopId, visitorId), count, VISITOR);
      if (shop) await spend(shop, shopId, count, `events for shop ${shopId}`);
    },
    refuseIfOver(shopId, visitorId) {
      if (visitor) refuseIfBlocked(visitor, visitorKey(shopId, visitorId), VISITOR);
      if (shop) refuseIfBlocked(shop, shopId, `events for shop ${shopId}`);
    },
    close: () => clearInterval(sweep),
  };
}

const VISITOR = 'events from this visitor';
const visitorKey = (shopId: string, visitorId: string): string => `${shopId.length}:${shopId}:${visitorId}`;

// The store limiters keep the keys they refused in memory until their window ends; this asks them
// (a method of rate-limiter-flexible's store limiters that its type declarations leave out).
function refuseIfBlocked(limiter: RateLimiterAbstract, key: string, what: string): void {
  const blocked = limiter as unknown as { getInMemoryBlockMsBeforeExpire?(rlKey: string): number };
  const ms = blocked.getInMemoryBlockMsBeforeExpire?.(limiter.getKey(key)) ?? 0;
  if (ms > 0) throw tooMany(limiter, what, ms);
}

// A refusal (a RateLimiterRes) becomes 429; a database error passes on, to be answered as an outage.
async function spend(limiter: RateLimiterAbstract, key: string, points: number, what: string): Promise<void> {
  try {
    await limiter.consume(key, points);
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    throw tooMany(limiter, what, refusal.msBeforeNext);
  }
}

function tooMany(limiter: RateLimiterAbstract, what: string, msBeforeNext: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError(
    429,
    `too many ${what}: at most ${limiter.points} per ${limiter.duration} s; retry in ${seconds} s`,
    { 'retry-after': String(seconds) },
  );
}

/**
 * The client's address: the connection's, unless the connection comes from a trusted load balancer,
 * whose `X-Forwarded-For` then names it (the last address there not itself a trusted proxy).
 */
export function clientAddress(req: IncomingMessage, trusted: ReadonlySet<string>): string {
  const peer = normaliseAddress(req.socket.remoteAddress ?? 'unknown');
  if (!trusted.has(peer)) return peer;
  const forwarded = String(req.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => normaliseAddress(entry.trim()))
    .filter((entry) => isIP(entry) !== 0);
  while (forwarded.length > 0 && trusted.has(forwarded.at(-1)!)) forwarded.pop();
  return forwarded.at(-1) ?? peer;
}

// `::ffff:127.0.0.1` is 127.0.0.1 reached over IPv6.
function normaliseAddress(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
}

/**
 * Reads the limits from `ANALYTICS_RATE_VISITOR`, `ANALYTICS_RATE_SHOP`, `ANALYTICS_RATE_ADDRESS`
 * (`N/S`: N per S seconds, or `off`), `ANALYTICS_TRUSTED_PROXIES` (addresses) and
 * `ANALYTICS_RATE_HOLD_MS` (0 to 10000); throws a message naming the variable for a malformed one.
 */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv, leastEvents: number): RateLimitSettings {
  const read = (variable: string, fallback: Limit | null, least: number): Limit | null => {
    const text = env[variable]?.trim();
    if (!text) return fallback;
    if (text === 'off') return null;
    const match = /^(\d{1,9})\/(\d{1,7})$/.exec(text);
    const limit = match ? { points: Number(match[1]), seconds: Number(match[2]) } : undefined;
    if (!limit || limit.points < least || limit.seconds < 1)
      throw new Error(`${variable} must be N/S (N per S seconds, N at least ${least}) or off`);
    return limit;
  };
  const trustedProxies = (env.ANALYTICS_TRUSTED_PROXIES ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  const notAddress = trustedProxies.find((entry) => isIP(entry) === 0);
  if (notAddress !== undefined)
    throw new Error(`ANALYTICS_TRUSTED_PROXIES must list IP addresses; ${notAddress.slice(0, 60)} is not one`);
  const holdText = env.ANALYTICS_RATE_HOLD_MS?.trim();
  const holdMs = holdText ? (/^\d{1,5}$/.test(holdText) ? Number(holdText) : NaN) : DEFAULT_RATE_LIMITS.holdMs;
  if (!(holdMs >= 0 && holdMs <= 10_000))
    throw new Error('ANALYTICS_RATE_HOLD_MS must be milliseconds from 0 to 10000');
  return {
    // A whole batch must fit in a window, or its events could never be delivered.
    visitor: read('ANALYTICS_RATE_VISITOR', DEFAULT_RATE_LIMITS.visitor, leastEvents),
    shop: read('ANALYTICS_RATE_SHOP', DEFAULT_RATE_LIMITS.shop, leastEvents),
    address: read('ANALYTICS_RATE_ADDRESS', DEFAULT_RATE_LIMITS.address, 1),
    trustedProxies: trustedProxies.map(normaliseAddress),
    holdMs,
  };
}
