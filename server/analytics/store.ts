import type BetterSqlite from 'better-sqlite3';
import type pg from 'pg';
import type { PrivacyStore } from './privacyStore.js';
import type { ReportRows } from './reportTypes.js';
import type { AnalyticsEvent, IdentityMetadata, StoredEvent } from './types.js';

/** Which stored events to list; `limit` keeps the latest ones (still returned oldest first). */
export interface EventFilter {
  shopId?: string;
  visitor?: string;
  event?: string;
  /** An event id; two shops may each have stored one under it. */
  id?: string;
  limit?: number;
}

/** One checked event to store for a shop and visitor, with the moment the service received it. */
export interface NewEvent {
  shopId: string;
  visitorId: string | null;
  event: AnalyticsEvent;
  receivedAt: string;
}

/** What a key lets its holder do: read one shop's events, or send that shop's server events. */
export type KeyKind = 'read' | 'server';

/** An issued key as stored: its public id and the SHA-256 of its secret part, never the key itself. */
export interface KeyRecord {
  id: string;
  shopId: string;
  kind: KeyKind;
  label: string;
  hash: string;
  createdAt: string;
  revokedAt: string | null;
}

/** The database a store keeps, for rate-limiter-flexible's stores of the same kind to count in. */
export type LimiterClient = { kind: 'sqlite'; db: BetterSqlite.Database } | { kind: 'postgres'; pool: pg.Pool };

/**
 * The service's storage of identities, events, issued keys and allowed origins. Two implementations
 * keep the same contract: SQLite (one process, the local stack's default) and PostgreSQL (several
 * processes sharing one database).
 */
export interface AnalyticsStore {
  /** `sqlite` or `postgres`, for health answers and logs. */
  readonly kind: 'sqlite' | 'postgres';
  /** Its database, for the rate limits' counters (`rate_limits`, created by its schema). */
  readonly limiterClient: LimiterClient;
  /** Records a visitor of a shop, keeping when it was first and last seen. */
  recordIdentity(shopId: string, sub: string, metadata: IdentityMetadata | undefined, at: string): Promise<void>;
  /**
   * Stores events in one transaction, once per shop and id, and a purchase once per shop and order id:
   * the answer says, in order, which were already stored (a duplicate, not stored again). Inside one
   * call the second copy of an id (or of an order) is a duplicate of the first.
   */
  insertEvents(events: readonly NewEvent[]): Promise<boolean[]>;
  /** Lists stored events in receipt order. */
  list(filter: EventFilter): Promise<StoredEvent[]>;
  saveKey(key: KeyRecord): Promise<void>;
  /** The key with this public id, revoked or not. */
  findKey(id: string): Promise<KeyRecord | undefined>;
  /** Keys issued, for one shop or all, oldest first. */
  listKeys(shopId?: string): Promise<KeyRecord[]>;
  /** Marks a key revoked; false when no such key exists. */
  revokeKey(id: string, at: string): Promise<boolean>;
  /** Replaces the origins whose pages may call the service for a shop. */
  setOrigins(shopId: string, origins: readonly string[]): Promise<void>;
  /** Every shop's allowed origins. */
  allOrigins(): Promise<Map<string, string[]>>;
  /**
   * The merchandiser's report for a shop over [from, to) (ISO times of the events' own timestamps),
   * computed in SQL from the aggregates; `fromEvents` counts every event instead (the tests' yardstick).
   */
  report(shopId: string, from: string, to: string, options?: { fromEvents?: boolean }): Promise<ReportRows>;
  /** Recounts the report's aggregates of one shop (or all) from the stored events; the rows written. */
  rebuildReport(shopId?: string): Promise<number>;
  /** Records the signing keys (by key id, newest first) a process verifies tokens with, as of `at`. */
  announceKeys(processId: string, kids: readonly string[], at: string): Promise<void>;
  /** The key ids of every process that announced its keys at `since` or later. */
  heldKeys(since: string): Promise<string[][]>;
  /** Forgets the keys of a process that stops. */
  forgetKeys(processId: string): Promise<void>;
  /** Erasure, export, retention and their audit log (privacyStore.ts). */
  readonly privacy: PrivacyStore;
  /** True when the database answers `select 1`. */
  ping(): Promise<boolean>;
  /** Empties events and identities (the local stack's reset control); keys and origins stay. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/** The same (shop, id) twice in one call: every copy after the first is a duplicate without asking the database. */
export function firstCopies(events: readonly NewEvent[]): { unique: NewEvent[]; repeat: boolean[] } {
  const seen = new Set<string>();
  const unique: NewEvent[] = [];
  const repeat = events.map((row) => {
    const key = `${row.shopId}\u0000${row.event.id}`;
    if (seen.has(key)) return true;
    seen.add(key);
    unique.push(row);
    return false;
  });
  return { unique, repeat };
}

/** Builds the listed form of a stored row. */
export function storedEvent(
  row: { id: string; shop_id: string; visitor_id: string | null; received_at: string },
  event: AnalyticsEvent & { attribution?: StoredEvent['attribution'] },
): StoredEvent {
  return {
    // The column, not the body: a migrated row keeps the id's original case in its body.
    id: row.id,
    seq: event.seq,
    shop_id: row.shop_id,
    visitor_id: row.visitor_id,
    event: event.event,
    data: event.data,
    url: event.url,
    timestamp: event.timestamp,
    environment: event.environment,
    received_at: row.received_at,
    ...(event.attribution ? { attribution: event.attribution } : {}),
  };
}

/** A key as both databases return it (PostgreSQL gives times as dates, SQLite as ISO text). */
export interface KeyRow {
  id: string;
  shop_id: string;
  kind: KeyKind;
  label: string;
  hash: string;
  created_at: string | Date;
  revoked_at: string | Date | null;
}

const isoTime = (value: string | Date): string => (typeof value === 'string' ? value : value.toISOString());

/** The key record of a stored row. */
export function keyRecordFrom(row: KeyRow): KeyRecord {
  return {
    id: row.id,
    shopId: row.shop_id,
    kind: row.kind,
    label: row.label,
    hash: row.hash,
    createdAt: isoTime(row.created_at),
    revokedAt: row.revoked_at === null ? null : isoTime(row.revoked_at),
  };
}

/** Stored (shop, origin) rows grouped by shop. */
export function originsByShop(rows: ReadonlyArray<{ shop_id: string; origin: string }>): Map<string, string[]> {
  const byShop = new Map<string, string[]>();
  for (const row of rows) byShop.set(row.shop_id, [...(byShop.get(row.shop_id) ?? []), row.origin]);
  return byShop;
}
