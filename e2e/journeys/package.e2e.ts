/**
 * The npm package as a shop installs it: `npm pack` of dist/package, installed offline into a small
 * app outside the source (e2e/fixtures/package-app, copied to a temporary folder), type-checked with
 * tsc against the package's declarations, bundled with esbuild, served from an origin of its own and
 * rendering a listing from the local stack in every engine.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildPackage, PACKAGE_NAME } from '../../scripts/build-package.js';
import { VERSION } from '../../sdk/version.js';
import { engines, useEngine } from '../support/drivers/index.js';
import { APP_CARD } from '../support/dlp.js';
import { countOf } from '../support/listing.js';

const baseUrl = inject('baseUrl');
const LISTING = '/maple/womens-running-shoes';
const tsc = resolve('node_modules/typescript/bin/tsc');
let work = '';
let app = '';
let site: Server;
let siteUrl = '';

/** Runs tsc on a project of the app; returns its output (it throws when tsc reports errors). */
const typecheck = (project: string): string =>
  execFileSync(process.execPath, [tsc, '-p', join(app, project)], { encoding: 'utf8' });

/** The render context the stack's demo page hands Aisle, as a retailer's server would write it. */
async function demoContext(): Promise<string> {
  const html = await (await fetch(`${baseUrl}${LISTING}?render=browser`)).text();
  const found = /<script type="application\/json" id="aisle-context">([\s\S]*?)<\/script>/.exec(html);
  if (!found) throw new Error('the demo page has no render context');
  return found[1]!;
}

/** Serves the app's bundle, and its page at every other address (the shop's router). */
function serveApp(page: string): Promise<string> {
  const types: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.map': 'application/json' };
  site = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    const file = normalize(join(app, 'dist', path));
    if (path.startsWith('/assets/') && file.startsWith(join(app, 'dist'))) {
      try {
        const body = readFileSync(file);
        res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
        return void res.end(body);
      } catch {
        res.writeHead(404);
        return void res.end();
      }
    }
    res.writeHead(path === '/favicon.ico' ? 204 : 200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(path === '/favicon.ico' ? '' : page);
  });
  return new Promise((done) =>
    site.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(site.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  await buildPackage();
  work = mkdtempSync(join(tmpdir(), 'aisle-package-'));
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', resolve('dist/package'), '--pack-destination', work, '--json'], { encoding: 'utf8' }),
  ) as Array<{ filename: string }>;
  app = join(work, 'app');
  cpSync(resolve('e2e/fixtures/package-app'), app, { recursive: true });
  // Offline: the package has no dependencies (everything it runs is bundled into it).
  execFileSync('npm', ['install', join(work, packed!.filename), '--offline', '--no-audit', '--no-fund'], {
    cwd: app,
    stdio: 'pipe',
  });
  await build({
    entryPoints: [join(app, 'main.ts')],
    outdir: join(app, 'dist/assets'),
    absWorkingDir: app,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2020',
    logLevel: 'error',
  });
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A shop built with a bundler</title>
<script type="application/json" id="aisle-context">${await demoContext()}</script>
<script type="module" src="/assets/main.js"></script></head>
<body><header><a href="/">The shop</a></header><main id="main"><h1>Women's running shoes</h1></main></body></html>`;
  siteUrl = await serveApp(page);
}, 240_000);

afterAll(async () => {
  await new Promise((done) => (site ? site.close(done) : done(undefined)));
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('installs as a semver package with its entry, declarations, script-tag build and changelog', () => {
    const installed = join(app, 'node_modules', PACKAGE_NAME);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.version).toBe(VERSION);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
    expect(manifest.dependencies).toBeUndefined();
    for (const file of [
      'index.js',
      'types/sdk/package.d.ts',
      'global.d.ts',
      'embed/aisle.js',
      'CHANGELOG.md',
      'README.md',
    ])
      expect(() => readFileSync(join(installed, file))).not.toThrow();
    expect(readFileSync(join(installed, 'CHANGELOG.md'), 'utf8')).toContain(`## ${VERSION}`);
  });

  it('type-checks the shop’s code against its declarations, and refuses a wrong use', () => {
    expect(typecheck('tsconfig.json')).toBe('');
    writeFileSync(
      join(app, 'wrong.ts'),
      `import { on, mount } from '${PACKAGE_NAME}';\n` +
        `on('resultsShown', (p) => p.productIds.push(p.nope));\n` +
        `on('noSuchEvent', () => undefined);\n` +
        `void mount({ config: { id: 1 } });\n`,
    );
    writeFileSync(
      join(app, 'tsconfig.wrong.json'),
      JSON.stringify({ extends: './tsconfig.json', include: ['wrong.ts'] }),
    );
    let output = '';
    try {
      typecheck('tsconfig.wrong.json');
    } catch (error) {
      output = String((error as { stdout?: string }).stdout);
    }
    expect(output).toContain("Property 'nope' does not exist");
    expect(output).toContain('"noSuchEvent"');
    expect(output).toMatch(/wrong\.ts\(4,/);
  });
});

describe.each(engines)('a shop bundled with the package (%s)', (name) => {
  const engine = useEngine(name, { beforeAll, afterAll });

  it('renders the listing from the local stack, with its events and card slots, and no global', async () => {
    const page = await engine().newPage({ width: 1280, height: 900 });
    await page.goto(`${siteUrl}${LISTING}`);
    await page.waitForSelector(APP_CARD, 30_000);
    await page.waitFor(() => document.documentElement.dataset.aisleVersion, undefined, { what: 'the mount' });
    expect(await page.evaluate(() => document.documentElement.dataset.aisleVersion)).toBe(VERSION);
    expect(await countOf(page, APP_CARD)).toBe(24);
    await page.waitFor(() => document.documentElement.dataset.resultsShown === '24', undefined, {
      what: 'resultsShown with 24 products',
    });
    expect(await countOf(page, `${APP_CARD} .shop-badge`)).toBe(24);
    expect(await page.evaluate(() => 'Aisle' in window)).toBe(false);
    await page.screenshot('package-app-1280');
    expect(await page.errors()).toEqual([]);
    await page.close();
  });
});
