/**
 * `npx tsx bench/trace-click.ts [filter|sort]`: a Chromium trace of one filter toggle (or sort
 * change) at 4× CPU, summed by kind of work from the pointer going down to the first frame
 * committed after the click, i.e. what the click's Event Timing duration is made of.
 */
import { APP_CARD } from '../e2e/support/dlp.js';
import type { AddressInfo } from 'node:net';
import { launchChromium } from '../e2e/support/browser.js';
import { createApp } from '../server/app.js';
import { shopperClick } from './shopperClick.js';
import { median, round } from './stats.js';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { data?: { type?: string } };
}

const KINDS = ['EventDispatch', 'RunMicrotasks', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize'];
const kind = process.argv[2] === 'sort' ? 'sort' : 'filter';
const runs = Number(process.env.AISLE_BENCH_RUNS ?? 3);

const server = createApp({ analyticsDb: ':memory:' });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await launchChromium();
const sums: Record<string, number[]> = {};
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${origin}/${kind === 'sort' ? 'northwind' : 'maple'}/womens-running-shoes`);
    await page.waitForSelector(APP_CARD);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    let option;
    if (kind === 'sort') {
      await page.click('.aisle-dropdown__button');
      option = page.locator('[role="option"]:has-text("Low to High")');
    } else {
      await page.click('[data-aisle="filter-button"]:has-text("Color")');
      option = page.locator('[data-filter-key="color"] button[aria-pressed="false"]:not([disabled])').first();
    }
    await option.waitFor();
    await page.waitForTimeout(500);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] },
    });
    await shopperClick(page, option);
    await page.waitForTimeout(1200);
    await cdp.send('Tracing.end');
    await complete;
    const down = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'pointerdown');
    const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
    if (!down || !click) throw new Error('no click in the trace');
    const main = events.filter((e) => e.tid === click.tid && e.ph === 'X');
    const frame = main.find((e) => e.name === 'Commit' && e.ts > click.ts);
    const end = frame ? frame.ts + (frame.dur ?? 0) : Infinity;
    const window = main.filter((e) => e.ts >= down.ts && e.ts < end);
    const push = (name: string, us: number) => (sums[name] ??= []).push(us / 1000);
    for (const name of KINDS)
      push(
        name,
        window.filter((e) => e.name === name).reduce((sum, e) => sum + (e.dur ?? 0), 0),
      );
    push('pointerdown_to_frame', end - down.ts);
    // AISLE_TRACE_TASKS=1 also lists the main thread's tasks over 10 ms after the click, with what they ran.
    if (process.env.AISLE_TRACE_TASKS)
      for (const task of main.filter((e) => e.name === 'RunTask' && e.ts >= down.ts && (e.dur ?? 0) > 10_000)) {
        const inner = main.filter(
          (e) => e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0) && e.name !== 'RunTask' && (e.dur ?? 0) > 2000,
        );
        const kinds = [...new Set(inner.map((e) => e.name))].slice(0, 6).join(' ');
        console.log(`+${round((task.ts - down.ts) / 1000)} ms: ${round((task.dur ?? 0) / 1000)} ms ${kinds}`);
      }
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
console.table(Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, { median_ms: round(median(v)) }])));
