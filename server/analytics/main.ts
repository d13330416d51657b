/**
 * `npm run analytics`: the analytics service alone, configured by its environment, for a deployment
 * that runs several processes over one PostgreSQL behind a load balancer. It answers at the root
 * (`/v3/event`) and under `/analytics` (as on the local stack), and stops cleanly on SIGTERM. It
 * listens at once, before its database answers, and waits for it.
 */
import { createServer } from 'node:http';
import { ConfigError, environmentOf } from './config.js';
import { describeStore } from './openStore.js';
import { createAnalyticsService, DEFAULT_ANALYTICS_DB_PATH } from './service.js';

const port = Number(process.env.PORT ?? 4180);
const host = process.env.HOST ?? '127.0.0.1';
const poolSize = Number(process.env.AISLE_ANALYTICS_POOL_SIZE) || undefined;

let service: ReturnType<typeof createAnalyticsService>;
try {
  // Throws at once for an unsafe configuration (one line saying what to set).
  service = createAnalyticsService({ poolSize });
} catch (error) {
  refuse(error instanceof ConfigError ? error.message : (error as Error).message);
}
// A database that cannot be reached yet is tried again while the process answers liveness (and 503
// elsewhere); one that can never serve this build (a newer schema, a malformed URL) stops it.
service.ready.then(
  () => console.log('[analytics] database ready'),
  (error: Error) => refuse(`cannot open the database: ${error.message}`),
);

function refuse(reason: string): never {
  console.error(`[analytics] not started: ${reason.replace(/\s+/g, ' ')}`);
  process.exit(1);
}

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?', 1)[0]!;
  void service.handle(req, res, path === '/analytics' || path.startsWith('/analytics/') ? path.slice(10) : path);
});
// Longer than a load balancer's idle time-out, so it never sends on a socket this side just closed.
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => {
  const store = describeStore({
    databaseUrl: process.env.AISLE_ANALYTICS_DATABASE_URL,
    dbPath: process.env.AISLE_ANALYTICS_DB_PATH ?? DEFAULT_ANALYTICS_DB_PATH,
  });
  console.log(`[analytics] pid ${process.pid} on http://${host}:${port} (${environmentOf(process.env)}, ${store})`);
});

let stopping = false;
function stop(): void {
  if (stopping) return;
  stopping = true;
  // Stop taking connections, let requests in flight finish, then close the database.
  server.close(() => void service.close().then(() => process.exit(0)));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
