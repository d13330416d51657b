/**
 * The shoppers'-rights commands of `npm run analytics:admin` (adminCli.ts): the same erasure and
 * export as the HTTP endpoints (visitors.ts), straight in the database, audited as done by `cli`.
 */
import { v4 as uuidv4 } from 'uuid';
import type { AuditRequest } from './privacyStore.js';
import type { AnalyticsStore } from './store.js';
import { checkShopId, isName, MAX_NAME_LENGTH } from './validate.js';
import { MAX_AUDIT_ENTRIES, REFERENCE } from './visitors.js';

type Command = (store: AnalyticsStore, args: string[]) => Promise<string>;

/** The checked shop and visitor of a command, and its audit details. */
function request(shopId: string | undefined, visitor: string | undefined, reference: string | undefined) {
  const shop = checkShopId(shopId);
  if (!shop.ok) throw new Error(shop.error);
  if (!isName(visitor)) throw new Error(`the visitor id must be 1 to ${MAX_NAME_LENGTH} characters`);
  if (reference !== undefined && !REFERENCE.test(reference))
    throw new Error('the reference must be 1 to 64 letters, digits or . _ : # / - (a ticket number)');
  const audit: AuditRequest = {
    id: uuidv4(),
    at: new Date().toISOString(),
    actor: 'cli',
    reference: reference ?? null,
  };
  return { shopId: shop.value, visitor, audit };
}

/** `erase-visitor`, `export-visitor` and `audit-log`. */
export const PRIVACY_COMMANDS: Record<string, Command> = {
  async 'erase-visitor'(store, [shopId, visitorId, reference]) {
    const { shopId: shop, visitor, audit } = request(shopId, visitorId, reference);
    const entry = await store.privacy.eraseVisitor(shop, visitor, audit);
    return `erased ${entry.events} events and ${entry.identities} identities of that visitor of ${shop} (audit ${entry.id})`;
  },
  async 'export-visitor'(store, [shopId, visitorId, reference]) {
    const { shopId: shop, visitor, audit } = request(shopId, visitorId, reference);
    const { identity, events, audit: entry } = await store.privacy.exportVisitor(shop, visitor, audit);
    return JSON.stringify({ shop_id: shop, visitor_id: visitor, identity, events, audit_id: entry.id }, null, 2);
  },
  async 'audit-log'(store, [limit]) {
    const count = limit === undefined ? 100 : Number(limit);
    if (!Number.isInteger(count) || count < 1 || count > MAX_AUDIT_ENTRIES)
      throw new Error(`the limit must be a whole number from 1 to ${MAX_AUDIT_ENTRIES}`);
    const entries = await store.privacy.auditLog(count);
    return entries.map((entry) => JSON.stringify(entry)).join('\n') || 'no entries';
  },
};
