/**
 * Builds the production embed:
 * - `dist/embed/aisle.js`, a classic script of a few kilobytes: the loader that defines
 *   `window.Aisle`, the stylesheet, and the first paint, which draws the listing's first screen
 *   from the page's data with the DOM alone. A phone on a mobile network sees the grid one round
 *   trip after the page, without waiting for React.
 * - `dist/embed/aisle-app-<hash>.js`, ONE classic script holding everything the app's first render
 *   needs (React, MobX, the stores, the first screen). aisle.js asks for it as soon as it runs, so
 *   it downloads while the first paint is drawn; it has nothing further to discover either.
 * - What neither needs (slider, drawer, filter panels, sanitiser, below-the-fold sections,
 *   sitemap, analytics) stays in ES module chunks in `chunks/` that load on demand.
 *
 * How a classic script shares its modules with those chunks: rolldown builds the app as an ES entry
 * chunk that holds every statically imported module; its `export {…}` (what the lazy chunks import)
 * becomes a registry object on a private symbol, the chunk's text is wrapped into a function inside
 * aisle.js, and the entry chunk's file is replaced by a small bridge module that re-exports the
 * registry, so the lazy chunks, which import from that file, get the very same React and stores.
 */
import { createHash } from 'node:crypto';
import { buildServerRender, SERVER_RENDER } from './build-server.js';
import { build, transform, type BuildOptions, type Plugin } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { rolldown, type OutputChunk, type Plugin as RolldownPlugin } from 'rolldown';
import { LAYOUT_STYLESHEET } from '../sdk/host/unstyled.js';
import { layoutOnlyCss } from './layoutCss.js';
import { privateSentryCarrier } from './sentryCarrier.js';
import { parseAst } from 'rolldown/parseAst';

// AISLE_EMBED_OUT builds elsewhere, e.g. a second embed for bench/compare.ts.
const outdir = process.env.AISLE_EMBED_OUT ?? 'dist/embed';
const production = { 'process.env.NODE_ENV': '"production"' };

/**
 * Reads `file.css?raw` imports (how sdk/ui/stylesheet.ts and appStylesheet.ts gather Aisle's stylesheets) as the file's
 * text, minified, so the rules aisle.js carries cost as few bytes as they did as hand-minified strings.
 */
export const rawCss: Plugin = {
  name: 'aisle-raw-css',
  setup(css) {
    css.onResolve({ filter: /\.css\?raw$/ }, (args) => ({
      path: resolvePath(args.resolveDir, args.path.slice(0, -'?raw'.length)),
      namespace: 'aisle-raw-css',
    }));
    css.onLoad({ filter: /.*/, namespace: 'aisle-raw-css' }, async (args) => {
      const { code } = await transform(readFileSync(args.path, 'utf8'), { loader: 'css', minify: true });
      return { contents: code, loader: 'text', watchFiles: [args.path] };
    });
  },
};

/** The same `file.css?raw` reading for the app's build (its own rules, sdk/ui/appStylesheet.ts). */
const rawCssModules: RolldownPlugin = {
  name: 'aisle-raw-css',
  resolveId(source, importer) {
    if (source.endsWith('.css?raw') && importer)
      return `\0aisle-raw-css:${resolvePath(dirname(importer), source.slice(0, -'?raw'.length))}`;
    return null;
  },
  async load(id) {
    if (!id.startsWith('\0aisle-raw-css:')) return null;
    const file = id.slice('\0aisle-raw-css:'.length);
    const { code } = await transform(readFileSync(file, 'utf8'), { loader: 'css', minify: true });
    // Said to be JavaScript: by its name alone the bundler would read it as a stylesheet.
    return { code: `export default ${JSON.stringify(code)};`, moduleType: 'js' };
  },
};

