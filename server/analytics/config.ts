import { DEV_ANALYTICS_ADMIN_KEY } from './keys.js';
import { parseQueryParams } from './privacy.js';
import { parseRetentionDays } from './retention.js';
import { DEV_ANALYTICS_SECRET, type SigningKey } from './tokens.js';

/** How the service is configured: from the environment of the process, or by a test. */
export interface ServiceConfig {
  /** `development`, `test`, `production`, …: only development and test get default keys. */
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
  /** Query parameters event addresses keep besides the listing's and `utm_*` (`ANALYTICS_QUERY_PARAMS`). */
  queryParams: string[];
  /** Days events and identities are kept (`ANALYTICS_RETENTION_DAYS`, default 395: 13 months). */
  retentionDays: number;
}

/** A configuration the service refuses to start with; the message is one line saying what to set. */
export class ConfigError extends Error {}

/** True where default keys are acceptable: a developer's machine and the tests. */
export function isDevelopment(environment: string): boolean {
  return environment === 'development' || environment === 'test';
}

/**
 * Reads the service's configuration from environment variables:
 * `NODE_ENV` (unset means development), `ANALYTICS_SECRET`, `ANALYTICS_PREVIOUS_SECRETS`,
 * `ANALYTICS_ADMIN_KEY`, `ANALYTICS_ALLOWED_ORIGINS`, `AISLE_ANALYTICS_DATABASE_URL`, `AISLE_ANALYTICS_DB_PATH`
 * `ANALYTICS_QUERY_PARAMS` and `ANALYTICS_RETENTION_DAYS`.
 * Throws a `ConfigError` for a production service without a secret of its own.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env, now = new Date()): ServiceConfig {
  const environment = env.NODE_ENV || 'development';
  const dev = isDevelopment(environment);
  const secret = env.ANALYTICS_SECRET || undefined;
  if (!secret && !dev) {
    throw new ConfigError(
      `ANALYTICS_SECRET is not set and NODE_ENV is ${environment}: set it to a random key of at least 32 characters (only development and test fall back to the built-in key)`,
    );
  }
  if (secret === DEV_ANALYTICS_SECRET && !dev) {
    throw new ConfigError(
      `ANALYTICS_SECRET is the published development key: NODE_ENV ${environment} needs a key of its own`,
    );
  }
  const current: SigningKey = { secret: secret ?? DEV_ANALYTICS_SECRET, until: null };
  const adminKey = env.ANALYTICS_ADMIN_KEY || (dev ? DEV_ANALYTICS_ADMIN_KEY : undefined);
  if (adminKey !== undefined && adminKey.length < 32)
    throw new ConfigError('ANALYTICS_ADMIN_KEY must be at least 32 characters');
  if (!dev && adminKey === DEV_ANALYTICS_ADMIN_KEY) {
    throw new ConfigError(
      `ANALYTICS_ADMIN_KEY is the published development key: NODE_ENV ${environment} needs a key of its own`,
    );
  }
  return {
    environment,
    signingKeys: [current, ...previousSecrets(env.ANALYTICS_PREVIOUS_SECRETS ?? '', now)],
    adminKey,
    allowedOrigins: parseOrigins(env.ANALYTICS_ALLOWED_ORIGINS ?? ''),
    databaseUrl: env.AISLE_ANALYTICS_DATABASE_URL || undefined,
    dbPath: env.AISLE_ANALYTICS_DB_PATH || undefined,
    queryParams: parseQueryParams(env.ANALYTICS_QUERY_PARAMS),
    retentionDays: parseRetentionDays(env.ANALYTICS_RETENTION_DAYS),
  };
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
