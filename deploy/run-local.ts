/**
 * `npm run deploy:local`: the deployment recipe of deploy/, run on this machine. A durable PostgreSQL
 * gets the database and roles of deploy/postgres/create-database.sql; the schema is migrated as its
 * owner (the command of aisle-analytics-migrate.service); three processes run as the service role,
 * kept alive as systemd's `Restart=always, RestartSec=1` would; HAProxy (Debian's package, with
 * deploy/haproxy/aisle-analytics.cfg as it is) terminates TLS in front of them. Visitors then send
 * events over HTTPS the way the client does (one in flight each, the same id again after any
 * failure), one process is killed mid-load, and every acknowledged event must be stored once.
 * AISLE_HAPROXY names the haproxy program (default /usr/sbin/haproxy); AISLE_DEPLOY_EVENTS (3000)
 * and AISLE_DEPLOY_RATE (100 events/s) size the load. AISLE_DEPLOY_FLOOD=1 adds one visitor of another
 * shop flooding from an address of its own (127.0.0.66) meanwhile, to see HAProxy's per-address
 * ceiling and the service's limits at work; AISLE_DEPLOY_KILL=0 kills no process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { v4 as uuidv4 } from 'uuid';
import { startFlooder, type Flood } from '../bench/flooder.js';
import { freePort, startPostgresCluster } from '../server/analytics/testing/postgresCluster.js';
import { verifyUnits } from './verifyUnits.js';

const HAPROXY = process.env.AISLE_HAPROXY ?? '/usr/sbin/haproxy';
const EVENTS = Number(process.env.AISLE_DEPLOY_EVENTS ?? 3000);
const RATE = Number(process.env.AISLE_DEPLOY_RATE ?? 100);
const FLOOD = process.env.AISLE_DEPLOY_FLOOD === '1';
const KILL = process.env.AISLE_DEPLOY_KILL !== '0';
const VISITORS = 30;
const SHOP = 'deploy-check';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!existsSync(HAPROXY)) {
  console.error(
    `[deploy:local] no HAProxy at ${HAPROXY}: install Debian's package (apt-get install haproxy) or set AISLE_HAPROXY to the program`,
  );
  process.exit(1);
}
console.log(verifyUnits());
const dir = mkdtempSync(join(tmpdir(), 'aisle-deploy-'));
const cluster = await startPostgresCluster({ durable: true });
const stops: Array<() => Promise<void> | void> = [];
try {
  // The database and roles, as a superuser runs the file.
  const superuser = new URL(cluster.url);
  const created = spawnSync(
    'psql',
    [
      superuser.toString(),
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-v',
      'owner_password=o',
      '-v',
      'service_password=s',
    ].concat(['-f', 'deploy/postgres/create-database.sql']),
    { encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`create-database.sql: ${created.stderr}`);
  const as = (role: string): string => {
    const url = new URL(superuser);
    url.username = role;
    url.pathname = '/aisle_analytics';
    return url.toString();
  };
  const migrated = spawnSync(process.execPath, ['--import', 'tsx', 'server/analytics/adminCli.ts', 'migrate'], {
    env: { ...process.env, AISLE_ANALYTICS_DATABASE_URL: as('aisle_analytics_owner') },
    encoding: 'utf8',
  });
  if (migrated.status !== 0) throw new Error(`migrate: ${migrated.stderr}`);

  // TLS: a certificate of our own for 127.0.0.1 (a deployment's comes from its CA).
  const pem = join(dir, 'analytics.pem');
  const tls = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]),
  );
  if (tls.status !== 0) throw new Error(`openssl: ${tls.stderr}`);
  const cert = readFileSync(join(dir, 'cert.pem'));
  writeFileSync(pem, Buffer.concat([cert, readFileSync(join(dir, 'key.pem'))]));

  // Three processes, restarted one second after they die.
  const ports = [await freePort(), await freePort(), await freePort()];
  const processEnv = {
    ...process.env,
    NODE_ENV: 'production',
    ANALYTICS_SECRET: 'deploy-recipe-secret-at-least-32-characters-long',
    AISLE_ANALYTICS_DATABASE_URL: as('aisle_analytics'),
    AISLE_ANALYTICS_POOL_SIZE: '8',
    ANALYTICS_TRUSTED_PROXIES: '127.0.0.1',
    // The load comes from this one machine: its address may send what the run sends.
    ANALYTICS_RATE_ADDRESS: '1000000/60',
  };
  const supervised = ports.map((port) => supervise(port, processEnv));
  stops.push(...supervised.map((one) => one.stop));

  const [https, http, stats] = [await freePort(), await freePort(), await freePort()];
  const haproxy = spawn(HAPROXY, ['-db', '-f', 'deploy/haproxy/aisle-analytics.cfg'], {
    env: {
      ...process.env,
      AISLE_HTTPS_BIND: `127.0.0.1:${https}`,
      AISLE_HTTP_BIND: `127.0.0.1:${http}`,
      AISLE_TLS_PEM: pem,
      AISLE_STATS_BIND: `127.0.0.1:${stats}`,
      AISLE_ANALYTICS_1: `127.0.0.1:${ports[0]}`,
      AISLE_ANALYTICS_2: `127.0.0.1:${ports[1]}`,
      AISLE_ANALYTICS_3: `127.0.0.1:${ports[2]}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logged: string[] = [];
  haproxy.stdout?.on('data', (chunk: Buffer) => logged.push(...chunk.toString().split('\n').filter(Boolean)));
  haproxy.stderr?.on('data', (chunk: Buffer) => logged.push(...chunk.toString().split('\n').filter(Boolean)));
  stops.push(() => void haproxy.kill('SIGTERM'));
  const up = async (): Promise<string[]> => {
    const csv = await fetch(`http://127.0.0.1:${stats}/;csv`).then(
      (answer) => answer.text(),
      () => '',
    );
    return csv
      .split('\n')
      .filter((line) => /^analytics,analytics\d,/.test(line) && line.split(',')[17] === 'UP')
      .map((line) => line.split(',')[1]!);
  };
  for (let tries = 0; (await up()).length < 3; tries += 1) {
    if (tries > 300) throw new Error(`HAProxy did not see three processes up: ${logged.slice(-5).join(' | ')}`);
    await sleep(100);
  }

  // The client's way: one event in flight per visitor, the same id again after any failure.
  const agent = new Agent({ keepAlive: true, ca: cert, maxSockets: VISITORS });
  const post = (path: string, body: unknown, token?: string) =>
    new Promise<{ status: number; text: string; retryAfter?: string }>((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: https,
          path,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text, retryAfter: res.headers['retry-after'] }));
          res.on('error', () => resolve({ status: 0, text: '' }));
        },
      );
      req.setTimeout(5000, () => req.destroy());
      req.on('error', () => resolve({ status: 0, text: '' }));
      req.end(JSON.stringify(body));
    });
  const tokens = await Promise.all(
    Array.from(
      { length: VISITORS },
      async (_, i) =>
        JSON.parse((await post('/v3/identity', { shop_id: SHOP, distinct_id: `visitor-${i}` })).text).id as string,
    ),
  );
  const failures = new Map<number, number>();
  const acknowledged = new Set<string>();
  const latencies: number[] = [];
  const events: Array<{ id: string; visitor: number }> = Array.from({ length: EVENTS }, (_, n) => ({
    id: uuidv4(),
    visitor: n % VISITORS,
  }));
  // Another shop's visitor flooding from an address of its own, as another machine would.
  let flood: Flood | undefined;
  if (FLOOD) {
    const floodToken = JSON.parse((await post('/v3/identity', { shop_id: 'flood-shop' })).text).id as string;
    flood = await startFlooder({
      url: `https://127.0.0.1:${https}/v3/batch`,
      token: floodToken,
      connections: 16,
      localAddress: '127.0.0.66',
      ca: join(dir, 'cert.pem'),
    });
  }
  const start = Date.now();
  let killedAt = 0;
  const downSeen: number[] = [];
  const watch = setInterval(() => void up().then((names) => downSeen.push(names.length)), 200);
  await Promise.all(
    Array.from({ length: VISITORS }, async (_, visitor) => {
      const mine = events.filter((event) => event.visitor === visitor);
      for (const [k, event] of mine.entries()) {
        const due = start + ((k * VISITORS + visitor) * 1000) / RATE;
        if (due > Date.now()) await sleep(due - Date.now());
        if (KILL && !killedAt && Date.now() - start > (EVENTS / RATE) * 1000 * 0.4) {
          killedAt = Date.now();
          supervised[1]!.kill();
        }
        const body = {
          id: event.id,
          seq: k,
          event: 'search:sort',
          data: { metadata: { sort: 'price_asc' } },
          url: 'https://shop.example/boots',
          timestamp: new Date().toISOString(),
          environment: 'production',
        };
        for (let attempt = 0; ; attempt += 1) {
          const answer = await post('/v3/event', body, tokens[visitor]);
          if (answer.status === 202) break;
          failures.set(answer.status, (failures.get(answer.status) ?? 0) + 1);
          await sleep(Math.min(2000, 100 * 2 ** attempt) * Math.random());
        }
        latencies.push(Date.now() - due);
        acknowledged.add(event.id);
      }
    }),
  );
  clearInterval(watch);
  const flooded = await flood?.stop();

  const client = new pg.Client({ connectionString: as('aisle_analytics') });
  await client.connect();
  const { rows } = await client.query<{ id: string }>(`SELECT id FROM events WHERE shop_id = $1`, [SHOP]);
  const { rows: floodRows } = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM events WHERE shop_id = 'flood-shop'`,
  );
  await client.end();
  const stored = rows.map((row) => row.id);
  const storedSet = new Set(stored);
  const lost = [...acknowledged].filter((id) => !storedSet.has(id)).length;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)];
  console.log(
    `events sent ${EVENTS}, acknowledged ${acknowledged.size}, stored ${stored.length} (${storedSet.size} distinct), lost ${lost}, stored twice ${stored.length - storedSet.size}`,
  );
  console.log(`failed attempts by status (0: no answer): ${JSON.stringify(Object.fromEntries(failures))}`);
  console.log(
    `latency from schedule to 202, retries included: p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, max ${latencies.at(-1)} ms`,
  );
  console.log(
    `${killedAt ? `process 2 killed at ${((killedAt - start) / 1000).toFixed(1)} s` : 'no process killed'}; processes seen up, every 0.2 s: ${downSeen.join('')}`,
  );
  if (flooded) {
    console.log(
      `flood from 127.0.0.66: batches of 100 by status (0: no answer) ${JSON.stringify(Object.fromEntries(flooded))}, flood events stored ${floodRows[0]!.n}`,
    );
  }
  console.log(`restarts by the supervisor: ${supervised.map((one) => one.restarts()).join(', ')}`);
  if (lost > 0 || acknowledged.size !== EVENTS || stored.length !== storedSet.size) process.exitCode = 1;
} finally {
  for (const stop of stops.reverse()) await stop();
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}

/** Runs `npm run analytics` on a port and starts it again a second after it dies (systemd's Restart=always). */
function supervise(port: number, env: NodeJS.ProcessEnv): { kill(): void; stop(): Promise<void>; restarts(): number } {
  let child: ChildProcess;
  let stopping = false;
  let restarts = 0;
  const launch = (): void => {
    child = spawn(process.execPath, ['--import', 'tsx', 'server/analytics/main.ts'], {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: 'ignore',
    });
    child.once('exit', () => {
      if (stopping) return;
      restarts += 1;
      setTimeout(launch, 1000);
    });
  };
  launch();
  return {
    kill: () => void child.kill('SIGKILL'),
    restarts: () => restarts,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
