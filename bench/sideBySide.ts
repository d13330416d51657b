/**
 * The side-by-side benchmark of the shared workspace (../shared/bench: the same 48-product page
 * rendered by Aisle and by Constructor's ui-plp, alternating, in one Chromium), run from here on a
 * phone network (Lighthouse's slow 4G) at 4× and 6× CPU, the second standing in for a slow machine.
 * The shared folder is read-only, so it is copied to a working folder once and set up there (its
 * own `npm run setup`: the anchors' packages from the registry, then their build). Reported: the
 * paired ratios Aisle / Constructor of the time to 48 cards, LCP and total blocking time, and
 * Aisle's long tasks (median count). On a machine without the shared workspace nothing is run.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const SHARED = resolve('..', 'shared', 'bench');
const WORK = join(tmpdir(), 'aisle-side-by-side');

interface Ratio {
  paired: number;
}
interface Results {
  meta: { loadavgStart: number[] };
  byThrottle: Record<
    string,
    {
      ratiosAisleOver: { cio: Record<'renderMs' | 'lcpMs' | 'tbtMs', Ratio> };
      summaries: { aisle: { median: { longTasks: number } } };
    }
  >;
}

/** The working copy of the shared benchmark, set up; null where there is none to copy. */
function workingCopy(): string | null {
  if (!existsSync(join(SHARED, 'run.mjs'))) return null;
  if (!existsSync(join(WORK, 'node_modules'))) {
    cpSync(SHARED, WORK, { recursive: true });
    execFileSync('chmod', ['-R', 'u+w', WORK]);
    execFileSync('npm', ['run', 'setup'], { cwd: WORK, stdio: 'inherit' });
  }
  return WORK;
}

const round = (value: number): number => Math.round(value * 100) / 100;

/** Paired ratios at 4× and 6× CPU on slow 4G, `runs` loads per contender (this repository's dist/embed). */
export function benchSideBySide(runs = 9): Record<string, number> {
  const dir = workingCopy();
  if (!dir) {
    console.log(`side by side: no shared benchmark at ${SHARED}, skipped`);
    return {};
  }
  const out = join(dir, 'aisle-results.json');
  const args = ['run.mjs', '--aisle', resolve('.'), '--only', 'cio', '--throttle', '4,6', '--net', 'slow4g'];
  execFileSync('node', [...args, '--runs', String(runs), '--out', out], { cwd: dir, stdio: 'inherit' });
  const results = JSON.parse(readFileSync(out, 'utf8')) as Results;
  const figures: Record<string, number> = {};
  for (const cpu of ['4', '6']) {
    const at = results.byThrottle[cpu];
    if (!at) continue;
    const ratios = at.ratiosAisleOver.cio;
    figures[`side_by_side_slow4g_${cpu}x_48_cards_ratio`] = round(ratios.renderMs.paired);
    figures[`side_by_side_slow4g_${cpu}x_lcp_ratio`] = round(ratios.lcpMs.paired);
    figures[`side_by_side_slow4g_${cpu}x_tbt_ratio`] = round(ratios.tbtMs.paired);
    figures[`side_by_side_slow4g_${cpu}x_aisle_long_tasks`] = at.summaries.aisle.median.longTasks;
  }
  figures.side_by_side_load_at_start = results.meta.loadavgStart[0] ?? NaN;
  return figures;
}
