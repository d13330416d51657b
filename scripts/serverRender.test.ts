import { build } from 'esbuild';
import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { serverBuild } from './build-server.js';

/** dist/server/render.mjs as the build writes it. */
async function built(): Promise<string> {
  const out = await build({ ...serverBuild, outfile: undefined, write: false });
  return out.outputFiles[0]!.text;
}

/** The same build as a script for a sandbox holding only web-standard globals (an edge runtime's). */
async function inSandbox(): Promise<(context: unknown, options?: unknown) => Promise<{ html: string }>> {
  const out = await build({
    ...serverBuild,
    outfile: undefined,
    write: false,
    format: 'iife',
    globalName: 'aisleServer',
  });
  const sandbox = createContext({
    URL,
    URLSearchParams,
    Intl,
    TextEncoder,
    TextDecoder,
    console,
    queueMicrotask,
    structuredClone,
  });
  runInContext(out.outputFiles[0]!.text, sandbox);
  return (sandbox as { aisleServer: { renderMain: never } }).aisleServer.renderMain;
}

describe('dist/server/render.mjs runs in Node and in edge runtimes', () => {
  it('is one ES module that imports nothing: no Node built-in, no package left to resolve', async () => {
    const code = await built();
    expect(code).not.toMatch(/\bimport\s*(?:[\w{*][^;]*from\s*)?["']|\brequire\(|["']node:/);
    expect(code).toMatch(/export\s*\{[^}]*renderMain/);
    // Neither React nor MobX travels in it.
    expect(code).not.toMatch(/react-dom|mobx|__SECRET_INTERNALS/);
  });

  it('renders a listing in a sandbox with no DOM, no Node API and no browser global', async () => {
    const renderMain = await inSandbox();
    const product = {
      product_id: 'p1',
      title: 'Trail Boot <b>',
      url: '/maple/p/p1',
      variants: [{ id: 'v1', price: 120 }],
    };
    const { html } = await renderMain(
      {
        config: { id: 'maple', base: '/maple' },
        data: { products: [product], h1_header: 'Boots', payload: { total: 1, filtered: 1, shown: 1 } },
      },
      { url: 'https://shop.example/maple/boots' },
    );
    expect(html).toContain('Trail Boot &lt;b&gt;');
    expect(html).toContain('data-product-id="p1"');
  });
});
