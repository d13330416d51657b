/** The client never verifies the token's signature: it only needs `sub` and `exp`. */

/** The claims the client reads from a token. */
export interface TokenPayload {
  sub?: string;
  shop_id?: string;
  iat?: number;
  exp?: number;
}

/** The error raised for an identity answer without a usable token. */
export const TOKEN_PARSE_ERROR = 'Could not parse token';

/** Real tokens are a few hundred characters; a tampered huge one would get every send refused (431). */
export const MAX_TOKEN_LENGTH = 8 * 1024;

/** Three base64url segments separated by dots: the only shape a bearer token may have. */
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * A visitor id the client may store and send: at most 128 printable characters, no spaces or
 * control characters. We generate UUIDs; the service may issue other ids, never a huge one.
 */
const VISITOR_ID = /^[^\s\p{C}]{1,128}$/u;

/** True for a usable visitor id (at most 128 printable characters). */
export function isVisitorId(value: unknown): value is string {
  return typeof value === 'string' && VISITOR_ID.test(value);
}

/** Claims of the right types; a token whose claims are not is unusable, however it was signed. */
function claimsFit(payload: TokenPayload): boolean {
  const { sub, shop_id, exp, iat } = payload as Record<string, unknown>;
  if (sub !== undefined && !isVisitorId(sub)) return false;
  if (shop_id !== undefined && typeof shop_id !== 'string') return false;
  if (exp !== undefined && !(typeof exp === 'number' && Number.isFinite(exp))) return false;
  return iat === undefined || (typeof iat === 'number' && Number.isFinite(iat));
}

/** The JWT's payload, or null when it is not a token of sane size, shape and claims. */
export function decodeToken(token: unknown): TokenPayload | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || !JWT_SHAPE.test(token)) return null;
  const encoded = token.split('.')[1]!;
  try {
    const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const json: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
    if (json === null || typeof json !== 'object' || Array.isArray(json)) return null;
    return claimsFit(json as TokenPayload) ? (json as TokenPayload) : null;
  } catch {
    return null;
  }
}

/** A token is usable while its exp is later than now, in seconds. */
export function isLive(payload: TokenPayload | null, nowMs: number): boolean {
  return typeof payload?.exp === 'number' && payload.exp > Math.floor(nowMs / 1000);
}

/** The payload of `token`, or `Error('Could not parse token')`. */
export function parseTokenOrThrow(token: unknown): TokenPayload {
  const payload = decodeToken(token);
  if (!payload) throw new Error(TOKEN_PARSE_ERROR);
  return payload;
}
