/**
 * The import boundaries of the whole repository, run by `npm test` (not only by `npm run lint`):
 * every shipped file of sdk/, server/ and extension/ keeps its folder's rule, and a forbidden import
 * planted in each folder, as .ts and as .tsx, is refused.
 */
import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const RULES = new Set(['no-restricted-imports', 'no-restricted-globals']);

/** The boundary problems of lint results, as `file:line rule` (a line two patterns refuse counts once). */
const problemsOf = (results: ESLint.LintResult[]): string[] => [
  ...new Set(
    results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId !== null && RULES.has(message.ruleId))
        .map((message) => `${relative(process.cwd(), result.filePath)}:${message.line} ${message.ruleId}`),
    ),
  ),
];

const folders = (root: string): string[] =>
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(root, entry.name));

/** A repository path (`sdk/ui/x.js`) as the import a file in `folder` would write. */
const importFrom = (folder: string, target: string): string => {
  const path = relative(folder, target);
  return path.startsWith('.') ? path : `./${path}`;
};

/** Files under `root`, outside `testing/` folders, that are test helpers by name (test*, *testing*). */
function testHelpersOutsideTesting(root: string): string[] {
  return readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const path = join(root, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : testHelpersOutsideTesting(path);
    return /^test[A-Z.]|testing\.|testSupport/.test(entry.name) ? [path] : [];
  });
}

/** What each part must refuse: packages by name, repository modules by path. */
const SHIPPED_SDK = ['vitest', 'server/analytics/index.js', 'extension/lib/settings.js', 'sdk/testing/stores.js'];
const sdkPlants: Record<string, string[]> = {
  core: ['react', 'mobx', 'sdk/stores/RootStore.js', 'sdk/host/timers.js'],
  ports: ['sdk/core/types.js'],
  stores: ['react', 'sdk/host/timers.js', 'sdk/views/listing.js'],
  views: ['react', 'mobx', 'sdk/stores/RootStore.js', 'sdk/ui/Leak.js'],
  serverRender: ['react', 'mobx', 'sdk/host/timers.js', 'sdk/ui/Leak.js'],
  host: ['react', 'sdk/views/listing.js', 'sdk/analytics/session.js'],
  analytics: ['react', 'sdk/views/listing.js', 'sdk/integrations/Leak.js'],
  integrations: ['react', 'sdk/analytics/session.js', 'sdk/ui/Leak.js'],
  firstPaint: ['react', 'mobx', 'sdk/ui/Leak.js', 'sdk/mount.js'],
  ui: ['sdk/host/timers.js', 'sdk/analytics/session.js', 'sdk/mount.js'],
  vendor: ['mobx', 'sdk/core/types.js'],
  public: ['sdk/embed.js'],
  testing: ['extension/lib/settings.js', 'e2e/support/listing.js'],
};

/** Files in `folder` that import each of `imports`, as .ts and .tsx. */
function plantsIn(folder: string, imports: string[]): Array<{ filePath: string; source: string; expected: number }> {
  const source = imports
    .map((target, i) => `import * as planted${i} from '${target.includes('/') ? importFrom(folder, target) : target}';`)
    .join('\n');
  return ['Planted.ts', 'Planted.tsx'].map((name) => ({
    filePath: join(folder, name),
    source: `${source}\nexport const all = [${imports.map((_, i) => `planted${i}`).join(', ')}];\n`,
    expected: imports.length,
  }));
}

/** `plant`, in words, unless the rules refuse every import it holds. */
async function unrefused(plant: { filePath: string; source: string; expected: number }): Promise<string[]> {
  const refused = problemsOf(await eslint.lintText(plant.source, { filePath: plant.filePath })).length;
  return refused === plant.expected ? [] : [`${plant.filePath}: ${refused} of ${plant.expected} refused`];
}

describe('every boundary of the repository holds, in npm test', () => {
  it('no shipped file of sdk/, server/ or extension/ breaks its folder’s import rule', async () => {
    const results = await eslint.lintFiles(['sdk', 'server', 'extension']);
    expect(problemsOf(results)).toEqual([]);
  }, 120_000);

  it('names a plant for every folder of sdk/, so that a new folder cannot go unchecked', () => {
    const names = folders('sdk').map((folder) => folder.slice('sdk/'.length));
    expect(names.filter((name) => !(name in sdkPlants))).toEqual([]);
  });

  it('refuses a forbidden import planted in each folder of sdk/, as .ts and as .tsx', async () => {
    const refusedEverywhere = (folder: string): string[] => (folder === 'sdk/testing' ? [] : SHIPPED_SDK);
    const missed: string[] = [];
    for (const [name, own] of Object.entries(sdkPlants)) {
      const folder = `sdk/${name}`;
      for (const plant of plantsIn(folder, [...own, ...refusedEverywhere(folder)])) {
        missed.push(...(await unrefused(plant)));
      }
    }
    expect(missed).toEqual([]);
  }, 120_000);

  it('refuses UI code, page adapters and test code planted in each folder of server/', async () => {
    const missed: string[] = [];
    for (const folder of ['server', ...folders('server')].filter((path) => !path.endsWith('/testing'))) {
      const imports = ['react', 'mobx', 'vitest', 'sdk/ui/Leak.js', 'sdk/views/listing.js', 'sdk/host/timers.js'];
      for (const plant of plantsIn(folder, [...imports, 'sdk/mount.js', 'extension/lib/settings.js'])) {
        missed.push(...(await unrefused(plant)));
      }
    }
    expect(missed).toEqual([]);
  }, 120_000);

  it('refuses any module of sdk/ but its public entries planted in each folder of extension/', async () => {
    const missed: string[] = [];
    // Its testing/ folder holds the unit tests' fake browser, which ships nowhere.
    const extensionFolders = ['extension', ...folders('extension'), ...folders('extension/entrypoints')].filter(
      (folder) => !folder.endsWith('/testing'),
    );
    for (const folder of extensionFolders) {
      const imports = ['sdk/core/coerce.js', 'sdk/host/hostEvents.js', 'sdk/app.js', 'sdk/ui/appStylesheet.js'];
      for (const plant of plantsIn(folder, [...imports, 'server/analytics/index.js', 'vitest'])) {
        missed.push(...(await unrefused(plant)));
      }
      const allowed = `import { isRecord } from '${importFrom(folder, 'sdk/public/tools.js')}';\nexport const ok = isRecord;\n`;
      const refused = problemsOf(await eslint.lintText(allowed, { filePath: join(folder, 'Allowed.ts') }));
      if (refused.length > 0) missed.push(`${folder}: the public entry was refused`);
    }
    expect(missed).toEqual([]);
  }, 120_000);

  it('keeps test helpers out of the folders that ship', () => {
    expect(['sdk', 'server', 'extension'].flatMap(testHelpersOutsideTesting)).toEqual([]);
  });
});
