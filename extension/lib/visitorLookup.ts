/**
 * Naming a visitor by a pasted token's subject or by their page's short code. The token is only decoded,
 * never verified (the panel holds no secret) and never kept.
 */
import { decodeJwt } from 'jose';
import { isRecord, normaliseVisitorCode } from '../../sdk/public/tools.js';
import type { ServiceQuery } from './groundTruth.js';

/** Longest name the service accepts (shop or visitor id). */
const MAX_NAME = 100;

/** The visitor and shop a token names. */
export interface TokenSubject {
  visitorId: string;
  shopId: string | null;
}

const isName = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_NAME;

/** The subject (and shop) of a pasted visitor token, or why it names nobody, in words. */
export function subjectOfToken(pasted: string): TokenSubject | string {
  const token = pasted.trim().replace(/^Bearer\s+/i, '');
  if (!token) return 'paste the visitor token first';
  let payload: Record<string, unknown>;
  try {
    payload = decodeJwt(token);
  } catch {
    return 'this is not a visitor token (a JWT of three dot-separated parts, as the page holds it)';
  }
  if (!isName(payload.sub)) return 'this token names no visitor (its "sub" is missing or not an id)';
  return { visitorId: payload.sub, shopId: isName(payload.shop_id) ? payload.shop_id : null };
}

/** A visitor a code names at the service, with when the service last heard from them. */
export interface CodedVisitor {
  visitorId: string;
  lastReceivedAt: string | null;
}

/** Where to ask: the service and key of a query, and the shop. */
export type CodeQuery = Pick<ServiceQuery, 'analyticsHost' | 'key' | 'shopId'>;

/** Asks the service which visitors of the shop the code names (newest first), or why not, in words. */
export async function resolveVisitorCode(
  fetcher: (url: string, init: RequestInit) => Promise<Response>,
  query: CodeQuery,
  typed: string,
): Promise<CodedVisitor[] | string> {
  const code = normaliseVisitorCode(typed);
  if (!code) return 'a visitor code is 6 characters: digits 2–9 and letters without I, L and O (as K7M-4QX)';
  let url: URL;
  try {
    url = new URL(`${query.analyticsHost.replace(/\/+$/, '')}/v3/visitor-codes/${code}`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    return `"${query.analyticsHost.slice(0, 100)}" is not an http(s) address of the analytics service`;
  }
  url.search = new URLSearchParams({ shop_id: query.shopId }).toString();
  let response: Response;
  try {
    response = await fetcher(url.href, { headers: { Authorization: `Bearer ${query.key}` }, credentials: 'omit' });
  } catch (error) {
    return `the service at ${url.origin} cannot be reached (${String(error).slice(0, 200)})`;
  }
  if (response.status === 404) return `no visitor of ${query.shopId} with code ${code} has sent events lately`;
  if (response.status === 401) return 'the service refused the key (HTTP 401): paste a read key of this shop';
  if (response.status === 403) return `the key reads another shop (HTTP 403): it cannot read ${query.shopId}`;
  if (response.status !== 200) return `the service answered HTTP ${response.status}`;
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return 'the service answered with something that is not JSON';
  }
  const listed = isRecord(json) && Array.isArray(json.visitors) ? json.visitors : [];
  const visitors = listed.flatMap((raw): CodedVisitor[] =>
    isRecord(raw) && isName(raw.visitor_id)
      ? [
          {
            visitorId: raw.visitor_id,
            lastReceivedAt: typeof raw.last_received_at === 'string' ? raw.last_received_at.slice(0, 40) : null,
          },
        ]
      : [],
  );
  return visitors.length > 0 ? visitors : 'the service answered without a visitor';
}
