/**
 * Shoppers' rights at the service: `DELETE /v3/visitors/{distinct_id}?shop_id=…` erases one visitor
 * of one shop (every event and the identity), `GET /v3/visitors/{distinct_id}/events?shop_id=…`
 * exports what is held about them, both for the admin key or that shop's server key, and
 * `GET /v3/audit` (admin key) lists what was erased and exported, and when.
 */
import { v4 as uuidv4 } from 'uuid';
import { allowShop, orBadRequest, requireKey, type Route, type RouteContext } from './context.js';
import { HttpError } from './http.js';
import type { KeyHolder } from './keys.js';
import type { AuditRequest } from './privacyStore.js';
import { checkShopId, isName, MAX_NAME_LENGTH } from './validate.js';

/** Most audit entries one `GET /v3/audit` lists (and the default). */
export const MAX_AUDIT_ENTRIES = 1000;
/** A request reference: a ticket number, never a name or an address (the audit log keeps no personal data). */
export const REFERENCE = /^[A-Za-z0-9._:#/-]{1,64}$/;

/** The visitor named in the path (`/v3/visitors/{id}` or `/v3/visitors/{id}/events`). */
function visitorOf(ctx: RouteContext): string {
  const raw = ctx.path.split('/')[3] ?? '';
  let visitor: string;
  try {
    visitor = decodeURIComponent(raw);
  } catch {
    throw new HttpError(400, 'the visitor id in the path is not valid percent-encoding');
  }
  if (!isName(visitor)) throw new HttpError(400, `the visitor id must be 1 to ${MAX_NAME_LENGTH} characters`);
  return visitor;
}

/** Who may act on a shop's visitors: the admin key, or that shop's server key. */
async function requireShopAuthority(ctx: RouteContext): Promise<{ holder: KeyHolder; shopId: string }> {
  const holder = await requireKey(ctx, ['server']);
  const shopId = orBadRequest(checkShopId(ctx.url.searchParams.get('shop_id') ?? undefined));
  if (holder.role !== 'admin' && holder.shopId !== shopId)
    throw new HttpError(403, `this server key acts for shop ${holder.shopId} only`);
  await allowShop(ctx, shopId);
  return { holder, shopId };
}

/** The audit details of a request: who, when, and the optional `reference` of the query. */
function auditRequest(ctx: RouteContext, holder: KeyHolder): AuditRequest {
  const reference = ctx.url.searchParams.get('reference');
  if (reference !== null && !REFERENCE.test(reference))
    throw new HttpError(400, 'reference must be 1 to 64 letters, digits or . _ : # / - (a ticket number)');
  return {
    id: uuidv4(),
    at: new Date(ctx.now()).toISOString(),
    actor: holder.role === 'admin' ? 'admin' : `key:${holder.keyId}`,
    reference,
  };
}

/** `DELETE /v3/visitors/{distinct_id}?shop_id=…[&reference=…]` → 200 `{shop_id, erased: {events, identities}, audit_id}`. */
export const eraseVisitor: Route = async (ctx) => {
  const { holder, shopId } = await requireShopAuthority(ctx);
  const visitor = visitorOf(ctx);
  const entry = await ctx.store.privacy.eraseVisitor(shopId, visitor, auditRequest(ctx, holder));
  return {
    status: 200,
    body: { shop_id: shopId, erased: { events: entry.events, identities: entry.identities }, audit_id: entry.id },
  };
};

/** `GET /v3/visitors/{distinct_id}/events?shop_id=…[&reference=…]` → 200 `{shop_id, visitor_id, identity, events, audit_id}`. */
export const exportVisitor: Route = async (ctx) => {
  const { holder, shopId } = await requireShopAuthority(ctx);
  const visitor = visitorOf(ctx);
  const { identity, events, audit } = await ctx.store.privacy.exportVisitor(shopId, visitor, auditRequest(ctx, holder));
  return { status: 200, body: { shop_id: shopId, visitor_id: visitor, identity, events, audit_id: audit.id } };
};

/** `GET /v3/audit?limit=…` with the admin key: the newest erasures, exports and retention runs. */
export const listAudit: Route = async (ctx) => {
  const holder = await requireKey(ctx, []);
  if (holder.role !== 'admin') throw new HttpError(403, 'only the admin key reads the audit log');
  const text = ctx.url.searchParams.get('limit');
  const limit = text === null ? MAX_AUDIT_ENTRIES : /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_AUDIT_ENTRIES)
    throw new HttpError(400, `limit must be an integer from 1 to ${MAX_AUDIT_ENTRIES}`);
  return { status: 200, body: { entries: await ctx.store.privacy.auditLog(limit) } };
};
