/**
 * Builds the production embed: `dist/embed/aisle.js`, a small classic script that defines
 * `window.Aisle` and loads the app as ES module chunks from beside itself, so that what the first
 * render does not need (slider, drawer, sanitiser, …) is fetched only on demand.
 */
import { build, type Metafile } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AISLE_CSS } from '../sdk/ui/stylesheet.js';

const outdir = 'dist/embed';
const production = { 'process.env.NODE_ENV': '"production"' };

/** The output file built from `entry`, relative to the embed folder. */
function outputFor(metafile: Metafile, entry: string): string {
  const found = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === entry);
  if (!found) throw new Error(`no output for ${entry}`);
  return relative(outdir, found[0]).split('\\').join('/');
}

/** Output files a chunk pulls in statically (what loads before its code runs). */
function staticClosure(metafile: Metafile, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imp of metafile.outputs[file]?.imports ?? []) {
    if (imp.kind === 'import-statement') staticClosure(metafile, imp.path, seen);
  }
  return seen;
}

export async function buildEmbed(): Promise<{ app: string; firstRender: string[] }> {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const app = await build({
    entryPoints: { app: 'sdk/app.ts' },
    outdir: join(outdir, 'chunks'),
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    sourcemap: true,
    target: 'es2020',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    define: production,
    metafile: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
  const appFile = outputFor(app.metafile, 'sdk/app.ts');
  await build({
    entryPoints: ['sdk/embed.ts'],
    outfile: join(outdir, 'aisle.js'),
    bundle: true,
    format: 'iife',
    minify: true,
    sourcemap: true,
    target: 'es2020',
    define: { ...production, __AISLE_APP_CHUNK__: JSON.stringify(appFile) },
    logLevel: 'warning',
  });
  writeFileSync(join(outdir, 'aisle.css'), AISLE_CSS);
  const firstRender = [
    'aisle.js',
    ...[...staticClosure(app.metafile, join(outdir, appFile))].map((f) => relative(outdir, f)),
  ];
  writeFileSync(join(outdir, 'manifest.json'), JSON.stringify({ app: appFile, firstRender }, null, 2));
  return { app: appFile, firstRender };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { firstRender } = await buildEmbed();
  console.log(`embed built: ${firstRender.join(', ')}`);
}
