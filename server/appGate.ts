/**
 * The app's script held back until a test (or a developer) lets it through, in any browser: a demo
 * page opened with `?hold-app=KEY` loads aisle.js from `/embed-held/k/KEY/`, where the app's request
 * waits until `POST /__control/release-app?key=KEY`. The shopper meets the first paint alone for as
 * long as wanted, then the app takes over. (`?hold-app=1` holds it for good.)
 */

/** The keys a page may name: short, and safe in a path. */
export const GATE_KEY = /^[\w-]{1,40}$/;
/** Gates kept at most (the oldest go first): one per test page, never more than a run holds. */
const MAX_GATES = 200;

export class AppGate {
  readonly #gates = new Map<string, { open: boolean; waiting: Array<() => void> }>();

  #gate(key: string) {
    let gate = this.#gates.get(key);
    if (!gate) {
      gate = { open: false, waiting: [] };
      this.#gates.set(key, gate);
      if (this.#gates.size > MAX_GATES) this.#gates.delete(this.#gates.keys().next().value!);
    }
    return gate;
  }

  /** Resolves once `key` is released (at once if it was). */
  wait(key: string): Promise<void> {
    const gate = this.#gate(key);
    return gate.open ? Promise.resolve() : new Promise((resolve) => gate.waiting.push(resolve));
  }

  /** Lets every request waiting on `key` through, and those to come. */
  release(key: string): void {
    const gate = this.#gate(key);
    gate.open = true;
    for (const resolve of gate.waiting.splice(0)) resolve();
  }
}
