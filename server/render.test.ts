import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from './app.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function start(): Promise<string> {
  const server = createApp({ analyticsDb: ':memory:', embedDir: 'dist/no-embed' });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A render context with its first search response, as a retailer's server holds it. */
async function context(origin: string) {
  const search = await fetch(`${origin}/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ customer: 'northwind', page: 'womens-running-shoes', size: 24, start: 0 }),
  });
  return {
    config: { id: 'northwind', base: '/northwind' },
    environment: 'production',
    data: await search.json(),
    additional: {},
  };
}

describe('POST /render: the server render over HTTP, for retailers whose servers are not JavaScript', () => {
  it('answers the markup of the main element and the head tags as JSON, at the root and under a tenant', async () => {
    const origin = await start();
    const body = JSON.stringify(await context(origin));
    for (const path of ['/render', '/northwind/render']) {
      const url = `${origin}${path}?url=${encodeURIComponent('https://shop.example/northwind/womens-running-shoes')}`;
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status).toBe(200);
      const { html, head } = (await response.json()) as { html: string; head: string };
      expect(html).toMatch(/^<div class="aisle-mount" data-aisle-markup="[0-9a-f]{14}" data-aisle-width="1280">/);
      expect(html.match(/data-aisle="product"/g)?.length).toBeGreaterThanOrEqual(24);
      expect(head).toBe('<link rel="stylesheet" href="/embed/aisle.css" data-aisle-css="">');
    }
  });

  it('answers the markup alone as text/html to a client that accepts only HTML, drawn for the width asked', async () => {
    const origin = await start();
    const response = await fetch(`${origin}/render?width=390`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/html' },
      body: JSON.stringify(await context(origin)),
    });
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/data-aisle-width="390"[^]*<select/);
  });

  it('refuses a body that is not a usable render context with 400 and the reason', async () => {
    const origin = await start();
    const send = (body: string) =>
      fetch(`${origin}/render`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    for (const [body, reason] of [
      ['', /empty/],
      ['{"config":', /not valid JSON/],
      ['{"config":{}}', /no id/],
      ['[1,2]', /not an object/],
    ] as const) {
      const response = await send(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(reason);
    }
  });
});
