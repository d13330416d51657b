import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { v4 as uuidv4 } from 'uuid';
import { createAnalyticsService } from './service.js';
import type { AnalyticsService, AnalyticsServiceOptions } from './types.js';

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
  stop(): Promise<void>;
}

/** Mounts the service under `/analytics` on an ephemeral port, as the local stack does. */
export async function startTestService(options: AnalyticsServiceOptions = {}): Promise<TestService> {
  const service = createAnalyticsService({ dbPath: ':memory:', ...options });
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
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      service.close();
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
