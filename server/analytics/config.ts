import { DEV_ANALYTICS_ADMIN_KEY } from './keys.js';
import { MAX_BATCH_EVENTS } from './events.js';
import type { LegacyPaths } from './legacy.js';
import { rateLimitsFromEnv, type RateLimitSettings } from './rateLimits.js';
import { parseQueryParams } from './privacy.js';
import { parseRetentionDays } from './retention.js';
import { DEV_ANALYTICS_SECRET, type SigningKey } from './tokens.js';

/** How the service is configured: from the environment of the process, or by a test. */
export interface ServiceConfig {
  /** `production`, `staging`, `development`, …: only development gets the published keys. */
  environment: string;
  /** The key that signs new tokens, then older keys that still verify until their date. */
  signingKeys: SigningKey[];
  /** The key that reads every shop's events and manages keys and origins; none if unset outside development. */
  adminKey: string | undefined;
  /** Origins allowed for every shop, besides each shop's own. */
  allowedOrigins: string[];
  /** `postgres://…` to store in PostgreSQL; else SQLite at `dbPath`. */
  databaseUrl: string | undefined;
  /** The SQLite file (`AISLE_ANALYTICS_DB_PATH`), when set. */
  dbPath: string | undefined;
  /** The legacy paths served (`ANALYTICS_LEGACY_PATHS`: all, post or none; default all). */
  legacyPaths: LegacyPaths;
  /** Rate limits (`ANALYTICS_RATE_VISITOR`, `_SHOP`, `_ADDRESS`, `ANALYTICS_TRUSTED_PROXIES`). */
  rateLimits: RateLimitSettings;
  /** Query parameters event addresses keep besides the listing's and `utm_*` (`ANALYTICS_QUERY_PARAMS`). */
  queryParams: string[];
  /** Days events and identities are kept (`ANALYTICS_RETENTION_DAYS`, default 395: 13 months). */
  retentionDays: number;
}

/** A configuration the service refuses to start with; the message is one line saying what to set. */
export class ConfigError extends Error {}

/** Shortest signing and admin key accepted (RFC 7518 asks HS256 keys for 256 bits). */
export const MIN_SECRET_LENGTH = 32;

/** The environment `NODE_ENV` names; unset counts as production, so a forgotten variable is never development. */
export function environmentOf(env: NodeJS.ProcessEnv): string {
  return env.NODE_ENV || 'production';
}

const HOW_TO_MAKE = `a random key of at least ${MIN_SECRET_LENGTH} characters (openssl rand -base64 48)`;

/**
 * Reads the configuration from `NODE_ENV` (unset counts as production), `ANALYTICS_SECRET`,
 * `ANALYTICS_PREVIOUS_SECRETS`, `ANALYTICS_ADMIN_KEY`, `ANALYTICS_ALLOWED_ORIGINS`, `ANALYTICS_LEGACY_PATHS`, the rate
 * limits, `AISLE_ANALYTICS_DATABASE_URL`, `AISLE_ANALYTICS_DB_PATH`, `ANALYTICS_QUERY_PARAMS` and
 * `ANALYTICS_RETENTION_DAYS`. The published development keys serve only when development is asked for explicitly;
 * anything unsafe throws a one-line `ConfigError`.
 */
