/**
 * What aisle.js carries, checked on the script itself (built as `npm run build:embed` builds it):
 * it exists to draw the first screen without React and MobX, so neither may reach it by any chain of
 * imports; every shipped locale's words travel in it; and it stays within its size budget.
 */
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '../sdk/core/locales.js';
import { loaderBuild } from './build-embed.js';

/**
 * aisle.js's gzip budget: what a phone on a mobile network downloads before the grid. 23 KB since
 * the privacy rules (sdk/core/privacy.ts) and the consent gate ride in it (the first paint writes the
 * page's visit and a first click to the device, and must clean them and ask consent first), and since
 * it adopts a server-rendered listing (finding it, checking it was drawn for this page, handing it to
 * the app), which spares such a page the whole drawing. 24 KB since it passes the page's nonce and
 * Trusted Types policy to the scripts it adds (strict CSPs), and watches the first screen's cards so
 * that their time counts toward impressions (about 0.2 and 0.5 KB). 25 KB since the page's
 * conversions (`Aisle.track`) are checked where the page calls, so that a wrong call is answered at
 * once with the field it got wrong, and wait there until the app arrives (about 0.7 KB).
 */
const BUDGET_BYTES = 25 * 1024;

let modules: string[] = [];
let code = '';

beforeAll(async () => {
  const result = await build({ ...loaderBuild('aisle-app-test.js'), write: false, metafile: true });
  modules = Object.keys(result.metafile.inputs);
  code = result.outputFiles[0]?.text ?? '';
}, 60_000);

describe('aisle.js', () => {
  it('reaches no React, no MobX and nothing of the React UI but its stylesheet', () => {
    expect(modules.length).toBeGreaterThan(10);
    const framework = modules.filter((m) =>
      /node_modules\/(react|react-dom|mobx|mobx-react-lite|scheduler|use-sync-external-store)\//.test(m),
    );
    expect(framework).toEqual([]);
    const ui = modules.filter((m) => m.startsWith('sdk/ui/') && m !== 'sdk/ui/stylesheet.ts');
    expect(ui).toEqual([]);
  });

  it('carries every shipped locale’s words: each row’s loader is inlined, none is left to fetch', () => {
    expect(code).not.toMatch(/\bimport\(/);
    for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE))
      expect(modules).toContain(`sdk/core/messages.${locale}.ts`);
  });

  it(`stays within ${BUDGET_BYTES / 1024} KB gzip`, () => {
    expect(gzipSync(code).length).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});
