import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AnalyticsStore, KeyKind, KeyRecord } from './store.js';

/**
 * The admin key of a development or test service when `ANALYTICS_ADMIN_KEY` is unset: it reads every
 * shop's events on the local stack. A service in any other environment has no default admin key.
 */
export const DEV_ANALYTICS_ADMIN_KEY = 'aisle-local-admin-key-development-only';

/** The kinds of key a shop can be issued. */
export const KEY_KINDS: readonly KeyKind[] = ['read', 'server'];

// aisle_<kind>_<public id>_<secret>: the id finds the stored hash, the secret is 256 random bits.
const KEY_FORMAT = /^aisle_(read|server)_([a-z0-9]{16})_([A-Za-z0-9_-]{43})$/;

/** A key as issued: shown to its holder once, stored only as the hash of its secret part. */
export interface IssuedKey {
  key: string;
  record: KeyRecord;
}

/** Who a request's bearer key says its holder is. */
export type KeyHolder = { role: 'admin' } | { role: KeyKind; shopId: string; keyId: string };

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** True when `given` is `expected`, in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(sha256(given), sha256(expected));
}

/** Mints a key of `kind` for a shop; the caller saves `record` and hands `key` over once. */
export function issueKey(shopId: string, kind: KeyKind, label: string, now: Date): IssuedKey {
  const id = randomBytes(10).toString('hex').slice(0, 16);
  const secret = randomBytes(32).toString('base64url');
  const record: KeyRecord = {
    id,
    shopId,
    kind,
    label,
    hash: sha256(secret).toString('hex'),
    createdAt: now.toISOString(),
    revokedAt: null,
  };
  return { key: `aisle_${kind}_${id}_${secret}`, record };
}

/**
 * Who holds `presented`: the admin (when it equals the admin key), the holder of an issued key that
 * is not revoked, or nobody (undefined). Every comparison takes the same time whatever it compares.
 */
export async function keyHolder(
  presented: string,
  adminKey: string | undefined,
  store: AnalyticsStore,
): Promise<KeyHolder | undefined> {
  if (adminKey !== undefined && sameSecret(presented, adminKey)) return { role: 'admin' };
  const match = KEY_FORMAT.exec(presented);
  if (!match) return undefined;
  const [, kind, id, secret] = match as unknown as [string, KeyKind, string, string];
  const record = await store.findKey(id);
  // Compare against a stand-in when the id is unknown, so an unknown id costs what a wrong secret does.
  const expected = Buffer.from(record?.hash ?? '0'.repeat(64), 'hex');
  const matches = timingSafeEqual(sha256(secret), expected);
  if (!record || !matches || record.revokedAt !== null || record.kind !== kind) return undefined;
  return { role: record.kind, shopId: record.shopId, keyId: record.id };
}

/** A key's record as listed to an admin: everything but the hash. */
export function publicKey(record: KeyRecord): Omit<KeyRecord, 'hash'> {
  const { hash: _hash, ...rest } = record;
  return rest;
}
