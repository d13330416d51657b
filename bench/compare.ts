/**
 * `npx tsx bench/compare.ts <embedDirA> <embedDirB> [filter|sort|append|drawer] [runs]`: the same
 * interaction measured on two builds of the embed, alternating A, B, B, A… in one browser, so that
 * the machine's slow and fast phases fall on both alike. Prints each build's medians and the median
 * of the paired ratios B/A (below 1: B is quicker). Build a second embed with
 * `AISLE_EMBED_OUT=<dir> npm run build:embed`, or from another commit in a git worktree.
 */
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { launchChromium } from '../e2e/support/browser.js';
import { createApp } from '../server/app.js';
import { appendPage, changeSort, openDrawer, toggleFilter } from './interactions.js';
import { median, round } from './stats.js';

const [dirA, dirB, which = 'filter', runsArg = '9'] = process.argv.slice(2);
if (!dirA || !dirB)
  throw new Error('usage: npx tsx bench/compare.ts <embedDirA> <embedDirB> [filter|sort|append|drawer] [runs]');
const measure = { filter: toggleFilter, sort: changeSort, append: appendPage, drawer: openDrawer }[which];
if (!measure) throw new Error(`unknown interaction ${which}`);

const servers = await Promise.all(
  [dirA, dirB].map(async (dir) => {
    const server = createApp({ analyticsDb: ':memory:', embedDir: resolve(dir) });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }),
);
const browser = await launchChromium();
const results: Array<Array<Record<string, number>>> = [[], []];
try {
  for (const { origin } of servers) await measure(browser, origin); // warm both servers
  // The order alternates too (A B, B A, …): the second of two loads in a row can be slower or quicker.
  for (let i = 0; i < Number(runsArg); i++)
    for (const k of i % 2 === 0 ? [0, 1] : [1, 0]) results[k]!.push(await measure(browser, servers[k]!.origin));
} finally {
  await browser.close();
  for (const { server } of servers) server.close();
}
const [a, b] = results as [Array<Record<string, number>>, Array<Record<string, number>>];
for (const key of Object.keys(a[0] ?? {})) {
  const paired = median(a.map((x, i) => (b[i]![key] ?? 0) / (x[key] || 1)));
  const each = (rows: Array<Record<string, number>>) => rows.map((r) => round(r[key] ?? 0)).join(' ');
  console.log(
    `${key}: A ${round(median(a.map((x) => x[key] ?? 0)))}  B ${round(median(b.map((x) => x[key] ?? 0)))}  B/A paired ${round(paired)}`,
  );
  if (process.env.AISLE_BENCH_EACH) console.log(`  A: ${each(a)}\n  B: ${each(b)}`);
}
