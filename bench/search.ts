/** `/search` latency over real HTTP on the local stack, across pages, filters and sorts. */
import type { AddressInfo } from 'node:net';
import { loadCatalogue } from '../fixtures/catalogue/index.js';
import { loadTenants } from '../fixtures/tenants/index.js';
import { createApp } from '../server/app.js';
import { median, percentile, round } from './stats.js';

const SORTS = ['relevance_desc', 'price_asc', 'price_desc', 'rating_desc', 'reviews_desc', 'title_asc'];

/** A deterministic mix of search bodies: every tenant's categories, with sorts, facets and pages. */
function bodies(count: number): unknown[] {
  const catalogue = loadCatalogue();
  const list: unknown[] = [];
  const tenants = loadTenants();
  for (let i = 0; list.length < count; i++) {
    const tenant = tenants[i % tenants.length]!;
    const categories = catalogue.categoriesFor(tenant.demo.vertical);
    const category = categories[i % categories.length]!;
    const filters: unknown[] = [];
    if (i % 3 === 1) filters.push({ key: 'rating', value: ['3'] });
    if (i % 4 === 2) filters.push({ key: 'price', value: [20, 150] });
    if (i % 5 === 3) filters.push({ key: 'deal', value: ['on-sale'] });
    list.push({
      customer: tenant.config.customerSearchId ?? tenant.config.id,
      page: category.slug,
      start: (i % 4) * 24,
      size: 24,
      sort: SORTS[i % SORTS.length],
      filters,
      pageSize: 24,
      pageNumber: (i % 4) + 1,
      skip_cache: true,
      environment: 'production',
    });
  }
  return list;
}

/** Sends `count` searches one after another and reports client and server latency. */
export async function benchSearch(count = 400): Promise<Record<string, number>> {
  const server = createApp({ analyticsDb: ':memory:' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search`;
  const client: number[] = [];
  const serverSide: number[] = [];
  try {
    const list = bodies(count);
    for (const body of list.slice(0, 20)) await post(url, body); // warm the JIT and the connection
    for (const body of list) {
      const started = performance.now();
      const json = (await post(url, body)) as { latency_ms?: number };
      client.push(performance.now() - started);
      if (typeof json.latency_ms === 'number') serverSide.push(json.latency_ms);
    }
  } finally {
    server.close();
  }
  return {
    search_requests: count,
    search_http_median_ms: round(median(client)),
    search_http_p95_ms: round(percentile(client, 95)),
    search_engine_median_ms: round(median(serverSide)),
    search_engine_p95_ms: round(percentile(serverSide, 95)),
  };
}

async function post(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`search answered ${response.status}`);
  return response.json();
}
