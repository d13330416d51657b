/**
 * A throwaway PostgreSQL server for tests and benchmarks: `initdb` into a temporary folder and
 * `postgres` on a free loopback port, from Debian's `postgresql` package. As root it runs them as the
 * `postgres` user (the server refuses to run as root). `AISLE_TEST_DATABASE_URL` skips all this and
 * uses a server of your own.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A running server and how to stop it. */
export interface PostgresCluster {
  /** `postgres://…` of its `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

/** Options of the throwaway server. */
export interface ClusterOptions {
  /** Durable writes (fsync on): a benchmark measures what a deployment would; tests go faster without. */
  durable?: boolean;
  /** `max_connections` (default 100). */
  maxConnections?: number;
}

/** The folder of the newest installed PostgreSQL's programs, or an error that says how to install it. */
export function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      'PostgreSQL is not installed: `apt-get install -y postgresql` (the tests start their own server), ' +
        'or set AISLE_TEST_DATABASE_URL to a server of your own',
    );
  }
  return join(root, versions[0]!, 'bin');
}

/** Starts a throwaway server, or returns `AISLE_TEST_DATABASE_URL`'s when that is set. */
export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const own = process.env.AISLE_TEST_DATABASE_URL;
  if (own) return { url: own, stop: async () => undefined };
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'aisle-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]): string[] =>
    asRoot ? ['runuser', '-u', 'postgres', '--', join(bin, program), ...args] : [join(bin, program), ...args];
  if (asRoot) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(ids.stdout.trim()), Number(gids.stdout.trim()));
    chmodSync(dir, 0o700);
  }
  const [initdb, ...initArgs] = run('initdb', ['-D', data, '-U', 'aisle', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  const init = spawnSync(initdb!, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  const port = await freePort();
  const settings = [
    ['listen_addresses', '127.0.0.1'],
    ['max_connections', String(options.maxConnections ?? 100)],
    ...(options.durable
      ? []
      : [
          ['fsync', 'off'],
          ['synchronous_commit', 'off'],
          ['full_page_writes', 'off'],
        ]),
  ].flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  const [postgres, ...args] = run('postgres', ['-D', data, '-p', String(port), '-k', dir, ...settings]);
  const server: ChildProcess = spawn(postgres!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => void (log = (log + chunk.toString()).slice(-4000)));
  const url = `postgres://aisle@127.0.0.1:${port}/postgres`;
  await waitUntilAccepting(url, server, () => log);
  return {
    url,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        // PostgreSQL's fast shutdown, sent to the server itself: runuser, its parent as root, does not pass it on.
        const pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n', 1)[0]);
        process.kill(Number.isInteger(pid) && pid > 0 ? pid : server.pid!, 'SIGINT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitUntilAccepting(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`postgres exited at start: ${log()}`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline)
        throw new Error(`postgres did not accept connections in 30 s: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A database URL whose connections use a schema of their own, created now: tests that share one server stay apart. */
export async function freshSchema(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const schema = `aisle_test_${Math.random().toString(36).slice(2, 12)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: scoped.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    },
  };
}
