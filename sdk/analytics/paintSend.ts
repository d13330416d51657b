/**
 * The first paint's last resort when storage is full: one keepalive `POST /v3/identity` with the
 * events, since the browser is already following the link and cannot wait for a token. Small on
 * purpose: aisle.js carries it.
 */
import type { AnalyticsEvent } from './types.js';
import { DISTINCT_ID_KEY, TOKEN_KEY } from './identity.js';

/** What sending needs from the page. */
export interface DirectSendPage {
  /** `config.analyticsHost`. */
  host: string;
  shopId: string;
  storage: Pick<Storage, 'getItem'>;
  fetch: typeof fetch;
}

/**
 * A sender for `page`: events handed to it in one task go out together, in one keepalive request,
 * once the task is over (the click's handler records the visit, then the click). Never throws.
 */
export function directSender(page: DirectSendPage): (event: AnalyticsEvent) => void {
  let waiting: AnalyticsEvent[] = [];
  const read = (key: string): string | undefined => {
    try {
      return page.storage.getItem(key) ?? undefined;
    } catch {
      return undefined;
    }
  };
  const send = (): void => {
    const events = waiting;
    waiting = [];
    const token = read(TOKEN_KEY);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const body = JSON.stringify({ shop_id: page.shopId, distinct_id: read(DISTINCT_ID_KEY), events });
    try {
      void page
        .fetch(`${page.host.replace(/\/+$/, '')}/v3/identity`, {
          method: 'POST',
          keepalive: true,
          credentials: 'omit',
          headers,
          body,
        })
        .catch(() => undefined);
    } catch {
      /* no fetch here: the events are lost, as they were before this sender existed */
    }
  };
  return (event) => {
    waiting.push(event);
    if (waiting.length === 1) queueMicrotask(send);
  };
}
