/** The bearer token, shared with the shop's tabs through storage, leaves only as an Authorization header. */
import { v4 as uuidv4 } from 'uuid';
import type { WireIdentityMetadata } from '../ports/analyticsWire.js';
import { privateAddress } from '../core/privacy.js';
import type { StoreEnv } from '../ports/env.js';
import { HttpStatusError, type RequestPool } from './http.js';
import { decodeToken, isLive, isVisitorId, parseTokenOrThrow, type TokenPayload } from './token.js';

/** Storage key of the token. */
export const TOKEN_KEY = 'analytics-token';
/** Storage key of the visitor id. */
export const DISTINCT_ID_KEY = 'analytics-token-distinct-id';

/** What the keeper needs from its session. */
export interface TokenKeeperDeps {
  env: StoreEnv;
  shopId: string;
  host: string;
  http: RequestPool;
  /** Called with the claims of every token adopted (the session shows visitor id and exp). */
  onToken(visitorId: string, exp: number | null): void;
  emit(phase: string, detail?: Record<string, unknown>): void;
  /** Logs a warning the first time `key` comes up on this page (a corrupted store is reported once). */
  warnOnce(key: string, message: string): void;
}

/** Holds the bearer token of one session. */
export class TokenKeeper {
  private token: string | null = null;
  private payload: TokenPayload | null = null;
  private visitor: string | null = null;
  private refreshing: Promise<string> | null = null;

  constructor(private readonly deps: TokenKeeperDeps) {}

  /** Reuses the stored token when it parses, is live and belongs to this shop; else asks for one. */
  async obtain(): Promise<void> {
    const stored = this.stored();
    if (stored && this.fits(stored.payload)) {
      this.adopt(stored.token, stored.payload);
      this.deps.emit('token_reused', { tokenExp: stored.payload.exp ?? null });
      return;
    }
    await this.refresh(null);
  }

  /** The token to send with, or null when none is live; adopts a fresher one another tab stored. */
  usable(): string | null {
    const stored = this.stored();
    if (stored && stored.token !== this.token && this.fits(stored.payload)) this.adopt(stored.token, stored.payload);
    return this.token !== null && isLive(this.payload, this.deps.env.now()) ? this.token : null;
  }

  /**
   * A fresh token after `stale` was refused. Concurrent callers share one identity request, and a
   * caller whose token was already replaced (by this tab or another) gets the new one for free.
   */
  refresh(stale: string | null): Promise<string> {
    if (this.refreshing) return this.refreshing;
    const current = stale === null ? null : this.usable();
    if (current !== null && current !== stale) return Promise.resolve(current);
    this.refreshing = this.requestIdentity().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** The token's sub, else the stored visitor id, else a new UUID v4 (stored). */
  visitorId(): string {
    if (this.visitor) return this.visitor;
    const { storage } = this.deps.env;
    const fromToken = this.stored()?.payload.sub;
    let fromStorage: string | null = null;
    try {
      fromStorage = storage.getItem(DISTINCT_ID_KEY);
    } catch {
      /* unreadable storage: a new id for this page */
    }
    if (fromStorage !== null && !isVisitorId(fromStorage)) {
      // Sent as distinct_id, a huge or odd value gets every identity request refused: start afresh.
      this.drop(DISTINCT_ID_KEY, 'visitor id', fromStorage);
      fromStorage = null;
    }
    this.visitor = fromToken || fromStorage || uuidv4();
    if (this.visitor !== fromStorage) this.persist(DISTINCT_ID_KEY, this.visitor);
    return this.visitor;
  }

  private async requestIdentity(): Promise<string> {
    const { env, shopId, host, http } = this.deps;
    const bearer = this.stored()?.token ?? this.token;
    const distinctId = this.visitorId();
    this.deps.emit('identity_request', { distinctId, withBearer: bearer !== null });
    const screen = env.host.screen();
    const response = await http.send(`${host}/v3/identity`, {
      body: {
        shop_id: shopId,
        distinct_id: distinctId,
        metadata: {
          initial_referrer: privateAddress(env.host.referrer()),
          screen_height: screen.height,
          screen_width: screen.width,
          user_agent: env.host.userAgent(),
        } satisfies WireIdentityMetadata,
      },
      headers: bearer ? { Authorization: `Bearer ${bearer}` } : undefined,
    });
    if (!response.ok) {
      throw new HttpStatusError(
        `identity request failed: HTTP ${response.status}`,
        response.status,
        response.headers.get('retry-after'),
      );
    }
    const token = (response.json as { id?: unknown } | undefined)?.id;
    const payload = parseTokenOrThrow(token);
    this.persist(TOKEN_KEY, token as string);
    this.adopt(token as string, payload);
    this.persist(DISTINCT_ID_KEY, this.visitorId());
    this.deps.emit('token_issued', { tokenExp: payload.exp ?? null });
    return token as string;
  }

  private adopt(token: string, payload: TokenPayload): void {
    this.token = token;
    this.payload = payload;
    if (payload.sub) this.visitor = payload.sub;
    this.deps.onToken(this.visitorId(), typeof payload.exp === 'number' ? payload.exp : null);
  }

  private fits(payload: TokenPayload): boolean {
    // A token issued for another shop on this origin would file the events under that shop.
    const sameShop = payload.shop_id === undefined || payload.shop_id === this.deps.shopId;
    return sameShop && isLive(payload, this.deps.env.now());
  }

  private stored(): { token: string; payload: TokenPayload } | null {
    let token: string | null;
    try {
      token = this.deps.env.storage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
    if (token === null) return null;
    const payload = decodeToken(token);
    if (payload) return { token, payload };
    // Kept, an oversized or malformed value would go out as a bearer header and be refused each time.
    this.drop(TOKEN_KEY, 'token', token);
    return null;
  }

  /** Removes an unusable stored value (a new one is made or fetched) and says so once per page. */
  private drop(key: string, what: string, value: string): void {
    try {
      this.deps.env.storage.removeItem(key);
    } catch {
      /* storage refused: the value is ignored on every read anyway */
    }
    this.deps.warnOnce(key, `[Aisle] analytics: ignored an unusable stored ${what} (${value.length} characters)`);
  }

  private persist(key: string, value: string): void {
    try {
      this.deps.env.storage.setItem(key, value);
    } catch {
      /* storage refused: the value lives in memory for this page */
    }
  }
}
