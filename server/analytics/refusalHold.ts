/**
 * Holds a 429 a moment before sending it: answered at once, a flooder's next request follows at once and
 * takes processor time from other shops; held, each connection sends about one request per hold. An honest
 * client waits `Retry-After` anyway. At most `most` are held at once, so a flood over many connections cannot
 * tie up sockets or a load balancer's connections; the rest are answered at once.
 */

/** How many refusals one process holds at once (below HAProxy's 500 connections per process, deploy/haproxy). */
export const MOST_HELD_REFUSALS = 100;

/** Waits before a refusal is sent: `hold()` resolves after `ms`, or at once when `most` are already held. */
export interface RefusalHold {
  hold(): Promise<void>;
  /** How many refusals are held now. */
  readonly held: number;
}

/** Creates the hold; `wait` is the service's clock (tests give their own). */
export function createRefusalHold(
  ms: number,
  wait: (ms: number) => Promise<void>,
  most = MOST_HELD_REFUSALS,
): RefusalHold {
  let held = 0;
  return {
    get held() {
      return held;
    },
    async hold() {
      if (ms <= 0 || held >= most) return;
      held += 1;
      try {
        await wait(ms);
      } finally {
        held -= 1;
      }
    },
  };
}
