import { openPostgresStore } from './postgresStore.js';
import { openSqliteStore } from './sqliteStore.js';
import type { AnalyticsStore } from './store.js';

/** Where to store: a PostgreSQL URL, else a SQLite file. */
export interface StoreLocation {
  databaseUrl?: string;
  dbPath: string;
  poolSize?: number;
}

/** Opens the store a location names, running pending migrations. */
export async function openAnalyticsStore(location: StoreLocation): Promise<AnalyticsStore> {
  if (location.databaseUrl) return openPostgresStore(location.databaseUrl, { poolSize: location.poolSize });
  return openSqliteStore(location.dbPath);
}

/** Names a store for a log line without its password. */
export function describeStore(location: StoreLocation): string {
  if (!location.databaseUrl) return `SQLite ${location.dbPath}`;
  try {
    const url = new URL(location.databaseUrl);
    url.password = url.password ? '***' : '';
    return `PostgreSQL ${url.toString()}`;
  } catch {
    return 'PostgreSQL (malformed URL)';
  }
}
