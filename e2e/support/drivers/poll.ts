import { describeTarget, existsInPage, findSpec } from './find.js';
import type { EnginePage, Target } from './types.js';

/** How long a journey waits for a condition unless it says otherwise. */
export const DEFAULT_WAIT_MS = 20_000;
const INTERVAL_MS = 50;

/**
 * Polls `check` until it returns true or the deadline passes. Errors while the page navigates
 * (its realm is gone for a moment) count as "not yet".
 */
export async function pollUntil(check: () => Promise<unknown>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await check()) return;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: lastError });
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
}

/** `waitFor` and `waitForSelector` for an adapter that can evaluate: the same polling in every engine. */
export function waiters(page: Pick<EnginePage, 'evaluate'>): Pick<EnginePage, 'waitFor' | 'waitForSelector'> {
  return {
    waitFor: (fn, arg, options = {}) =>
      pollUntil(
        () => page.evaluate(fn, arg as never),
        options.timeoutMs ?? DEFAULT_WAIT_MS,
        options.what ?? String(fn).slice(0, 160),
      ),
    waitForSelector: (target: Target, timeoutMs = DEFAULT_WAIT_MS) =>
      pollUntil(() => page.evaluate(existsInPage, findSpec(target)), timeoutMs, describeTarget(target)),
  };
}
