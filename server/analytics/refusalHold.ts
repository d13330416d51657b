/**
 * Holds a rate limit's refusal (429) a moment before it is sent. A flooder sends its next request as
 * soon as the last is answered: answered at once, a flood of refusals still costs the process a
 * socket write, and often a new connection, each, and takes processor time from other shops' events
 * on the same cores. Held, each of its connections sends about one request per hold, whatever the
 * flooder's speed. A refusal tells an honest client to wait `Retry-After` (at least a second) anyway,
 * so the hold costs it nothing. At most `most` refusals are held at once, so that a flood over many
 * connections cannot tie up sockets, or a load balancer's connections to the process; the rest are
 * answered at once, as without a hold.
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
