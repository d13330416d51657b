/**
 * Reading the analytics token (spec sections 3 and 5). The client never verifies the signature: it
 * only needs `sub` (the visitor id) and `exp` (whether the stored token may be reused).
 */

/** The claims the client reads from a token. */
export interface TokenPayload {
  sub?: string;
  shop_id?: string;
  iat?: number;
  exp?: number;
}

/** The error spec section 5 names for an identity answer without a usable token. */
export const TOKEN_PARSE_ERROR = 'Could not parse token';

/** The payload of a JWT (base64url JSON between the first and second dot), or null when unreadable. */
export function decodeToken(token: unknown): TokenPayload | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const base64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const json: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    return json !== null && typeof json === 'object' && !Array.isArray(json) ? (json as TokenPayload) : null;
  } catch {
    return null;
  }
}

/** Spec section 5: a token is usable while its exp is later than now, in seconds. */
export function isLive(payload: TokenPayload | null, nowMs: number): boolean {
  return typeof payload?.exp === 'number' && payload.exp > Math.floor(nowMs / 1000);
}

/** The payload of `token`, or `Error('Could not parse token')` (spec section 5). */
export function parseTokenOrThrow(token: unknown): TokenPayload {
  const payload = decodeToken(token);
  if (!payload) throw new Error(TOKEN_PARSE_ERROR);
  return payload;
}
