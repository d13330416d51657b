import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { v4 as uuidv4 } from 'uuid';
import { inject } from 'vitest';
import { openAnalyticsStore } from '../openStore.js';
import { createAnalyticsService } from '../service.js';
import type { AnalyticsStore } from '../store.js';
import { DEV_ANALYTICS_ADMIN_KEY } from '../keys.js';
import { freshSchema } from './postgresCluster.js';

/** The admin key every test service has (the development default). */
export const ADMIN_KEY = DEV_ANALYTICS_ADMIN_KEY;
import type { AnalyticsService, AnalyticsServiceOptions } from '../types.js';

/** A fetch init plus a bearer `token` and a `json` body to serialise. */
export type CallInit = RequestInit & { token?: string; json?: unknown };

/** A running analytics service on a real port, for tests that talk HTTP to it. */
export interface TestService {
  base: string;
  service: AnalyticsService;
  /** Sends a request under the service base and reads the JSON answer (null when it has none). */
  call(path: string, init?: CallInit): Promise<{ status: number; body: any; headers: Headers }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers field by field
  /** Gets a token for a shop (and optionally a distinct id). */
  identify(shopId: string, distinctId?: string): Promise<string>;
  /** Issues a key of a shop through the admin endpoint and returns it. */
  issueKey(shopId: string, kind: 'read' | 'server'): Promise<string>;
  /** Lists stored events as support staff would, with the admin key; `query` starts with `?` or is empty. */
  list(query?: string): Promise<any[]>; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read events field by field
  stop(): Promise<void>;
}

/**
 * The clock of a test service unless a test sets its own: two hours after `sampleEvent`'s timestamp,
 * so sample events fall inside the window of times the service accepts.
 */
export const TEST_NOW = Date.parse('2024-05-01T12:00:00.000Z');

/** The store the analytics tests run against: the PostgreSQL project sets `AISLE_TEST_STORE=postgres`. */
export const testStore: 'sqlite' | 'postgres' = process.env.AISLE_TEST_STORE === 'postgres' ? 'postgres' : 'sqlite';

/** Service options that put a test's data in a store of its own: in-memory SQLite, or a fresh PostgreSQL schema. */
export async function isolatedStore(): Promise<{ options: AnalyticsServiceOptions; drop(): Promise<void> }> {
  if (testStore === 'sqlite') return { options: { dbPath: ':memory:' }, drop: async () => undefined };
  const schema = await freshSchema(inject('postgresUrl'));
  return { options: { databaseUrl: schema.url, poolSize: 4 }, drop: () => schema.drop() };
}

/** A database that several services, processes and the test itself can open: a SQLite file, or a PostgreSQL schema. */
export interface SharedDatabase {
  /** Service options naming it (`dbPath` is also set for PostgreSQL, so no isolated store is made). */
  options: { dbPath: string; databaseUrl?: string };
  /** The environment of a process that opens it. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** Creates a shared database of the run's store. */
export async function sharedDatabase(): Promise<SharedDatabase> {
  if (testStore === 'postgres') {
    const isolated = await isolatedStore();
    const url = isolated.options.databaseUrl!;
    return {
      options: { dbPath: 'unused', databaseUrl: url },
      env: { AISLE_ANALYTICS_DATABASE_URL: url },
      drop: isolated.drop,
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'aisle-analytics-'));
  const dbPath = join(dir, 'analytics.sqlite');
  return {
    options: { dbPath },
    env: { AISLE_ANALYTICS_DB_PATH: dbPath },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * Mounts the service under `/analytics` on an ephemeral port, as the local stack does, over the
 * test run's store (an explicit `dbPath` or `databaseUrl` is kept). It answers once its store is
 * open, unless `waitUntilReady` is false (a test of a database that is down at start).
 */
export async function startTestService(
  options: AnalyticsServiceOptions = {},
  { waitUntilReady = true } = {},
): Promise<TestService> {
  const given = options.dbPath !== undefined || options.databaseUrl !== undefined;
  const isolated = given ? undefined : await isolatedStore();
  const service = createAnalyticsService({ now: () => TEST_NOW, development: true, ...isolated?.options, ...options });
  if (waitUntilReady) await service.ready;
  const server: Server = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?', 1)[0]!;
    void service.handle(req, res, pathname.slice('/analytics'.length));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/analytics`;

  const call: TestService['call'] = async (path, init = {}) => {
    const { token, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (json !== undefined) headers.set('content-type', 'application/json');
    const body = json === undefined ? rest.body : JSON.stringify(json);
    const method = rest.method ?? (body === undefined ? 'GET' : 'POST');
    const response = await fetch(base + path, { ...rest, method, headers, body });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };

  return {
    base,
    service,
    call,
    async identify(shopId, distinctId) {
      const { status, body } = await call('/v3/identity', { json: { shop_id: shopId, distinct_id: distinctId } });
      if (status !== 200) throw new Error(`identity answered ${status}`);
      return body.id as string;
    },
    async issueKey(shopId, kind) {
      const { status, body } = await call('/v3/keys', { token: ADMIN_KEY, json: { shop_id: shopId, kind } });
      if (status !== 201) throw new Error(`issuing a key answered ${status}: ${JSON.stringify(body)}`);
      return body.key as string;
    },
    async list(query = '') {
      const { status, body } = await call(`/v3/events${query}`, { token: ADMIN_KEY });
      if (status !== 200) throw new Error(`listing answered ${status}: ${JSON.stringify(body)}`);
      return body.events;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close().catch(() => undefined);
      await isolated?.drop();
    },
  };
}

/** A valid event, with a fresh id unless overridden. */
export function sampleEvent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuidv4(),
    seq: 0,
    event: 'navigate:visit_page',
    data: { page_type: 'dlp', page_title: 'Boots', referrer: '', metadata: { redirected_from: null } },
    url: 'http://127.0.0.1:4173/outdoor/boots',
    timestamp: '2024-05-01T10:00:00.000Z',
    environment: 'development',
    ...overrides,
  };
}

/** A store of the test run's kind (see `isolatedStore`), opened for tests that talk to it directly; `close` drops it. */
export async function openIsolatedStore(): Promise<{ store: AnalyticsStore; close(): Promise<void> }> {
  const isolated = await isolatedStore();
  const store = await openAnalyticsStore({
    dbPath: isolated.options.dbPath ?? ':memory:',
    databaseUrl: isolated.options.databaseUrl,
  });
  return {
    store,
    async close() {
      await store.close();
      await isolated.drop();
    },
  };
}
