/**
 * What the service keeps for shoppers' rights and retention. The audit log holds no personal data: never a
 * visitor id, only the shop, who asked (a key id, `admin` or `cli`), the request's reference and the counts.
 */
import type { IdentityMetadata, StoredEvent } from './types.js';

/** What an audit entry records. */
export type AuditAction = 'erase' | 'export' | 'retention';

/** One entry of the audit log. */
export interface AuditEntry {
  id: string;
  /** When it was done (ISO 8601). */
  at: string;
  action: AuditAction;
  /** The shop concerned; null for retention, which runs over every shop. */
  shopId: string | null;
  /** Who asked: `admin`, `cli`, `retention`, or a server key's id. */
  actor: string;
  /** The privacy officer's reference for the request (a ticket number), when given. */
  reference: string | null;
  /** Events erased, exported or deleted. */
  events: number;
  /** Identities (visitor records) erased, exported or deleted. */
  identities: number;
}

/** What a caller says about a request, for its audit entry. */
export type AuditRequest = Pick<AuditEntry, 'id' | 'at' | 'actor' | 'reference'>;

/** The identity the service keeps for a visitor: when first and last seen, and the browser details. */
export interface StoredIdentity {
  first_seen: string;
  last_seen: string;
  metadata: IdentityMetadata | null;
}

/** Everything the service holds about one visitor of one shop. */
export interface VisitorData {
  identity: StoredIdentity | null;
  events: StoredEvent[];
}

/** Rows removed by one step. */
export interface Removed {
  events: number;
  identities: number;
}

/** The privacy side of the analytics store. */
export interface PrivacyStore {
  /** Removes every event and the identity of `visitorId` of `shopId`, and audits it, in one transaction. */
  eraseVisitor(shopId: string, visitorId: string, request: AuditRequest): Promise<AuditEntry>;
  /** Everything held about `visitorId` of `shopId` (events in receipt order), audited. */
  exportVisitor(shopId: string, visitorId: string, request: AuditRequest): Promise<VisitorData & { audit: AuditEntry }>;
  /**
   * Deletes at most `limit` events received before `cutoff` (ISO 8601), and identities last seen
   * before it (at most `limit`); one short transaction, so ingest waits for it no longer than that.
   */
  deleteBefore(cutoff: string, limit: number): Promise<Removed>;
  /** Adds an entry (retention's summary of a run). */
  audit(entry: AuditEntry): Promise<void>;
  /** The newest `limit` entries, newest first. */
  auditLog(limit: number): Promise<AuditEntry[]>;
}

/** The entry of a request once its counts are known. */
export function auditEntry(
  request: AuditRequest,
  action: AuditAction,
  shopId: string | null,
  removed: Removed,
): AuditEntry {
  return { ...request, action, shopId, ...removed };
}

/** An audit row as both databases return it. */
export interface AuditRow {
  id: string;
  at: string | Date;
  action: AuditAction;
  shop_id: string | null;
  actor: string;
  reference: string | null;
  events: number | string;
  identities: number | string;
}

/** The entry of a stored row. */
export function auditFrom(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: typeof row.at === 'string' ? row.at : row.at.toISOString(),
    action: row.action,
    shopId: row.shop_id,
    actor: row.actor,
    reference: row.reference,
    events: Number(row.events),
    identities: Number(row.identities),
  };
}
