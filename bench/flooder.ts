/**
 * Starts the flooder of the flood benchmarks (bench/floodSender.ts) in a process of its own and stops
 * it: `npm run bench:flood` and `AISLE_DEPLOY_FLOOD=1 npm run deploy:local`.
 */
import { spawn } from 'node:child_process';

/** Where and how to flood (see bench/floodSender.ts). */
export interface FloodOptions {
  /** The batch endpoint, http or https. */
  url: string;
  /** A visitor token of the flooding visitor. */
  token: string;
  connections: number;
  /** Sent in X-Forwarded-For (to a service that trusts this machine as its proxy). */
  address?: string;
  /** Sends from this address of this machine (127.0.0.66), as another client would. */
  localAddress?: string;
  /** A PEM file of the certificate to trust for https. */
  ca?: string;
}

/** A running flood; `stop()` ends it and gives how many answers had each status (0: no answer). */
export interface Flood {
  stop(): Promise<Map<number, number>>;
}

/** Starts the flooder and resolves once its first answer came back. */
export async function startFlooder(options: FloodOptions): Promise<Flood> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/floodSender.ts'], {
    env: {
      ...process.env,
      AISLE_FLOOD_URL: options.url,
      AISLE_FLOOD_TOKEN: options.token,
      AISLE_FLOOD_CONNECTIONS: String(options.connections),
      AISLE_FLOOD_ADDRESS: options.address ?? '',
      AISLE_FLOOD_LOCAL_ADDRESS: options.localAddress ?? '',
      AISLE_FLOOD_CA: options.ca ?? '',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('flooding\n')) resolve();
    });
    void exited.then(() => reject(new Error('the flooder exited before flooding')));
  });
  return {
    async stop() {
      child.stdin.end();
      await exited;
      const { statuses } = JSON.parse(out.split('\n').at(-2)!) as { statuses: Record<string, number> };
      return new Map(Object.entries(statuses).map(([status, count]) => [Number(status), count]));
    },
  };
}
