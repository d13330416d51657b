/**
 * Rolling a new signing key across processes one at a time without a single 401: each process
 * announces in the shared database which keys it verifies, and signs with the newest key that every
 * live process verifies. A process started with a new key therefore keeps signing with the old one
 * (which it still verifies, from `ANALYTICS_PREVIOUS_SECRETS`) until the last process has the new key.
 */
import { randomUUID } from 'node:crypto';
import type { AnalyticsStore } from './store.js';
import type { TokenIssuer } from './tokens.js';

/** How often a process announces its keys and looks at the others'. */
export const KEY_ANNOUNCE_MS = 10_000;
/** A process not heard from for this long is gone (killed without saying so); its keys no longer count. */
export const KEY_HOLDER_GONE_MS = 3 * KEY_ANNOUNCE_MS;

/** One process's part in the key roll. */
export interface KeyRoll {
  /** Announces this process's keys and picks the key to sign with; again at most every 10 s when asked. */
  refresh(): Promise<void>;
  /** Refreshes when the last refresh is 10 s old or more (by the service's clock). */
  refreshIfDue(): Promise<void>;
  /** Forgets this process's keys and stops announcing them. */
  stop(): Promise<void>;
}

/** Starts announcing `tokens`' keys every 10 s (a timer that never holds the process open). */
export function startKeyRoll(store: AnalyticsStore, tokens: TokenIssuer, now: () => number): KeyRoll {
  const processId = randomUUID();
  const iso = (ms: number): string => new Date(ms).toISOString();
  let last = -Infinity;
  async function refresh(): Promise<void> {
    last = now();
    await store.announceKeys(processId, tokens.kids, iso(last));
    tokens.signWithShared(await store.heldKeys(iso(last - KEY_HOLDER_GONE_MS)));
  }
  // A database blip must not stop token issuance: the key chosen last time keeps signing.
  const quietly = (): Promise<void> =>
    refresh().catch((error: Error) => console.warn(`[analytics] could not compare signing keys: ${error.message}`));
  const timer = setInterval(() => void quietly(), KEY_ANNOUNCE_MS);
  timer.unref();
  return {
    refresh: quietly,
    refreshIfDue: () => (now() - last >= KEY_ANNOUNCE_MS ? quietly() : Promise.resolve()),
    async stop() {
      clearInterval(timer);
      await store.forgetKeys(processId).catch(() => undefined);
    },
  };
}
