/**
 * Builds the server render, `dist/server/render.mjs`: one ES module with everything it imports
 * inlined (the shared views, the core, the sanitiser), for Node 20 and for edge runtimes that offer
 * only web-standard APIs, so no Node built-in may be reached. scripts/serverRender.test.ts checks it.
 */
import { build, type BuildOptions } from 'esbuild';
import { mkdirSync } from 'node:fs';

/** Where the server render is written. */
export const SERVER_RENDER = 'dist/server/render.mjs';

/** How the server render is built. */
export const serverBuild: BuildOptions = {
  entryPoints: ['sdk/serverRender/render.ts'],
  outfile: SERVER_RENDER,
  bundle: true,
  format: 'esm',
  // Neutral: neither Node's built-ins nor a browser's globals are assumed.
  platform: 'neutral',
  mainFields: ['module', 'main'],
  target: 'es2022',
  minify: !process.env.AISLE_NO_MINIFY,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

/** Builds dist/server/render.mjs. */
export async function buildServerRender(): Promise<void> {
  mkdirSync('dist/server', { recursive: true });
  await build(serverBuild);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServerRender();
  console.log(`server render built: ${SERVER_RENDER}`);
}
