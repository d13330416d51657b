/** Sizes of the built embed: aisle.js, the JavaScript of a first render, the stylesheet, lazy chunks. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const dir = 'dist/embed';

function sizes(file: string): { raw: number; gzip: number; brotli: number } {
  const bytes = readFileSync(join(dir, file));
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kb = (bytes: number): number => Number((bytes / 1024).toFixed(1));

/** Reads dist/embed (build it first) and reports sizes in KiB. */
export function benchSize(): Record<string, number> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    firstRender: string[];
    appScript: string;
  };
  const loader = sizes('aisle.js');
  // The app's script: asked for by aisle.js as it starts, it takes over from the first paint.
  const app = sizes(manifest.appScript);
  const first = manifest.firstRender.map(sizes);
  const chunks = readdirSync(join(dir, 'chunks')).filter((f) => f.endsWith('.js'));
  const lazy = chunks.filter((f) => !manifest.firstRender.includes(`chunks/${f}`)).map((f) => sizes(`chunks/${f}`));
  const css = sizes('aisle.css');
  // The first paint carries every locale's words; the app loads a French catalogue before it renders.
  const french = chunks.filter((f) => f.startsWith('messages.fr')).map((f) => sizes(`chunks/${f}`));
  const sum = (list: Array<{ raw: number; gzip: number; brotli: number }>, k: 'raw' | 'gzip' | 'brotli') =>
    list.reduce((total, s) => total + s[k], 0);
  return {
    aisle_js_raw_kb: kb(loader.raw),
    aisle_js_gzip_kb: kb(loader.gzip),
    aisle_js_brotli_kb: kb(loader.brotli),
    first_render_js_raw_kb: kb(sum(first, 'raw')),
    first_render_js_gzip_kb: kb(sum(first, 'gzip')),
    first_render_js_brotli_kb: kb(sum(first, 'brotli')),
    first_render_js_files: first.length,
    first_render_fr_js_gzip_kb: kb(sum(first, 'gzip')),
    app_js_gzip_kb: kb(app.gzip),
    app_fr_js_gzip_kb: kb(app.gzip + sum(french, 'gzip')),
    lazy_chunks_gzip_kb: kb(sum(lazy, 'gzip')),
    aisle_css_gzip_kb: kb(css.gzip),
  };
}
