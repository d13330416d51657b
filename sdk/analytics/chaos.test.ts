/**
 * Chaos test: the real analytics service over HTTP, real fetch, real time, and sessions that share
 * one storage the way a shop's tabs share localStorage. A seeded PRNG mixes reloads, a second tab,
 * keepalive flushes and injected faults (401, 5xx, time-outs, refused connections, identity outages)
 * into the tracking; at the end every event must be stored once, and in order.
 * AISLE_CHAOS_EVENTS (default 500) and AISLE_CHAOS_SEED (default 1) steer it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAnalyticsService, type AnalyticsService, type StoredEvent } from '../../server/analytics/index.js';
import { storageLeaseLocks } from '../host/locks.js';
import { browserTimers } from '../host/timers.js';
import { fetchTransport } from '../host/transport.js';
import type { HostPort, KeyValueStorage, StoreEnv } from '../ports/env.js';
import { fakeEnv } from '../stores/testing.js';
import { outboxKeys } from './outbox.js';
import { AnalyticsSession } from './session.js';
import { fakeLifecycle, seededRandom as prng } from './testing.js';

const EVENTS = Number(process.env.AISLE_CHAOS_EVENTS) || 500;
const SEED = Number(process.env.AISLE_CHAOS_SEED) || 1;
const SHOP = 'chaos-shop';
const TIMEOUT_MS = 120;
/** Pending events at which the script waits for the senders to catch up. */
const BACKLOG = 300;
/** The base64url of `{"alg":"HS256"`: the start of every token the service signs. */
const TOKEN_PREFIX = 'eyJhbGciOiJIUzI1NiI';
const keys = outboxKeys(SHOP);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: Server;
let service: AnalyticsService;
let host: string;
const served: Record<string, number> = {};

beforeAll(async () => {
  service = createAnalyticsService({ dbPath: ':memory:', tokenTtlSeconds: 2, controls: true });
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0]!;
    served[path] = (served[path] ?? 0) + 1;
    void service.handle(req, res, path);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  service.close();
});

interface QueuedFault {
  mode: string;
  status?: number;
  paths: string[];
  count: number;
}

/** Which of the script's fault kinds a queued fault is. */
function kindOf(fault: QueuedFault): string {
  if (fault.mode !== 'status') return fault.mode === 'delay' ? 'timeout' : 'refused';
  return fault.status === 401 ? '401' : fault.paths.length === 1 ? 'identity' : '5xx';
}

interface Page {
  id: number;
  session: AnalyticsSession;
  lifecycle: ReturnType<typeof fakeLifecycle>;
  tracked: number;
}

