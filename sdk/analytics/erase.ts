/**
 * What the analytics session keeps on the shopper's device for a shop, removed at once when the
 * shopper withdraws consent: the visitor id, the token, the outbox (with its sequence counter,
 * waits, dead letters and settled ids), the sender's lease and the impressions already counted.
 */
import type { KeyValueStorage } from '../ports/env.js';
import { senderLockName } from './delivery.js';
import { DISTINCT_ID_KEY, TOKEN_KEY } from './identity.js';
import { impressionsPrefix } from './impressionWatch.js';
import { outboxKeys } from './outbox.js';

/** The localStorage keys of a shop's analytics. */
export function analyticsKeys(shopId: string): string[] {
  return [...Object.values(outboxKeys(shopId)), TOKEN_KEY, DISTINCT_ID_KEY, `aisle-lock:${senderLockName(shopId)}`];
}

/**
 * Removes every analytics key of `shopId` from `storage`, and the shop's impressions from the tab's
 * `session` storage (when there is one). Never throws: a storage that cannot be read has nothing to remove.
 */
export function eraseAnalyticsStorage(storage: KeyValueStorage, shopId: string, session: Storage | null): void {
  for (const key of analyticsKeys(shopId)) {
    try {
      storage.removeItem(key);
    } catch {
      /* storage turned off: nothing of ours can be in it */
    }
  }
  try {
    if (!session) return;
    const prefix = impressionsPrefix(shopId);
    const keys = Array.from({ length: session.length }, (_, index) => session.key(index));
    for (const key of keys) if (key?.startsWith(prefix)) session.removeItem(key);
  } catch {
    /* as above */
  }
}
