/**
 * A TCP proxy between the service and PostgreSQL that a test can cut (every connection reset, new
 * ones refused: the database is down) or pause (connections held open, nothing passed on: the
 * database is frozen, as under SIGSTOP or a network partition), and then restore.
 */
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** The proxy: `url` is the database URL rewritten to pass through it. */
export interface DatabaseProxy {
  url: string;
  /** Resets every connection and refuses new ones. */
  cut(): void;
  /** Holds every connection, old and new, without passing a byte on. */
  pause(): void;
  /** Passes connections on again. */
  restore(): void;
  close(): Promise<void>;
}

/** Starts a proxy to the server of `databaseUrl` on a free loopback port. */
export async function startDatabaseProxy(databaseUrl: string): Promise<DatabaseProxy> {
  const target = new URL(databaseUrl);
  let state: 'open' | 'cut' | 'paused' = 'open';
  const pairs = new Set<[Socket, Socket]>();

  const server = createServer((client) => {
    if (state === 'cut') return void client.destroy();
    const upstream = connect(Number(target.port || 5432), target.hostname);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    // After piping, which would otherwise set them flowing again.
    if (state === 'paused') for (const socket of pair) socket.pause();
    const drop = (): void => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(databaseUrl);
  proxied.hostname = '127.0.0.1';
  proxied.port = String((server.address() as AddressInfo).port);

  return {
    url: proxied.toString(),
    cut() {
      state = 'cut';
      for (const pair of pairs) for (const socket of pair) socket.destroy();
    },
    pause() {
      state = 'paused';
      for (const pair of pairs) for (const socket of pair) socket.pause();
    },
    restore() {
      state = 'open';
      for (const pair of pairs) for (const socket of pair) socket.resume();
    },
    close() {
      for (const pair of pairs) for (const socket of pair) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
