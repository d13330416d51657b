import type { AddressInfo } from 'node:net';
import { get as httpGet, type Server } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from './app.js';
import type { AppOptions } from './app.js';

const servers: Server[] = [];

async function start(options: AppOptions = {}): Promise<string> {
  const server = createApp({ analyticsDb: ':memory:', embedDir: 'dist/no-embed', ...options });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function post(origin: string, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

afterEach(async () => {
  vi.unstubAllEnvs();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

const hasCounts = (json: unknown): boolean => JSON.stringify(json).includes('"count":');

describe('the stack over HTTP', () => {
  it('serves the sitemap at the root and under a proxySearch tenant, not under other tenants', async () => {
    const origin = await start();
    const root = await post(origin, '/sitemap', { customer: 'maple-pine', page: '' });
    expect(root.status).toBe(200);
    expect(root.json).toMatchObject({ url: '/maple/vsm/' });
    const proxied = await post(origin, '/driftwood/sitemap', { page: 'mens-jeans' });
    expect(proxied).toMatchObject({ status: 200, json: { url: '/driftwood/vsm/mens-jeans' } });
    expect((await post(origin, '/maple/sitemap', { page: '' })).status).toBe(404);
    expect(await post(origin, '/sitemap', '{not json')).toMatchObject({ status: 400 });
  });

  it('writes product links absolute on the stack for a development preview, and leaves images and /search alone', async () => {
    const origin = await start();
    const body = { customer: 'maple-pine', page: 'mens-jeans', size: 4 };
    type Answer = { products: Array<{ url: string }>; similar_products: Array<{ url: string }> };
    const plain = (await post(origin, '/search', body)).json as Answer;
    const preview = await post(origin, '/preview/search', body);
    expect(preview.status).toBe(200);
    const answer = preview.json as Answer;
    expect(plain.products[0]!.url).toMatch(/^\/maple\/p\//);
    expect(answer.products.map((p) => p.url)).toEqual(plain.products.map((p) => `${origin}${p.url}`));
    expect(answer.similar_products.every((p) => p.url.startsWith(`${origin}/maple/p/`))).toBe(true);
    expect(JSON.stringify(answer)).toContain('"/img/');
    expect((await fetch(`${origin}/preview/sitemap`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await post(origin, '/preview/search', '{not json')).status).toBe(400);
  });

  it('answers as a strict backend for a strict tenant, and for every tenant when told to', async () => {
    const rich = await start();
    const maple = { customer: 'maple-pine', page: 'mens-jeans', size: 4 };
    expect(hasCounts((await post(rich, '/search', maple)).json)).toBe(true);
    const cedar = await post(rich, '/search', { ...maple, customer: 'cedar-row' });
    expect(cedar.status).toBe(200);
    expect(hasCounts(cedar.json)).toBe(false);

    const strict = await start({ backend: 'strict' });
    const answer = await post(strict, '/search', maple);
    expect(answer.status).toBe(200);
    expect(hasCounts(answer.json)).toBe(false);
  });

  it('reads AISLE_BACKEND=strict from the environment', async () => {
    vi.stubEnv('AISLE_BACKEND', 'strict');
    const origin = await start();
    const answer = await post(origin, '/search', { customer: 'maple-pine', page: 'mens-jeans', size: 4 });
    expect(hasCounts(answer.json)).toBe(false);
    const page = await fetch(`${origin}/maple/mens-jeans`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('"count":');
  });

  it('sends pages and the embed gzipped to a browser that accepts it, as a CDN would, and as they are otherwise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-embed-'));
    const script = `/* ${'x'.repeat(4000)} */ window.x = 1;`;
    writeFileSync(join(dir, 'aisle.js'), script);
    const origin = await start({ embedDir: dir });
    const raw = (path: string, encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        httpGet(`${origin}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(parts) }));
        }).on('error', reject);
      });
    const packed = await raw('/embed/aisle.js', 'gzip, deflate, br');
    expect(packed.encoding).toBe('gzip');
    expect(packed.body.length).toBeLessThan(script.length / 4);
    expect(gunzipSync(packed.body).toString()).toBe(script);
    const plain = await raw('/embed/aisle.js', 'identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const page = await raw('/maple/womens-running-shoes', 'gzip');
    expect(page.encoding).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toContain('id="aisle-context"');
  });

  it('holds the app of a ?hold-app=KEY page until that key is released, in any browser', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-gate-'));
    writeFileSync(join(dir, 'aisle.js'), '/* loader */');
    writeFileSync(join(dir, 'aisle-app-0123abcd.js'), '/* app */');
    const origin = await start({ embedDir: dir });
    const page = await (await fetch(`${origin}/maple/womens-running-shoes?hold-app=journey-1`)).text();
    expect(page).toContain('src="/embed-held/k/journey-1/aisle.js"');
    expect(await (await fetch(`${origin}/embed-held/k/journey-1/aisle.js`)).text()).toBe('/* loader */');
    let answered = false;
    const app = fetch(`${origin}/embed-held/k/journey-1/aisle-app-0123abcd.js`).then(async (r) => {
      answered = true;
      return r.text();
    });
    // Another key's release does not let it through.
    expect((await post(origin, '/__control/release-app?key=other', {})).status).toBe(200);
    expect(await (await fetch(`${origin}/health`)).json()).toEqual({ ok: true });
    expect(answered).toBe(false);
    expect((await post(origin, '/__control/release-app?key=journey-1', {})).json).toEqual({ released: 'journey-1' });
    expect(await app).toBe('/* app */');
    expect((await post(origin, '/__control/release-app?key=../x', {})).status).toBe(400);
    // A key the page may not name falls back to the plain embed.
    expect(await (await fetch(`${origin}/maple/womens-running-shoes?hold-app=a%20b`)).text()).toContain(
      'src="/embed/aisle.js"',
    );
  });
});
