/**
 * The analytics chaos script, for tests only: real sessions over real HTTP and real time, sharing
 * one storage the way a shop's tabs share localStorage. A seeded PRNG mixes reloads, a second tab,
 * keepalive flushes and disturbances (injected faults, or processes killed) into the tracking; at
 * the end every event must be stored once and in order, which `checkDelivery` asserts.
 */
import { expect } from 'vitest';
import type { StoredEvent } from '../../server/analytics/index.js';
import { storageLeaseLocks } from '../host/locks.js';
import { browserTimers } from '../host/timers.js';
import { fetchTransport } from '../host/transport.js';
import type { HostPort, KeyValueStorage, StoreEnv } from '../ports/env.js';
import { fakeEnv } from './stores.js';
import { outboxKeys } from '../analytics/outbox.js';
import { AnalyticsSession } from '../analytics/session.js';
import { fakeLifecycle, seededRandom as prng } from './analytics.js';

/** The base64url of `{"alg":"HS256"`: the start of every token the service signs. */
const TOKEN_PREFIX = 'eyJhbGciOiJIUzI1NiI';
/** Pending events at which the script waits for the senders to catch up. */
const BACKLOG = 300;

/** What a run is given. */
export interface ChaosOptions {
  /** The analytics service's base URL the sessions send to. */
  host: string;
  shop: string;
  events: number;
  seed: number;
  /** The client's request time-out. */
  timeoutMs: number;
  /** Share of steps that call `disturb` (0 to 1). */
  disturbRate: number;
  /** Disturbs the service (a fault, say); `step` is how many events were tracked so far. */
  disturb(rand: () => number, step: number): Promise<void>;
  /** Called at every step, for disturbances tied to progress (kill a process half-way, say). */
  onStep?(step: number): Promise<void> | void;
  /** How long the outbox may take to drain once tracking ends. */
  drainMs?: number;
}

/** What a run did, for the summary line and the checks. */
export interface ChaosRun {
  tracked: Array<{ id: string; page: number; k: number }>;
  stats: {
    reloads: number;
    tabsOpened: number;
    flushes: number;
    leaks: number;
    errors: number;
    paused: number;
    pages: number;
  };
  /** Events still in the shared outbox now. */
  readonly pending: number;
  /** The dead-letter list as stored. */
  readonly deadLetters: string;
  /** Closes every page still open. */
  close(): void;
}

interface Page {
  id: number;
  session: AnalyticsSession;
  lifecycle: ReturnType<typeof fakeLifecycle>;
  tracked: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Tracks `events` events through the script and waits for the outbox to drain. */
export async function runChaos(options: ChaosOptions): Promise<ChaosRun> {
  const rand = prng(options.seed);
  const keys = outboxKeys(options.shop);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const stats = { reloads: 0, tabsOpened: 0, flushes: 0, leaks: 0, errors: 0, paused: 0, pages: 0 };
  const shared = new Map<string, string>();
  const live = new Map<number, Page>();

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
    const id = ++stats.pages;
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
      shopId: options.shop,
      host: options.host,
      environment: 'development',
      timeoutMs: options.timeoutMs,
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

  const pending = () => (JSON.parse(shared.get(keys.outbox) ?? '[]') as unknown[]).length;
  const tabs: Array<Page | null> = [openPage(), null];
  const tracked: ChaosRun['tracked'] = [];
  while (tracked.length < options.events) {
    await options.onStep?.(tracked.length);
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
    } else if (roll < 0.06 + options.disturbRate) {
      await options.disturb(rand, tracked.length);
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
  return {
    tracked,
    stats,
    get pending() {
      return pending();
    },
    get deadLetters() {
      return shared.get(keys.deadLetters) ?? '[]';
    },
    close: () => live.forEach((page) => closePage(page, false)),
  };
}

/** Waits for the outbox to empty (failing after `drainMs`), then closes the pages. */
export async function drainChaos(run: ChaosRun, drainMs = 45_000, seed = 0): Promise<void> {
  const deadline = Date.now() + drainMs;
  while (run.pending > 0 && Date.now() < deadline) await sleep(20);
  expect(run.pending, `events still pending (seed ${seed})`).toBe(0);
  run.close();
}

/** Asserts every tracked event was stored exactly once, each page's in order, and nothing leaked. */
export function checkDelivery(run: ChaosRun, stored: StoredEvent[], seed: number): void {
  const storedIds = stored.map((event) => event.id);
  const trackedIds = new Set(run.tracked.map((event) => event.id));
  const storedSet = new Set(storedIds);
  const lost = run.tracked.filter((event) => !storedSet.has(event.id));
  const duplicated = storedIds.length - storedSet.size;
  expect(lost, `lost events (seed ${seed})`).toEqual([]);
  expect(duplicated, `duplicated events (seed ${seed})`).toBe(0);
  expect(storedIds.filter((id) => !trackedIds.has(id))).toEqual([]);
  // Every page's events arrive in the order it made them; across pages, in sequence order.
  const byPage = new Map<number, number[]>();
  for (const event of stored) {
    const { page, k } = event.data.metadata as { page: number; k: number };
    byPage.set(page, [...(byPage.get(page) ?? []), k]);
  }
  for (const [page, ks] of byPage)
    expect(ks, `order of page ${page} (seed ${seed})`).toEqual([...ks].sort((a, b) => a - b));
  const seqs = stored.map((event) => event.seq);
  expect(seqs, `sequence order (seed ${seed})`).toEqual([...seqs].sort((a, b) => a - b));
  expect(run.deadLetters).toBe('[]');
  expect(run.stats.leaks, 'token in a debug event or log line').toBe(0);
}
