/**
 * What each integration costs when it loads (after the first render, only where configured): the
 * gzip size of its lazy chunks in dist/embed (build it first), the connector included once.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = 'dist/embed';

/** The integrations' entry modules, as the figures are named. */
const ENTRIES = {
  integrations_connector_gzip_kb: 'sdk/integrations/connect.ts',
  error_reporting_gzip_kb: 'sdk/integrations/errorReporting.ts',
  click_analytics_gzip_kb: 'sdk/integrations/clickAnalytics.ts',
  experiments_gzip_kb: 'sdk/integrations/experiments.ts',
} as const;

const kb = (bytes: number): number => Number((bytes / 1024).toFixed(1));

/** Chunks `file` imports statically (what loads with it), itself included. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(dir, 'chunks', file), 'utf8');
  for (const match of code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)) closure(match[1]!, seen);
  return seen;
}

/** Gzip KiB of each integration's lazy chunks (chunks of the first render not counted). */
export function benchIntegrations(): Record<keyof typeof ENTRIES, number> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { firstRender: string[] };
  const chunks = readdirSync(join(dir, 'chunks')).filter((f) => f.endsWith('.js'));
  // A chunk's source map names the modules in it: that is how an entry's chunk is found.
  const chunkOf = (module: string): string => {
    const found = chunks.find((f) => {
      if (!existsSync(join(dir, 'chunks', `${f}.map`))) return false;
      const map = JSON.parse(readFileSync(join(dir, 'chunks', `${f}.map`), 'utf8')) as { sources: string[] };
      return map.sources.some((source) => source.endsWith(module));
    });
    if (!found) throw new Error(`no chunk holds ${module}: build the embed first (npm run build:embed)`);
    return found;
  };
  const figures = {} as Record<keyof typeof ENTRIES, number>;
  for (const [figure, module] of Object.entries(ENTRIES) as Array<[keyof typeof ENTRIES, string]>) {
    const files = [...closure(chunkOf(module))].filter((f) => !manifest.firstRender.includes(`chunks/${f}`));
    const gzip = files.reduce(
      (total, f) => total + gzipSync(readFileSync(join(dir, 'chunks', f)), { level: 9 }).length,
      0,
    );
    figures[figure] = kb(gzip);
  }
  return figures;
}
