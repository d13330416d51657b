import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { SignJWT, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import type { TokenClaims } from './types.js';

/** Key used in development and tests when `ANALYTICS_SECRET` is unset; any other environment refuses to start without one. */
export const DEV_ANALYTICS_SECRET = 'aisle-analytics-local-development-secret-not-for-production';

/** How far in the future a token's `iat` may lie (clocks of two processes differ a little). */
export const IAT_SKEW_SECONDS = 60;

/** A signing key; `until` (epoch ms) is when a previous key stops verifying, null for the current one. */
export interface SigningKey {
  secret: string;
  until: number | null;
}

/** Result of checking a bearer token: its claims, or why it is refused. */
export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; error: string };

/** Issues and verifies the service's HS256 analytics tokens against an injected clock. */
export interface TokenIssuer {
  /** Signs a token for a visitor of a shop, valid for the configured lifetime, with the current key. */
  issue(sub: string, shopId: string): Promise<string>;
  /** Verifies signature, algorithm, expiry and issue time, and that the claims have the expected types. */
  verify(token: string): Promise<TokenCheck>;
  /** The ids of the keys this issuer verifies with, newest first. */
  readonly kids: readonly string[];
  /**
   * Signs from now on with the newest of its keys that every process in `held` (their key ids)
   * verifies, and that stays valid for a whole token lifetime; with none shared, its newest key.
   */
  signWithShared(held: ReadonlyArray<readonly string[]>): void;
}

interface Key {
  kid: string;
  bytes: Uint8Array;
  until: number | null;
}

// Verified tokens are remembered (a browser sends the same one for an hour), up to this many.
const REMEMBERED_TOKENS = 10_000;

/**
 * Creates the token issuer. The first key signs (until `signWithShared` picks an older one that
 * every process has); each later one still verifies until its date, so a key can be rotated without
 * logging every shopper out. Every secret must be at least 32 characters (RFC 7518 asks HS256 keys
 * for 256 bits).
 */
export function createTokenIssuer(keys: readonly SigningKey[], ttlSeconds: number, now: () => number): TokenIssuer {
  if (keys.length === 0) throw new Error('analytics tokens need a signing key');
  for (const key of keys)
    if (key.secret.length < 32) throw new Error('analytics secret must be at least 32 characters');
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) throw new Error('tokenTtlSeconds must be a positive integer');
  const ring: Key[] = keys.map((key) => ({
    // A key id that names the key without revealing it, so a token says which key to check it with.
    kid: createHash('sha256').update(key.secret).digest('base64url').slice(0, 12),
    bytes: new TextEncoder().encode(key.secret),
    until: key.until,
  }));
  const newest = ring[0]!;
  let signer = newest;
  const nowSeconds = (): number => Math.floor(now() / 1000);
  const remembered = new Map<string, TokenClaims>();

  function remember(token: string, claims: TokenClaims): void {
    if (remembered.size >= REMEMBERED_TOKENS) remembered.delete(remembered.keys().next().value!);
    remembered.set(token, claims);
  }

  async function check(token: string): Promise<TokenCheck> {
    let kid: unknown;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      return { ok: false, error: 'token is invalid' };
    }
    const live = ring.filter((key) => key.until === null || key.until > now());
    // Tokens from before key ids were written carry none: they can only be the current key's.
    const key = kid === undefined ? newest : live.find((candidate) => candidate.kid === kid);
    if (!key) return { ok: false, error: 'token is invalid' };
    try {
      const { payload } = await jwtVerify(token, key.bytes, {
        algorithms: ['HS256'],
        currentDate: new Date(now()),
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      const { sub, shop_id, iat, exp } = payload;
      if (
        typeof sub !== 'string' ||
        typeof shop_id !== 'string' ||
        typeof iat !== 'number' ||
        typeof exp !== 'number'
      ) {
        return { ok: false, error: 'token claims are incomplete' };
      }
      if (iat > nowSeconds() + IAT_SKEW_SECONDS) return { ok: false, error: 'token is issued in the future' };
      const claims = { sub, shop_id, iat, exp };
      // Only the current key's tokens are remembered: a previous key's stop at its date, which a
      // remembered answer would not notice.
      if (key.until === null) remember(token, claims);
      return { ok: true, claims };
    } catch (error) {
      if (error instanceof errors.JWTExpired) return { ok: false, error: 'token expired' };
      return { ok: false, error: 'token is invalid' };
    }
  }

  return {
    kids: ring.map((key) => key.kid),
    signWithShared(held) {
      const lasting = (key: Key): boolean => key.until === null || key.until > now() + ttlSeconds * 1000;
      signer = ring.find((key) => lasting(key) && held.every((kids) => kids.includes(key.kid))) ?? newest;
    },
    issue(sub, shopId) {
      const iat = nowSeconds();
      return new SignJWT({ shop_id: shopId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: signer.kid })
        .setSubject(sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(signer.bytes);
    },
    async verify(token) {
      const known = remembered.get(token);
      // A remembered token is only as good as its expiry; the clock is read again every time.
      if (known && known.exp > nowSeconds() && known.iat <= nowSeconds() + IAT_SKEW_SECONDS) {
        return { ok: true, claims: known };
      }
      if (known) remembered.delete(token);
      return check(token);
    },
  };
}

/** The bearer token of the Authorization header, if there is one. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}
