/**
 * Stand-ins for the integrations' services (docs/integrations.md): Sentry's envelope ingestion,
 * Plausible's event API and GrowthBook's features and event endpoints. Each records what it
 * receives in memory; support staff and tests read it with `GET /integrations/{name}/received`
 * and clear it with `DELETE /integrations/{name}/received`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseJsonBody as parseJson, readBody as readText } from '../http.js';
import { parseEnvelope } from './envelope.js';
import { demoFeatures } from './features.js';

/** The stand-ins' names, as in their paths. */
export const STAND_IN_NAMES = ['sentry', 'plausible', 'growthbook'] as const;
export type StandInName = (typeof STAND_IN_NAMES)[number];

/** One request a stand-in received. */
export interface Received {
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Whether the request carried cookies (none of the integrations may send any). */
  cookies: boolean;
  origin: string | null;
  body: unknown;
}

/** Most requests kept per stand-in; the oldest go first. */
const MAX_RECEIVED = 500;

/** The stand-ins, mounted under `/integrations/`. */
export interface IntegrationStandIns {
  /** Handles `/integrations/{rest}`; `rest` excludes the prefix. */
  handle(req: IncomingMessage, res: ServerResponse, rest: string, url: URL): Promise<void>;
  received(name: StandInName): Received[];
}

function corsFor(req: IncomingMessage): Record<string, string> {
  return {
    'access-control-allow-origin': req.headers.origin ?? '*',
    'access-control-allow-headers': 'content-type',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

/** Creates the stand-ins with empty records. */
export function createIntegrationStandIns(): IntegrationStandIns {
  const records = new Map<StandInName, Received[]>(STAND_IN_NAMES.map((name) => [name, []]));
  const record = (name: StandInName, req: IncomingMessage, url: URL, body: unknown): void => {
    const list = records.get(name)!;
    list.push({
      at: new Date().toISOString(),
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      cookies: Boolean(req.headers.cookie),
      origin: req.headers.origin ?? null,
      body,
    });
    if (list.length > MAX_RECEIVED) list.shift();
  };

  async function handle(req: IncomingMessage, res: ServerResponse, rest: string, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...corsFor(req) });
      res.end(JSON.stringify(body));
    };
    if (method === 'OPTIONS') return void res.writeHead(204, corsFor(req)).end();
    const [name, ...parts] = rest.split('/');
    if (!STAND_IN_NAMES.includes(name as StandInName)) return json(404, { error: `no stand-in "${name}"` });
    const standIn = name as StandInName;
    const path = parts.join('/');
    if (path === 'received') {
      if (method === 'GET') return json(200, { received: records.get(standIn) });
      if (method === 'DELETE') {
        records.set(standIn, []);
        return json(200, { cleared: true });
      }
    }
    // Sentry: POST /integrations/sentry/api/{projectId}/envelope/
    if (standIn === 'sentry' && method === 'POST' && /^api\/\d+\/envelope\/?$/.test(path)) {
      const envelope = parseEnvelope(await readText(req));
      record(standIn, req, url, envelope);
      const id = envelope.header.event_id ?? null;
      return json(200, { id });
    }
    // Plausible: POST /integrations/plausible/api/event (its text/plain JSON body)
    if (standIn === 'plausible' && method === 'POST' && path === 'api/event') {
      record(standIn, req, url, parseJson(await readText(req)));
      res.writeHead(202, { 'content-type': 'text/plain', ...corsFor(req) });
      return void res.end('ok');
    }
    // GrowthBook: GET /integrations/growthbook/api/features/{clientKey}, POST /integrations/growthbook/track
    if (standIn === 'growthbook' && method === 'GET' && path.startsWith('api/features/')) {
      return json(200, { status: 200, features: demoFeatures(), dateUpdated: new Date(0).toISOString() });
    }
    if (standIn === 'growthbook' && method === 'POST' && path === 'track') {
      record(standIn, req, url, parseJson(await readText(req)));
      return json(202, { ok: true });
    }
    return json(404, { error: `no endpoint ${method} /integrations/${rest}` });
  }

  return { handle, received: (name) => records.get(name) ?? [] };
}
