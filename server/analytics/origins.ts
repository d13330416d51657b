import type { IncomingMessage } from 'node:http';
import type { AnalyticsStore } from './store.js';

/** Which pages' origins may call the service, per shop. */
export interface OriginPolicy {
  /**
   * True when a page of `origin` may call the service for `shop`: `'*'` asks for every shop at once
   * (the admin's listing of all shops), `undefined` for an answer that concerns no shop (a preflight,
   * a health check, an error before the shop is known), which any shop's origin may read.
   */
  allows(req: IncomingMessage, origin: string, shop: string | '*' | undefined): Promise<boolean>;
  /** Forgets what it read of the stored origins (after they changed). */
  forget(): void;
}

/** Options of the origin policy. */
export interface OriginPolicyOptions {
  store: AnalyticsStore;
  /** Origins allowed for every shop (`ANALYTICS_ALLOWED_ORIGINS`). */
  everyShop: readonly string[];
  /** The local stack's rule: pages on this machine (`localhost`, `127.0.0.1`, `[::1]`, any port) are allowed. */
  loopback: boolean;
  now: () => number;
  /** How long the stored origins are trusted before they are read again (other processes may change them). */
  refreshMs?: number;
}

const LOOPBACK = /^https?:\/\/(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(:\d+)?$/;

/** Creates the policy; stored origins are read at most every `refreshMs` (default 10 s). */
export function createOriginPolicy(options: OriginPolicyOptions): OriginPolicy {
  const everyShop = new Set(options.everyShop);
  const refreshMs = options.refreshMs ?? 10_000;
  let byShop: { at: number; origins: Promise<Map<string, string[]>> } | undefined;

  function stored(): Promise<Map<string, string[]>> {
    if (!byShop || options.now() - byShop.at >= refreshMs) {
      const origins = options.store.allOrigins().catch(() => new Map<string, string[]>());
      byShop = { at: options.now(), origins };
    }
    return byShop.origins;
  }

  return {
    async allows(req, origin, shop) {
      // A page served by the service's own host is not a cross-origin caller.
      if (originHost(origin) === req.headers.host?.toLowerCase()) return true;
      if (everyShop.has(origin) || (options.loopback && LOOPBACK.test(origin))) return true;
      if (shop === '*') return false;
      const origins = await stored();
      if (shop !== undefined) return origins.get(shop)?.includes(origin) ?? false;
      for (const list of origins.values()) if (list.includes(origin)) return true;
      return false;
    },
    forget() {
      byShop = undefined;
    },
  };
}

function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
