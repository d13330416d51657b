/**
 * The analytics service as separate processes behind a round-robin proxy, the way a deployment
 * runs it behind a load balancer: for the multi-process chaos test and `npm run bench:analytics`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from './postgresCluster.js';

/** One service process on its own port. */
export interface ServiceProcess {
  port: number;
  /** Kills it at once (SIGKILL), as a crash or an out-of-memory kill would. */
  kill(): Promise<void>;
  /** Starts it again on the same port and waits until it is ready. */
  restart(): Promise<void>;
  /** Stops it cleanly (SIGTERM). */
  stop(): Promise<void>;
}

/** Environment of every process (database URL, secret, …); PORT is set per process. */
export type ServiceEnv = Record<string, string>;

/** Starts one `npm run analytics` process (through tsx, without npm) and waits until it is ready. */
export async function startServiceProcess(env: ServiceEnv, port?: number): Promise<ServiceProcess> {
  const chosen = port ?? (await freePort());
  let child: ChildProcess | undefined;
  const launch = async (): Promise<void> => {
    // AISLE_ANALYTICS_CPU_PROFILE=<dir> writes each process's CPU profile there when it stops cleanly.
    const profile = process.env.AISLE_ANALYTICS_CPU_PROFILE;
    const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
    const started = spawn(process.execPath, [...flags, '--import', 'tsx', 'server/analytics/main.ts'], {
      env: { ...process.env, ...env, PORT: String(chosen), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    started.stderr?.on('data', (chunk: Buffer) => void (log = (log + chunk.toString()).slice(-2000)));
    child = started;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`analytics process exited at start: ${log}`);
      const ready = await fetch(`http://127.0.0.1:${chosen}/health/readiness`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`analytics process not ready in 30 s: ${log}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const end = async (signal: NodeJS.Signals): Promise<void> => {
    const current = child;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill(signal);
    await exited;
  };
  await launch();
  return { port: chosen, kill: () => end('SIGKILL'), restart: launch, stop: () => end('SIGTERM') };
}

/** How a process that refused to start ended: its exit code and what it printed to stderr. */
export interface Refusal {
  code: number | null;
  stderr: string;
}

/**
 * Runs `npm run analytics` (through tsx) with exactly `env` on top of a clean environment (no
 * `NODE_ENV`, no `ANALYTICS_*` or `AISLE_ANALYTICS_*` of the test run) and waits for it to exit; a
 * process still running after `withinMs` is killed and reported with code null.
 */
export async function runUntilExit(env: ServiceEnv, withinMs = 4_000): Promise<Refusal> {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(NODE_ENV|PORT|ANALYTICS_|AISLE_ANALYTICS_)/.test(name)),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/analytics/main.ts'], {
    env: { ...clean, PORT: String(await freePort()), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const late = setTimeout(() => child.kill('SIGKILL'), withinMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(late);
  return { code, stderr };
}

/** A round-robin HTTP proxy in front of some ports; a backend that cannot be reached answers 502. */
export interface RoundRobinProxy {
  base: string;
  /** Requests each backend port received. */
  served: Map<number, number>;
  /**
   * Called when a backend's answer arrives, before it is passed on; answering 'drop' loses it (the
   * client sees its connection reset) although the backend did the work.
   */
  onAnswer?: (port: number) => Promise<'pass' | 'drop'>;
  close(): Promise<void>;
}

/** Starts the proxy on a free loopback port. Like a plain load balancer, it never retries a request. */
export async function startRoundRobinProxy(ports: readonly number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const served = new Map<number, number>();
  const proxy: RoundRobinProxy = { base: '', served, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const port = ports[next++ % ports.length]!;
    served.set(port, (served.get(port) ?? 0) + 1);
    const upstream = request(
      { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        void (proxy.onAnswer?.(port) ?? Promise.resolve('pass')).then((fate) => {
          if (fate === 'drop') return void res.socket?.destroy();
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        });
      },
    );
    upstream.on('error', () => {
      if (res.headersSent) return void res.destroy();
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'backend unreachable' }));
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
