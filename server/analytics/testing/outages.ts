/** Database outages for the tests of the service and of its processes, on either store. */
import Database from 'better-sqlite3';
import { openAnalyticsStore } from '../openStore.js';
import { sharedDatabase, testStore } from './testServer.js';
import { startDatabaseProxy, type DatabaseProxy } from './tcpProxy.js';

/**
 * A database a test can take down and bring back, as each store has an outage: PostgreSQL cut off
 * behind a proxy, or SQLite's file locked by another process (a backup, a support tool) for longer
 * than the busy time-out.
 */
export interface Outage {
  options: { dbPath: string; databaseUrl?: string };
  /** The environment of a process that opens it. */
  env: Record<string, string>;
  /** The proxy PostgreSQL is reached through (it can also be paused). */
  proxy?: DatabaseProxy;
  begin(): void;
  end(): void;
  drop(): Promise<void>;
}

/** A database of the run's store, up; `begin()` takes it down and `end()` brings it back. */
export async function outage(): Promise<Outage> {
  const shared = await sharedDatabase();
  if (testStore === 'postgres') {
    const proxy = await startDatabaseProxy(shared.options.databaseUrl!);
    return {
      proxy,
      options: { dbPath: 'unused', databaseUrl: proxy.url },
      env: { AISLE_ANALYTICS_DATABASE_URL: proxy.url },
      begin: () => proxy.cut(),
      end: () => proxy.restore(),
      drop: async () => {
        await proxy.close();
        await shared.drop();
      },
    };
  }
  // The file exists and is up to date, as a deployed one is.
  await (await openAnalyticsStore(shared.options)).close();
  const other = new Database(shared.options.dbPath);
  return {
    options: shared.options,
    env: shared.env,
    begin: () => other.exec('BEGIN IMMEDIATE'),
    end: () => other.exec('ROLLBACK'),
    drop: async () => {
      other.close();
      await shared.drop();
    },
  };
}
