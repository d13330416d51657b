/**
 * The first screen in each engine: how long after the navigation started the grid is on screen
 * (the first paint's cards, drawn by aisle.js) and the app has taken it over (the app's cards in
 * its place), in Chromium, Firefox ESR and WebKitGTK, driven as the e2e journeys drive them.
 *
 * Only Chromium can emulate a phone's network and CPU, so every engine is measured alike: on this
 * machine, over loopback, with a warm cache (one load to warm up, then the measured loads). The
 * figures are for comparing engines with each other and a run with the last, not with the field.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { engines as selected, launchEngine, type EngineName } from '../e2e/support/drivers/index.js';
import { createApp } from '../server/app.js';
import { median, round } from './stats.js';

const PATH = '/summit/running-shorts?pageSize=48';

/**
 * Runs before anything else on the page (a tag the proxy puts first in <head>): notes the moment
 * each kind of card first appears. Only Playwright can add a script before the page's own, so the
 * page itself carries it, the same way in every engine.
 */
const OBSERVER = `<script>(function () {
  var times = (window.__aisleBench = {});
  new MutationObserver(function () {
    if (times.grid === undefined && document.querySelector('[data-aisle-first-paint] [data-aisle="product"], .aisle-mount [data-aisle="product"]'))
      times.grid = performance.now();
    if (times.takeover === undefined && document.querySelector('.aisle-mount:not([data-aisle-first-paint]) [data-aisle="grid"] [data-aisle="product"]'))
      times.takeover = performance.now();
  }).observe(document, { childList: true, subtree: true, attributes: true });
})();</script>`;

/** A pass-through to the local stack that adds OBSERVER to its HTML pages (sent uncompressed). */
function observingProxy(stack: string): Server {
  return createServer((req, res) => {
    const headers = { ...req.headers, host: new URL(stack).host };
    delete headers['accept-encoding'];
    const upstream = request(`${stack}${req.url}`, { method: req.method, headers }, (answer: IncomingMessage) => {
      const html = (answer.headers['content-type'] ?? '').startsWith('text/html');
      if (!html) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8').replace('<head>', `<head>${OBSERVER}`);
        const { 'content-length': _length, ...rest } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, rest);
        res.end(body);
      });
    });
    req.pipe(upstream);
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Median times to the grid and to the take-over in one engine, over `runs` loads. */
async function measure(name: EngineName, origin: string, runs: number): Promise<{ grid: number; takeover: number }> {
  const engine = await launchEngine(name);
  try {
    const page = await engine.newPage({ width: 1280, height: 900 });
    const grid: number[] = [];
    const takeover: number[] = [];
    for (let run = 0; run <= runs; run++) {
      await page.goto(`${origin}${PATH}&run=${run}`);
      await page.waitFor(() => {
        const times = (window as unknown as { __aisleBench?: { takeover?: number } }).__aisleBench;
        return times?.takeover !== undefined;
      });
      const times = await page.evaluate(
        () => (window as unknown as { __aisleBench: { grid: number; takeover: number } }).__aisleBench,
      );
      if (run === 0) continue; // the warm-up load
      grid.push(times.grid);
      takeover.push(times.takeover);
    }
    await page.close();
    return { grid: round(median(grid), 1), takeover: round(median(takeover), 1) };
  } finally {
    await engine.close();
  }
}

/**
 * `{engine}_grid_ms` and `{engine}_takeover_ms` for each engine of AISLE_ENGINE (default: all),
 * medians over `runs` loads of a 48-product listing.
 */
export async function benchEngines(runs: number): Promise<Record<string, number>> {
  const stack = createApp({ analyticsDb: ':memory:' });
  const proxy = observingProxy(await listen(stack));
  const origin = await listen(proxy);
  const figures: Record<string, number> = {};
  try {
    // One engine after the other: the machine's cores are not shared between them.
    for (const name of selected) {
      const { grid, takeover } = await measure(name, origin, runs);
      figures[`${name}_grid_ms`] = grid;
      figures[`${name}_takeover_ms`] = takeover;
    }
  } finally {
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    await new Promise<void>((resolve) => stack.close(() => resolve()));
  }
  return figures;
}
