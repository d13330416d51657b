/**
 * Builds the npm package in `dist/package/` (docs/package.md); `npm run pack:package` then packs it
 * into `dist/aisle-embed-<version>.tgz`. The repository's own package.json is the app's (private, with
 * its servers and tools); the package gets a package.json of its own, written here:
 * - `index.js`: the ES module entry (sdk/package.ts) with everything bundled in, so the package has
 *   no dependencies to install; its rarely needed parts are chunks beside it (`chunks/`), loaded with
 *   `import()`, which the shop's bundler splits as its own;
 * - `types/`: the declarations of that entry and of the types it names (tsc, tsconfig.package.json),
 *   and `global.d.ts` (`import type {} from '@aisle/embed/global'`), which types `window.Aisle` for
 *   pages that use the script tag;
 * - `embed/`: the script-tag build (dist/embed, from `npm run build:embed`, which must have run);
 * - `CHANGELOG.md` and `README.md` (docs/package.md); the version is the embed's (sdk/version.ts),
 *   semver.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve as resolvePath } from 'node:path';
import { build } from 'esbuild';
import { rawCss } from './build-embed.js';
import { VERSION } from '../sdk/version.js';

/** The package's name on the registry. */
export const PACKAGE_NAME = '@aisle/embed';
const out = 'dist/package';

/** The package's own package.json. */
export function packageManifest(version: string): Record<string, unknown> {
  return {
    name: PACKAGE_NAME,
    version,
    description: 'Aisle: a white-label product listing layer for retail shop sites (ES module and script-tag build).',
    type: 'module',
    main: './index.js',
    module: './index.js',
    types: './types/sdk/package.d.ts',
    exports: {
      '.': { types: './types/sdk/package.d.ts', import: './index.js', default: './index.js' },
      './global': { types: './global.d.ts' },
      './embed/*': './embed/*',
      './package.json': './package.json',
    },
    files: ['index.js', 'chunks/', 'types/', 'global.d.ts', 'embed/', 'CHANGELOG.md', 'README.md'],
    keywords: ['aisle', 'product-listing', 'ecommerce', 'embed'],
    engines: { node: '>=20.19' },
  };
}

/** Types `window.Aisle`, the script tag's global, for a page that imports it. */
const GLOBAL_DECLARATION = `import type { AisleGlobal } from './types/sdk/package.js';

declare global {
  interface Window {
    /** Aisle's one global, defined by the script-tag build (embed/aisle.js). */
    Aisle?: AisleGlobal;
  }
}

export {};
`;

/** The declaration files `entry` needs, itself included (relative imports and re-exports, followed). */
function declarationsOf(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry) || !existsSync(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g))
    declarationsOf(join(dirname(entry), specifier!.replace(/\.js$/, '.d.ts')), seen);
  return seen;
}

/** Builds dist/package; returns its folder. */
export async function buildPackage(): Promise<string> {
  if (!existsSync('dist/embed/aisle.js')) throw new Error('dist/embed is not built: run `npm run build:embed` first');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: { index: 'sdk/package.ts' },
    outdir: out,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    chunkNames: 'chunks/[name]-[hash]',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { 'use-sync-external-store/shim': resolvePath('sdk/vendor/useSyncExternalStore.ts') },
    plugins: [rawCss],
    legalComments: 'none',
    logLevel: 'warning',
  });
  // Every declaration tsc writes for the entry's program, then only those the entry's types reach.
  const emitted = join(out, '.types');
  execFileSync(
    process.execPath,
    ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.package.json', '--outDir', emitted],
    {
      stdio: 'inherit',
    },
  );
  for (const file of declarationsOf(join(emitted, 'sdk/package.d.ts'))) {
    const target = join(out, 'types', relative(emitted, file));
    mkdirSync(dirname(target), { recursive: true });
    cpSync(file, target);
  }
  rmSync(emitted, { recursive: true, force: true });
  writeFileSync(join(out, 'global.d.ts'), GLOBAL_DECLARATION);
  cpSync('dist/embed', join(out, 'embed'), { recursive: true });
  cpSync('CHANGELOG.md', join(out, 'CHANGELOG.md'));
  cpSync('docs/package.md', join(out, 'README.md'));
  writeFileSync(join(out, 'package.json'), `${JSON.stringify(packageManifest(VERSION), null, 2)}\n`);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folder = await buildPackage();
  console.log(`package built: ${folder} (${PACKAGE_NAME}@${VERSION})`);
}
