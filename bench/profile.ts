/**
 * `npx tsx bench/profile.ts [filter|sort]`: a CPU profile of one filter toggle (or sort change) at 4× CPU, summarised as the
 * functions with the most self time, to see what runs in the click's task (`AISLE_PROFILE_TOP=N` lists N of
 * each, 45 by default).
 */
import { APP_CARD } from '../e2e/support/dlp.js';
import type { AddressInfo } from 'node:net';
import { launchChromium } from '../e2e/support/browser.js';
import { createApp } from '../server/app.js';
import { shopperClick } from './shopperClick.js';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const server = createApp({ analyticsDb: ':memory:' });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const sort = process.argv[2] === 'sort';
  await page.goto(`${origin}/${sort ? 'northwind' : 'maple'}/womens-running-shoes`);
  await page.waitForSelector(APP_CARD);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await page.click(sort ? '.aisle-dropdown__button' : '[data-aisle="filter-button"]:has-text("Color")');
  const option = sort
    ? page.locator('[role="option"]:has-text("Low to High")')
    : page.locator('[data-filter-key="color"] button[aria-pressed="false"]:not([disabled])').first();
  await option.waitFor();
  // AISLE_PROFILE_HOLD=1 holds the search reply back until the profile ends, so that it shows the click's own work only.
  if (process.env.AISLE_PROFILE_HOLD)
    await page.route(
      (url) => url.pathname.endsWith('/search'),
      (route) => setTimeout(() => void route.continue().catch(() => {}), 3000),
    );
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await shopperClick(page, option);
  // AISLE_PROFILE_MS narrows the profile to the first moments after the click (the click's own task).
  await page.waitForTimeout(Number(process.env.AISLE_PROFILE_MS ?? 1500));
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const total = new Map<string, number>();
  const selfBy = new Map<string, number>();
  const label = (n: Node) =>
    `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  for (const [id, t] of self) {
    selfBy.set(label(byId.get(id)!), (selfBy.get(label(byId.get(id)!)) ?? 0) + t);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const l = label(byId.get(cur)!);
      if (seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + t);
    }
  }
  const top = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, Number(process.env.AISLE_PROFILE_TOP ?? 45))
      .map(([l, t]) => `${(t / 1000).toFixed(1).padStart(8)} ms  ${l}`);
  console.log('--- self\n' + top(selfBy).join('\n'));
  console.log('--- total\n' + top(total).join('\n'));
  await context.close();
} finally {
  await browser.close();
  server.close();
}
