import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { parseEnvelope } from './envelope.js';

let server: Server;
let base = '';
beforeAll(async () => {
  server = createApp({ analyticsDb: ':memory:' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/integrations`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(async () => {
  for (const name of ['sentry', 'plausible', 'growthbook'])
    await fetch(`${base}/${name}/received`, { method: 'DELETE' });
});

const received = async (name: string) =>
  ((await (await fetch(`${base}/${name}/received`)).json()) as { received: Array<{ body: unknown; cookies: boolean }> })
    .received;

describe('the integrations’ stand-ins record what they receive', () => {
  it('the Sentry stand-in accepts an envelope and lists its items', async () => {
    const event = { event_id: 'abc', environment: 'development', exception: { values: [{ value: 'boom' }] } };
    const envelope = [
      JSON.stringify({ event_id: 'abc', sent_at: 'now' }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify(event),
    ].join('\n');
    const response = await fetch(`${base}/sentry/api/1/envelope/?sentry_key=aisle&sentry_version=7`, {
      method: 'POST',
      body: envelope,
      headers: { origin: 'http://shop.test' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://shop.test');
    const [entry] = await received('sentry');
    expect(entry!.body).toEqual({
      header: { event_id: 'abc', sent_at: 'now' },
      items: [{ header: { type: 'event' }, payload: event }],
    });
    expect(entry!.cookies).toBe(false);
  });

  it('the Plausible stand-in answers 202 and records the event', async () => {
    const body = {
      n: 'Product Click',
      d: 'maple-pine.example',
      u: 'http://x/y',
      p: { product_id: 'ap-1', list_position: '1' },
    };
    const response = await fetch(`${base}/plausible/api/event`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { cookie: 'a=b' },
    });
    expect(response.status).toBe(202);
    expect(await received('plausible')).toMatchObject([{ body, cookies: true }]);
  });

  it('the GrowthBook stand-in serves features and records events; DELETE clears the record', async () => {
    const features = (await (await fetch(`${base}/growthbook/api/features/sdk-maple`)).json()) as { features: object };
    expect(Object.keys(features.features)).toContain('campaign-banner');
    const event = { event: 'campaign_impression', properties: { campaign: 'c' }, url: 'http://x/y' };
    const response = await fetch(`${base}/growthbook/track?client_key=sdk-maple`, {
      method: 'POST',
      body: JSON.stringify(event),
    });
    expect(response.status).toBe(202);
    expect(await received('growthbook')).toMatchObject([{ body: event, query: { client_key: 'sdk-maple' } }]);
    await fetch(`${base}/growthbook/received`, { method: 'DELETE' });
    expect(await received('growthbook')).toEqual([]);
  });

  it('answers preflights for the page origin, and 404 or 400 for anything else', async () => {
    const preflight = await fetch(`${base}/growthbook/track`, {
      method: 'OPTIONS',
      headers: { origin: 'http://shop.test' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
    expect((await fetch(`${base}/nope/received`)).status).toBe(404);
    expect((await fetch(`${base}/plausible/api/event`, { method: 'POST', body: 'not json' })).status).toBe(400);
  });

  it('parses envelopes line by line', () => {
    expect(parseEnvelope('{"a":1}\n{"type":"event"}\n{"b":2}\n')).toEqual({
      header: { a: 1 },
      items: [{ header: { type: 'event' }, payload: { b: 2 } }],
    });
    expect(() => parseEnvelope('not json')).toThrow();
  });
});
