import type { IncomingMessage } from 'node:http';
import { SignJWT, errors, jwtVerify } from 'jose';
import type { TokenClaims } from './types.js';

/** Key used when neither the `secret` option nor env `ANALYTICS_SECRET` is set: local development only. */
export const DEV_ANALYTICS_SECRET = 'aisle-analytics-local-development-secret-not-for-production';

/** Result of checking a bearer token: its claims, or why it is refused. */
export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; error: string };

/** Issues and verifies the service's HS256 analytics tokens against an injected clock. */
export interface TokenIssuer {
  /** Signs a token for a visitor of a shop, valid for the configured lifetime. */
  issue(sub: string, shopId: string): Promise<string>;
  /** Verifies signature, algorithm and expiry, and that the claims have the expected types. */
  verify(token: string): Promise<TokenCheck>;
}

/** Creates the token issuer; the secret must be at least 32 characters (RFC 7518 asks HS256 keys for 256 bits). */
export function createTokenIssuer(secret: string, ttlSeconds: number, now: () => number): TokenIssuer {
  if (secret.length < 32) throw new Error('analytics secret must be at least 32 characters');
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) throw new Error('tokenTtlSeconds must be a positive integer');
  const key = new TextEncoder().encode(secret);
  const nowSeconds = (): number => Math.floor(now() / 1000);
  return {
    issue(sub, shopId) {
      const iat = nowSeconds();
      return new SignJWT({ shop_id: shopId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
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
        return { ok: true, claims: { sub, shop_id, iat, exp } };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { ok: false, error: 'token expired' };
        return { ok: false, error: 'token is invalid' };
      }
    },
  };
}

/** The bearer token of the Authorization header, if there is one. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1];
}