export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  now = new Date(),
  development = env.NODE_ENV === 'development',
): ServiceConfig {
  const environment = development ? 'development' : environmentOf(env);
  const named = env.NODE_ENV ? `NODE_ENV is ${env.NODE_ENV}` : 'NODE_ENV is unset, which counts as production';
  const secret = env.ANALYTICS_SECRET || undefined;
  if (!secret && !development) {
    throw new ConfigError(
      `ANALYTICS_SECRET is not set and ${named}: set it to ${HOW_TO_MAKE}, or NODE_ENV=development on a developer's machine`,
    );
  }
  const previous = previousSecrets(env.ANALYTICS_PREVIOUS_SECRETS ?? '', now);
  checkSecret('ANALYTICS_SECRET', secret, development, named);
  for (const key of previous) checkSecret('ANALYTICS_PREVIOUS_SECRETS', key.secret, development, named);
  const adminKey = env.ANALYTICS_ADMIN_KEY || (development ? DEV_ANALYTICS_ADMIN_KEY : undefined);
  checkSecret('ANALYTICS_ADMIN_KEY', adminKey, development, named);
  return {
    environment,
    signingKeys: [{ secret: secret ?? DEV_ANALYTICS_SECRET, until: null }, ...previous],
    adminKey,
    allowedOrigins: parseOrigins(env.ANALYTICS_ALLOWED_ORIGINS ?? ''),
    databaseUrl: env.AISLE_ANALYTICS_DATABASE_URL || undefined,
    dbPath: env.AISLE_ANALYTICS_DB_PATH || undefined,
    legacyPaths: legacyPaths(env.ANALYTICS_LEGACY_PATHS || 'all'),
    rateLimits: rateLimitSettings(env),
    queryParams: parseQueryParams(env.ANALYTICS_QUERY_PARAMS),
    retentionDays: parseRetentionDays(env.ANALYTICS_RETENTION_DAYS),
  };
}

function rateLimitSettings(env: NodeJS.ProcessEnv): RateLimitSettings {
  try {
    return rateLimitsFromEnv(env, MAX_BATCH_EVENTS);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
}

function legacyPaths(text: string): LegacyPaths {
  if (text === 'all' || text === 'post' || text === 'none') return text;
  throw new ConfigError(
    `ANALYTICS_LEGACY_PATHS is ${text.slice(0, 40)}: set it to all, post (no GET paths with tokens in URLs) or none`,
  );
}

// A key shorter than the minimum is refused everywhere (it is guessable); a published one outside development.
function checkSecret(variable: string, key: string | undefined, development: boolean, named: string): void {
  if (key === undefined) return;
  if (!development && (key === DEV_ANALYTICS_SECRET || key === DEV_ANALYTICS_ADMIN_KEY)) {
    throw new ConfigError(
      `${variable} holds a published development key and ${named}: set it to ${HOW_TO_MAKE}, or NODE_ENV=development on a developer's machine`,
    );
  }
  if (key.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`${variable} holds a key of ${key.length} characters: set it to ${HOW_TO_MAKE}`);
  }
}

/**
 * `ANALYTICS_PREVIOUS_SECRETS`: `key@until` entries separated by spaces or commas, where `until` is
 * an ISO date. Tokens signed with such a key still verify until then; later they are refused.
 */
export function previousSecrets(text: string, now: Date): SigningKey[] {
  return text
    .split(/[\s,]+/)
    .filter((entry) => entry !== '')
    .map((entry) => {
      const at = entry.lastIndexOf('@');
      const until = at > 0 ? Date.parse(entry.slice(at + 1)) : NaN;
      if (Number.isNaN(until)) {
        throw new ConfigError(
          'ANALYTICS_PREVIOUS_SECRETS entries must be key@ISO-date (until when the old key verifies)',
        );
      }
      return { secret: entry.slice(0, at), until };
    })
    .filter((key) => key.until! > now.getTime());
}

/** Parses a list of origins (`https://shop.example`), separated by spaces or commas; throws on anything else. */
export function parseOrigins(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .filter((entry) => entry !== '')
    .map((entry) => {
      const origin = canonicalOrigin(entry);
      if (!origin) throw new ConfigError(`${entry.slice(0, 80)} is not an origin such as https://shop.example`);
      return origin;
    });
}

/** The origin `text` names (scheme, host and port, lower case, default port dropped), or undefined. */
export function canonicalOrigin(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    // Scheme, host and port only: no credentials, path, query or fragment.
    if (!/^https?:\/\/[^/?#@\s]+\/?$/i.test(text)) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}