/** The stylesheet exactly as aisle.js carries it, for the aisle.css written beside it. */
async function aisleCss(): Promise<string> {
  const bundled = await build({
    entryPoints: ['sdk/ui/appStylesheet.ts'],
    write: false,
    bundle: true,
    format: 'esm',
    plugins: [rawCss],
    logLevel: 'warning',
  });
  const code = bundled.outputFiles[0]?.text ?? '';
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
    AISLE_CSS?: unknown;
  };
  if (typeof module.AISLE_CSS !== 'string') throw new Error('sdk/ui/appStylesheet.ts exports no AISLE_CSS');
  return module.AISLE_CSS;
}

/** Chunks a chunk pulls in statically (what loads before its code runs), itself included. */
function staticClosure(chunks: Map<string, OutputChunk>, file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of chunks.get(file)?.imports ?? []) staticClosure(chunks, imported, seen);
  return seen;
}

/** The symbol (`Symbol.for`) under which aisle.js keeps the app's modules for the lazy chunks. */
const REGISTRY = 'aisle.app.modules';

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function walk(node: unknown, visit: (node: AstNode) => void): void {
  if (Array.isArray(node)) for (const child of node) walk(child, visit);
  else if (node && typeof node === 'object' && typeof (node as AstNode).type === 'string') {
    visit(node as AstNode);
    for (const value of Object.values(node)) if (value && typeof value === 'object') walk(value, visit);
  }
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/**
 * Turns the app's ES entry chunk into the body of a classic script, and writes the bridge module
 * that stands in for it. Refuses anything a classic script cannot run (static imports, import.meta).
 */
function classicApp(code: string): { script: string; bridge: string } {
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const exported: Array<{ local: string; name: string }> = [];
  walk(parseAst(code), (node) => {
    if (node.type === 'ImportDeclaration' || node.type === 'ExportAllDeclaration' || node.type === 'MetaProperty')
      throw new Error(`the app chunk has a ${node.type}, which a classic script cannot run`);
    if (node.type === 'ExportDefaultDeclaration') throw new Error('the app chunk has a default export');
    if (node.type === 'ExportNamedDeclaration') {
      if (node.source || node.declaration) throw new Error('the app chunk re-exports or exports a declaration');
      for (const spec of node.specifiers as Array<{
        local: AstNode & { name: string };
        exported: AstNode & { name?: string; value?: string };
      }>)
        exported.push({ local: spec.local.name, name: spec.exported.name ?? String(spec.exported.value) });
      edits.push({ start: node.start, end: node.end, text: '' });
    }
    if (node.type === 'ImportExpression') {
      // Lazy chunks sit in chunks/ beside aisle.js; a classic script's import() would resolve a
      // relative path against the page instead.
      const source = node.source as AstNode;
      edits.push({ start: source.start, end: source.start, text: '__aisleChunk(' });
      edits.push({ start: source.end, end: source.end, text: ')' });
    }
  });
  let body = code.replace(/\/\/# sourceMappingURL=.*$/m, '');
  for (const edit of edits.sort((a, b) => b.start - a.start))
    body = body.slice(0, edit.start) + edit.text + body.slice(edit.end);
  // Getters keep the bindings live, as module exports are.
  const registry = exported.map((e) => `get ${JSON.stringify(e.name)}(){return ${e.local}}`).join(',');
  const script =
    `(function(){"use strict";` +
    `var __aisleBase=new URL("chunks/",document.currentScript&&document.currentScript.src||location.href);` +
    `var __aisleChunk=function(p){return new URL(p,__aisleBase).href};\n${body}\n` +
    `Object.defineProperty(globalThis,Symbol.for(${JSON.stringify(REGISTRY)}),{value:Object.freeze({${registry}}),configurable:true});` +
    `}).call(void 0);`;
  const names = exported.map((e, i) => `${identifier.test(e.name) ? e.name : JSON.stringify(e.name)}:e${i}`);
  const bridge =
    `// Aisle's app runs inside aisle.js; this module hands its modules to the chunks loaded on demand.\n` +
    `const m=globalThis[Symbol.for(${JSON.stringify(REGISTRY)})];` +
    `if(!m)throw new Error("[Aisle] aisle.js has not run on this page");` +
    `const{${names.join(',')}}=m;` +
    `export{${exported.map((e, i) => `e${i} as ${identifier.test(e.name) ? e.name : JSON.stringify(e.name)}`).join(',')}};\n`;
  return { script, bridge };
}

/**
 * How aisle.js is built from sdk/embed.ts (one classic script, every module it reaches inlined);
 * `appScript` is the file name of the app's script it loads. scripts/aisleJs.test.ts builds the same
 * to check what aisle.js carries.
 */
export function loaderBuild(appScript: string): BuildOptions {
  return {
    entryPoints: ['sdk/embed.ts'],
    bundle: true,
    format: 'iife',
    minify: !process.env.AISLE_NO_MINIFY,
    target: 'es2020',
    define: {
      ...production,
      __AISLE_APP_REGISTRY__: JSON.stringify(REGISTRY),
      __AISLE_APP_FILE__: JSON.stringify(appScript),
    },
    plugins: [rawCss],
    logLevel: 'warning',
  };
}

/**
 * Builds dist/embed; returns the app chunk (now the bridge), the files of the first paint, and the
 * classic script of the app's first render.
 */
export async function buildEmbed(): Promise<{ app: string; firstRender: string[]; appScript: string }> {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const bundle = await rolldown({
    input: { app: 'sdk/app.ts' },
    platform: 'browser',
    transform: { define: production },
    resolve: { alias: { 'use-sync-external-store/shim': resolvePath('sdk/vendor/useSyncExternalStore.ts') } },
    plugins: [rawCssModules, privateSentryCarrier],
    logLevel: 'warn',
    // Lets the entry chunk carry the modules the lazy chunks share with it (and the runtime helpers),
    // instead of re-exporting them from a second chunk fetched only once the entry arrived.
    preserveEntrySignatures: 'allow-extension',
  });
  const { output } = await bundle.write({
    dir: join(outdir, 'chunks'),
    format: 'es',
    minify: !process.env.AISLE_NO_MINIFY,
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
  // Anything the app imported statically outside its own chunk would be found one round trip later,
  // which is the wait this build exists to remove.
  const closure = [...staticClosure(chunks, entry.fileName)];
  if (closure.length !== 1) throw new Error(`the first render needs more than one chunk: ${closure.join(', ')}`);
  const { script, bridge } = classicApp(entry.code);
  writeFileSync(join(outdir, app), bridge);
  rmSync(join(outdir, `${app}.map`), { force: true });
  // The app runs only when no Aisle's app ran on this page yet (the extension's preview bundles its
  // own), so its modules are never evaluated twice.
  const registry = `globalThis[Symbol.for(${JSON.stringify(REGISTRY)})]`;
  const appCode = `if(!${registry})${script}\n`;
  const appScript = `aisle-app-${createHash('sha256').update(appCode).digest('hex').slice(0, 8)}.js`;
  writeFileSync(join(outdir, appScript), appCode);
  const loader = await build({ ...loaderBuild(appScript), write: false });
  writeFileSync(join(outdir, 'aisle.js'), loader.outputFiles[0]?.text ?? '');
  // For pages that cannot use constructed style sheets (the loader links it then).
  const css = await aisleCss();
  writeFileSync(join(outdir, 'aisle.css'), css);
  // The unstyled mode's rules: the layout's only (sdk/host/unstyled.ts decides which).
  writeFileSync(join(outdir, LAYOUT_STYLESHEET), layoutOnlyCss(css));
  const firstRender = ['aisle.js'];
  writeFileSync(join(outdir, 'manifest.json'), JSON.stringify({ app, firstRender, appScript }, null, 2));
  return { app, firstRender, appScript };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { firstRender, appScript } = await buildEmbed();
  console.log(`embed built: ${firstRender.join(', ')} (first paint), ${appScript} (app)`);
  // The server render draws what the embed adopts: the two are built together.
  await buildServerRender();
  console.log(`server render built: ${SERVER_RENDER}`);
}
