/**
 * `npm run bench`: prints Aisle's performance figures as a table and writes them to
 * bench/results.json. Figures are medians over repeated runs; compare them as ratios.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { benchChaos } from './chaos.js';
import { benchEngines } from './engines.js';
import { benchFacetSearch } from './facetSearch.js';
import { benchIntegrations } from './integrations.js';
import { benchInteractions } from './interactions.js';
import { benchRender } from './render.js';
import { benchRules } from './rules.js';
import { benchSearch } from './search.js';
import { benchSideBySide } from './sideBySide.js';
import { benchSize } from './size.js';

/** A figure with the budget it must stay within, if any. */
interface Figure {
  name: string;
  value: number;
  unit: string;
  budget?: number;
}

const figures: Figure[] = [];
// AISLE_BENCH_ONLY=interactions measures the interactions alone (a quicker loop while tuning them).
const only = process.env.AISLE_BENCH_ONLY;
const wanted = (part: string) => !only || only === part;
const add = (values: Record<string, number>, units: Record<string, string>, budgets: Record<string, number> = {}) => {
  for (const [name, value] of Object.entries(values))
    figures.push({ name, value, unit: units[name] ?? '', budget: budgets[name] });
};

const size = wanted('size') ? benchSize() : {};
add(size, Object.fromEntries(Object.keys(size).map((k) => [k, k.endsWith('_kb') ? 'KiB' : ''])), {
  first_render_js_gzip_kb: 70,
  first_render_fr_js_gzip_kb: 80,
});
const integrations = wanted('integrations') ? benchIntegrations() : {};
add(integrations, Object.fromEntries(Object.keys(integrations).map((k) => [k, 'KiB'])));
const search = !wanted('search') ? {} : await benchSearch(Number(process.env.AISLE_BENCH_SEARCHES ?? 400));
add(search, Object.fromEntries(Object.keys(search).map((k) => [k, k.endsWith('_ms') ? 'ms' : ''])), {
  search_http_median_ms: 20,
});

// Pure rules in process: the sitemap's grouping and a filtered search (once unit-test timings).
const rules = wanted('rules') ? benchRules() : {};
add(rules, Object.fromEntries(Object.keys(rules).map((k) => [k, 'ms'])), {
  sitemap_group_5000_ms: 1000,
  search_filtered_400_median_ms: 20,
  catalogue_build_ms: 1000,
});

const render = !wanted('render') ? {} : await benchRender(Number(process.env.AISLE_BENCH_RUNS ?? 5));
add(render, Object.fromEntries(Object.keys(render).map((k) => [k, k.endsWith('_ms') ? 'ms' : '×'])), {
  first_paint_48_script_ms: 50,
  append_page20_vs_page2_ratio: 1.5,
});

// The first screen in Chromium, Firefox ESR and WebKitGTK side by side (AISLE_ENGINE narrows them).
const engines = !wanted('engines') ? {} : await benchEngines(Number(process.env.AISLE_BENCH_RUNS ?? 5));
add(engines, Object.fromEntries(Object.keys(engines).map((k) => [k, 'ms'])));

// Interactions at 4× CPU (Event Timing duration and time to the updated grid) and the first render on
// a phone network (slow4g at 1× and 4× CPU). The budget is on the duration, what browsers report as INP;
// the time to the updated grid is reported as measured.
const interactions = !wanted('interactions') ? {} : await benchInteractions(Number(process.env.AISLE_BENCH_RUNS ?? 5));
add(
  interactions,
  Object.fromEntries(Object.keys(interactions).map((k) => [k, k.endsWith('_ms') ? 'ms' : ''])),
  Object.fromEntries(
    Object.keys(interactions)
      .filter((k) => /_4x_inp_ms$/.test(k))
      .map((k) => [k, 100])
      .concat([['drawer_open_375_4x_long_tasks', 0]]),
  ),
);

// Side by side with Constructor's ui-plp on slow 4G at 4× and 6× CPU (../shared/bench, where there is one):
// the goals are the 48 cards and LCP within 0.7× of Constructor's, TBT within 0.5×, at 4×.
const sideBySide = !wanted('side-by-side') ? {} : benchSideBySide(Number(process.env.AISLE_BENCH_SIDE_RUNS ?? 9));
add(sideBySide, Object.fromEntries(Object.keys(sideBySide).map((k) => [k, k.endsWith('_ratio') ? '×' : ''])), {
  side_by_side_slow4g_4x_48_cards_ratio: 0.7,
  side_by_side_slow4g_4x_lcp_ratio: 0.7,
  side_by_side_slow4g_4x_tbt_ratio: 0.5,
});

// A facet of 10,000 options at 4× CPU: a query is answered within one frame, a pasted megabyte within 100 ms.
const facets = !wanted('facets') ? {} : await benchFacetSearch(Number(process.env.AISLE_BENCH_RUNS ?? 5));
add(facets, Object.fromEntries(Object.keys(facets).map((k) => [k, 'ms'])), {
  facet_search_10k_4x_ms: 16,
  facet_paste_1mb_10k_4x_ms: 100,
});

// The inspector with 10,000 events and 5 arriving a second (bench/inspector.ts); AISLE_BENCH_ONLY=inspector alone.
if (wanted('inspector'))
  await import('./inspector.js').then(async (b) =>
    add(await b.benchInspector(), b.INSPECTOR_UNITS, b.INSPECTOR_BUDGETS),
  );

// The chaos run proves delivery (zero lost, zero duplicated); AISLE_CHAOS_EVENTS=0 skips it.
const chaosEvents = Number(process.env.AISLE_CHAOS_EVENTS ?? 10_000);
if (chaosEvents > 0 && wanted('chaos')) {
  const chaos = benchChaos(chaosEvents);
  add(chaos, { chaos_duration_s: 's' }, { chaos_lost: 0, chaos_duplicated: 0 });
}

const rows = figures.map((f) => ({
  figure: f.name,
  value: f.value,
  unit: f.unit,
  budget: f.budget ?? '',
  within: f.budget === undefined ? '' : f.value <= f.budget ? 'yes' : 'NO',
}));
console.table(rows);
mkdirSync('bench', { recursive: true });
// A partial run is for tuning: it does not overwrite the full figures.
if (!only)
  writeFileSync(
    'bench/results.json',
    JSON.stringify({ measuredAt: new Date().toISOString(), node: process.version, figures }, null, 2) + '\n',
  );
console.log(only ? 'partial run: bench/results.json left as it was' : 'written to bench/results.json');
