/**
 * The extension's one matcher (extension/lib/matchPattern.ts) against Chromium's own: generated
 * pattern pairs are registered as a content script and generated addresses are loaded; the
 * script ran exactly where the matcher says the preview runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Worker } from 'playwright-core';
import { matchesUrl } from '../extension/lib/matchPattern.js';
import {
  buildExtensionIfStale,
  launchWithExtension,
  startRetailerSite,
  type ExtensionBrowser,
  type RetailerSite,
} from './support/extension.js';

let browser: ExtensionBrowser;
let site: RetailerSite;
let page: Page;
let worker: Worker;

beforeAll(async () => {
  buildExtensionIfStale();
  browser = await launchWithExtension();
  site = await startRetailerSite();
  page = await browser.context.newPage();
  worker = browser.context.serviceWorkers().find((w) => w.url().includes(browser.extensionId))!;
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** A small seeded generator, so that a disagreement can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
}

const PATHS = ['/maple/*', '/maple/shoes', '/maple/shoes*', '/maple/shoes?sort=*', '/maple/p/*', '/*', '/maple/*?*'];
const ADDRESSES = [
  '/maple/shoes',
  '/maple/shoes?sort=price_desc',
  '/maple/shoes?',
  '/maple/shoes#reviews',
  '/maple/shoes?sort=price_desc#top',
  '/maple/p/rain-jacket',
  '/maple/p/rain-jacket?colour=red',
  '/maple',
  '/maple/caf%C3%A9',
  '/Maple/shoes',
  '/cart?from=/maple/shoes',
];

async function injected(url: string): Promise<boolean> {
  await page.goto(url);
  return page.evaluate(
    () => (window as unknown as { __aisleExtensionMode?: string }).__aisleExtensionMode === 'takeover',
  );
}

describe('the extension’s matcher', () => {
  it('agrees with Chromium on where a registered content script runs (path and query)', async () => {
    const pick = random(28);
    const host = site.origin;
    const disagreements: string[] = [];
    // What the popup, relay and badge used to decide: the path alone, against the same patterns.
    const pathOnly = (pattern: string, url: string) => {
      const path = new URL(pattern).pathname.replace(/%3F/gi, '?');
      const glob = new RegExp(
        `^${path
          .split('*')
          .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      );
      return glob.test(new URL(url).pathname);
    };
    let pathOnlyWrong = 0;
    const seen = new Set<boolean>();
    for (let round = 0; round < 12; round++) {
      const include = `${host}${pick(PATHS)}`;
      const exclude = `${host}${pick(PATHS)}`;
      await worker.evaluate(
        async ([matches, excludeMatches]) => {
          type Scripting = {
            unregisterContentScripts(filter: object): Promise<void>;
            registerContentScripts(scripts: object[]): Promise<void>;
          };
          const scripting = (globalThis as unknown as { chrome: { scripting: Scripting } }).chrome.scripting;
          await scripting.unregisterContentScripts({ ids: ['probe'] }).catch(() => undefined);
          await scripting.registerContentScripts([
            {
              id: 'probe',
              js: ['content-scripts/preview-takeover.js'],
              matches: [matches],
              excludeMatches: [excludeMatches],
              runAt: 'document_start',
              world: 'MAIN',
              persistAcrossSessions: false,
            },
          ]);
        },
        [include, exclude] as const,
      );
      for (const path of ADDRESSES) {
        const url = `${site.origin}${path}`;
        const expected = matchesUrl(include, url) && !matchesUrl(exclude, url);
        const actual = await injected(url);
        seen.add(actual);
        if (actual !== expected) disagreements.push(`${include} !${exclude} ${url}: ours ${expected}`);
        if (actual !== (pathOnly(include, url) && !pathOnly(exclude, url))) pathOnlyWrong += 1;
      }
    }
    expect(disagreements).toEqual([]);
    // The generated cases tell the two apart: a path-only matcher disagrees with Chromium on some.
    expect(seen).toEqual(new Set([true, false]));
    expect(pathOnlyWrong).toBeGreaterThan(0);
  });
});
