/**
 * Builds the production embed: `dist/embed/aisle.js`, a small classic script that defines
 * `window.Aisle` and, the moment it runs, requests aisle.css and the app chunk from beside itself.
 * Everything the first render needs is that ONE chunk (rolldown's runtime helpers included), so
 * after aisle.js no file of the first render is discovered late: a phone on a mobile network pays
 * one round trip for aisle.js and one for the app and its stylesheet together. What the first
 * render does not need (slider, drawer, filter panels, sanitiser, below-the-fold sections, sitemap,
 * analytics) loads on demand.
 */
import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve as resolvePath } from 'node:path';
import { rolldown, type OutputChunk } from 'rolldown';
import { AISLE_CSS } from '../sdk/ui/stylesheet.js';

const outdir = 'dist/embed';
const production = { 'process.env.NODE_ENV': '"production"' };

/** Chunks a chunk pulls in statically (what loads before its code runs), itself included. */
function staticClosure(chunks: Map<string, OutputChunk>, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of chunks.get(file)?.imports ?? []) staticClosure(chunks, imported, seen);
  return seen;
}

/** Builds dist/embed; returns the app chunk and the files of a first render. */
export async function buildEmbed(): Promise<{ app: string; firstRender: string[] }> {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const bundle = await rolldown({
    input: { app: 'sdk/app.ts' },
    platform: 'browser',
    transform: { define: production },
    resolve: { alias: { 'use-sync-external-store/shim': resolvePath('sdk/vendor/useSyncExternalStore.ts') } },
    logLevel: 'warn',
    // Lets the entry chunk carry the modules the lazy chunks share with it (and the runtime helpers),
    // instead of re-exporting them from a second chunk fetched only once the entry arrived.
    preserveEntrySignatures: 'allow-extension',
  });
  const { output } = await bundle.write({
    dir: join(outdir, 'chunks'),
    format: 'es',
    minify: true,
    sourcemap: true,
    entryFileNames: '[name]-[hash].js',
    chunkFileNames: '[name]-[hash].js',
    // Every module the app imports statically goes into the entry chunk itself: one request, one
    // gzip stream, nothing for the browser to discover after it.
    codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
  });
  await bundle.close();
  const chunks = new Map(output.filter((o): o is OutputChunk => o.type === 'chunk').map((c) => [c.fileName, c]));
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) throw new Error('the app entry chunk is missing');
  const app = `chunks/${entry.fileName}`;
  await build({
    entryPoints: ['sdk/embed.ts'],
    outfile: join(outdir, 'aisle.js'),
    bundle: true,
    format: 'iife',
    minify: true,
    sourcemap: true,
    target: 'es2020',
    define: { ...production, __AISLE_APP_CHUNK__: JSON.stringify(app) },
    logLevel: 'warning',
  });
  writeFileSync(join(outdir, 'aisle.css'), AISLE_CSS);
  const firstRender = ['aisle.js', ...[...staticClosure(chunks, entry.fileName)].map((f) => `chunks/${f}`)];
  // The loader fetches only the app chunk: anything else the first render imported statically would
  // be found one round trip later, which is the wait this build exists to remove.
  if (firstRender.length !== 2) throw new Error(`the first render needs more than one chunk: ${firstRender.join(', ')}`);
  writeFileSync(join(outdir, 'manifest.json'), JSON.stringify({ app, firstRender }, null, 2));
  return { app, firstRender };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { firstRender } = await buildEmbed();
  console.log(`embed built: ${firstRender.join(', ')}`);
}
