/**
 * The speed of pure rules, in process: grouping a 5,000-link sitemap, answering a 400-product
 * category with three filters and a sort, and building the seeded demo catalogue. They used to be asserted by unit tests,
 * where a busy machine made them fail; here they are medians with budgets, read beside the load.
 */
import { buildCatalogue } from '../fixtures/catalogue/index.js';
import { groupSitemap } from '../sdk/core/sitemap.js';
import { loadTenants } from '../fixtures/tenants/index.js';
import { handleSearch } from '../server/search/handler.js';
import { SORT_KEYS } from '../server/search/types.js';
import { median, round } from './stats.js';

/** Milliseconds of each of `runs` calls of `work`. */
function timings(runs: number, work: (i: number) => unknown): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    work(i);
    out.push(performance.now() - started);
  }
  return out;
}

/** Medians of the sitemap grouping and the filtered search, in ms. */
export function benchRules(runs = 60): Record<string, number> {
  const links = Array.from({ length: 5000 }, (_, i) => ({
    title: `${String.fromCharCode(65 + (i % 26))}item ${i}`,
    url: `/${i}`,
  }));
  const tenants = loadTenants();
  const search = (i: number) => {
    const answer = handleSearch(
      {
        customer: 'maple-pine',
        page: 'womens-running-shoes',
        start: 0,
        size: 48,
        sort: SORT_KEYS[i % SORT_KEYS.length],
        filters: [
          { key: 'color', value: ['black', 'navy', 'red'] },
          { key: 'rating', value: ['3'] },
          { key: 'price', value: [60, 160] },
        ],
      },
      { tenants },
    );
    if (answer.status !== 200) throw new Error(`the bench search answered ${answer.status}`);
  };
  return {
    sitemap_group_5000_ms: round(median(timings(Math.max(5, runs / 6), () => groupSitemap(links, 'en')))),
    search_filtered_400_median_ms: round(median(timings(runs, search))),
    catalogue_build_ms: round(median(timings(5, () => buildCatalogue()))),
  };
}