it(
  `delivers ${EVENTS} events exactly once and in order through reloads, tabs and faults`,
  { timeout: 60_000 + EVENTS * 30 },
  async () => {
    const started = Date.now();
    const rand = prng(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
    const stats = { reloads: 0, tabsOpened: 0, flushes: 0, leaks: 0, errors: 0, paused: 0 };
    const faults: Record<string, number> = { '401': 0, '5xx': 0, timeout: 0, refused: 0, identity: 0 };
    const shared = new Map<string, string>();
    const live = new Map<number, Page>();
    let pages = 0;

    // What one page sees: shared storage that tells the other pages about writes (the storage event).
    const storageOf = (pageId: number): KeyValueStorage => ({
      getItem: (key) => shared.get(key) ?? null,
      setItem(key, value) {
        shared.set(key, value);
        setTimeout(() => live.forEach((page) => page.id !== pageId && page.lifecycle.storageChange(key)), 0);
      },
      removeItem: (key) => void shared.delete(key),
    });
    const watch = (text: string): void => {
      if (text.includes(TOKEN_PREFIX)) stats.leaks += 1;
    };
    const hostPort: HostPort = { ...fakeEnv().host, dispatch: (_name, detail) => watch(JSON.stringify(detail)) };
    const log: StoreEnv['log'] = {
      error: (...args: unknown[]) => (stats.errors++, watch(args.join(' '))),
      warn: (...args: unknown[]) => watch(args.join(' ')),
      info: () => undefined,
    };

    function openPage(): Page {
      const id = ++pages;
      const env: StoreEnv = {
        transport: fetchTransport(),
        timers: browserTimers(),
        storage: storageOf(id),
        host: hostPort,
        now: Date.now,
        afterPaint: (run) => run(),
        log,
      };
      const lifecycle = fakeLifecycle();
      const locks = storageLeaseLocks({
        storage: env.storage,
        timers: env.timers,
        now: Date.now,
        ttlMs: 1000,
        pollMs: 10,
      });
      const session = new AnalyticsSession({
        env,
        shopId: SHOP,
        host,
        environment: 'development',
        timeoutMs: TIMEOUT_MS,
        lifecycle,
        locks,
        random: prng(Math.floor(rand() * 2 ** 32)),
        retry: { baseMs: 5, capMs: 80 },
        authRetry: { baseMs: 40, capMs: 160 },
      });
      session.init().catch(() => undefined); // a failed identity is retried by the session itself
      const page = { id, session, lifecycle, tracked: 0 };
      live.set(id, page);
      return page;
    }
    function closePage(page: Page, unload: boolean): void {
      if (unload) page.lifecycle.pageHide(); // the browser fires pagehide, then the page is gone
      page.session.dispose();
      live.delete(page.id);
    }
    async function injectFault(): Promise<void> {
      const kind = pick(['401', '5xx', 'timeout', 'refused', 'identity'] as const);
      const count = 1 + Math.floor(rand() * 3);
      const body = {
        '401': { mode: 'status', status: 401, paths: ['/v3/event', '/v3/batch'] },
        '5xx': { mode: 'status', status: pick([500, 502, 503, 429]), retryAfter: rand() < 0.3 ? 0 : undefined },
        timeout: { mode: 'delay', delayMs: TIMEOUT_MS * 2 },
        refused: { mode: 'refuse' },
        identity: { mode: 'status', status: 503, paths: ['/v3/identity'] },
      }[kind];
      const response = await fetch(`${host}/__control/faults`, {
        method: 'POST',
        body: JSON.stringify({ ...body, count }),
      });
      expect(response.status, await response.text()).toBeLessThan(300);
      faults[kind]! += count;
    }

    const pending = () => (JSON.parse(shared.get(keys.outbox) ?? '[]') as unknown[]).length;
    const tabs: Array<Page | null> = [openPage(), null];
    const tracked: Array<{ id: string; page: number; k: number }> = [];
    while (tracked.length < EVENTS) {
      // No shopper outpaces the network for long: let a backlog of hundreds drain before going on.
      if (tracked.length % 50 === 0 && pending() > BACKLOG) {
        stats.paused += 1;
        while (pending() > BACKLOG / 2) await sleep(10);
      }
      const roll = rand();
      const open = tabs.filter((tab): tab is Page => tab !== null);
      const tab = pick(open);
      if (roll < 0.03) {
        closePage(tab, rand() < 0.6);
        tabs[tabs.indexOf(tab)] = openPage();
        stats.reloads += 1;
      } else if (roll < 0.045) {
        if (tabs[1]) closePage(tabs[1], rand() < 0.5);
        else stats.tabsOpened += 1;
        tabs[1] = tabs[1] ? null : openPage();
      } else if (roll < 0.06) {
        if (rand() < 0.5) tab.lifecycle.hide();
        else tab.lifecycle.pageHide(); // back-forward cache: the page stays alive
        stats.flushes += 1;
      } else if (roll < 0.16) {
        await injectFault();
      } else {
        const k = tab.tracked++;
        const id = tab.session.track(
          'chaos:step',
          { page_type: 'dlp', metadata: { page: tab.id, k } },
          `http://shop.test/maple/p${k}`,
        );
        expect(id).not.toBeNull();
        tracked.push({ id: id!, page: tab.id, k });
      }
      if (rand() < 0.3) await sleep(Math.floor(rand() * 4));
    }

    // Let everything drain: the faults not used up are dropped, the outbox must empty out.
    const unused = ((await (await fetch(`${host}/__control/faults`)).json()) as { faults: QueuedFault[] }).faults;
    for (const fault of unused) faults[kindOf(fault)]! -= fault.count;
    await fetch(`${host}/__control/faults`, { method: 'DELETE' });
    const deadline = Date.now() + 45_000;
    while (pending() > 0 && Date.now() < deadline) await sleep(20);
    expect(pending(), `events still pending (seed ${SEED})`).toBe(0);
    live.forEach((page) => closePage(page, false));

    const stored: StoredEvent[] =
      EVENTS < 9000
        ? ((await (await fetch(`${host}/v3/events?shop_id=${SHOP}&limit=10000`)).json()) as { events: StoredEvent[] })
            .events
        : await service.stored(SHOP);
    const storedIds = stored.map((event) => event.id);
    const trackedIds = new Set(tracked.map((event) => event.id));
    const lost = tracked.filter((event) => !storedIds.includes(event.id));
    const duplicated = storedIds.length - new Set(storedIds).size;
    expect(lost, `lost events (seed ${SEED})`).toEqual([]);
    expect(duplicated, `duplicated events (seed ${SEED})`).toBe(0);
    expect(storedIds.filter((id) => !trackedIds.has(id))).toEqual([]);
    // Every page's events arrive in the order it made them; across pages, in sequence order.
    const byPage = new Map<number, number[]>();
    for (const event of stored) {
      const { page, k } = event.data.metadata as { page: number; k: number };
      byPage.set(page, [...(byPage.get(page) ?? []), k]);
    }
    for (const [page, ks] of byPage)
      expect(ks, `order of page ${page} (seed ${SEED})`).toEqual([...ks].sort((a, b) => a - b));
    const seqs = stored.map((event) => event.seq);
    expect(seqs, `sequence order (seed ${SEED})`).toEqual([...seqs].sort((a, b) => a - b));
    expect(shared.get(keys.deadLetters) ?? '[]').toBe('[]');
    expect(stats.leaks, 'token in a debug event or log line').toBe(0);

    const faultText = Object.entries(faults)
      .map(([kind, n]) => `${kind}:${n}`)
      .join(' ');
    const requests = ['/v3/event', '/v3/batch', '/v3/identity']
      .map((path) => `${path.slice(4)}:${served[path] ?? 0}`)
      .join(' ');
    console.log(
      `[chaos] seed=${SEED} events=${tracked.length} stored=${stored.length} pages=${pages} reloads=${stats.reloads} second-tabs=${stats.tabsOpened} ` +
        `flushes=${stats.flushes} faults-hit(${faultText}) requests(${requests}) logged-errors=${stats.errors} backlog-pauses=${stats.paused} duration=${Date.now() - started}ms`,
    );
  },
);
