/**
 * What the analytics service stored for a visitor, compared with what the inspector saw. The service's
 * answer to `GET {analyticsHost}/v3/events` is untrusted input and is read field by field.
 */
import { isSettled, type BufferedEvent, type TabBuffer } from './inspectorBuffer.js';
import { isRecord } from '../../sdk/public/tools.js';

/** How many stored events one comparison asks for. */
export const COMPARE_LIMIT = 1000;

/** An event as the service stored it (the fields the comparison uses). */
export interface StoredEvent {
  id: string;
  seq: number | null;
  event: string;
  visitorId: string | null;
  receivedAt: string | null;
}

/** Where to ask and with which key. */
export interface ServiceQuery {
  analyticsHost: string;
  key: string;
  shopId: string;
  visitorId: string;
}

/** One event id and what each side knows of it. */
export interface ComparedEvent {
  id: string;
  panel: BufferedEvent | null;
  service: StoredEvent | null;
}

/** The comparison: only in the panel, only at the service, and on both sides. */
export interface Comparison {
  query: Omit<ServiceQuery, 'key'>;
  onlyPanel: ComparedEvent[];
  onlyService: ComparedEvent[];
  agreeing: ComparedEvent[];
  /** Present on both sides but with another event name or sequence number. */
  differing: ComparedEvent[];
}

/** A key shown back: its last four characters only. */
export function maskKey(key: string): string {
  return key.length <= 4 ? '••••' : `••••${key.slice(-4)}`;
}

const text = (v: unknown, max: number): string | null => (typeof v === 'string' ? v.slice(0, max) : null);

/** The service's answer read field by field; anything else is an error in words. */
export function readStoredEvents(json: unknown): StoredEvent[] | string {
  if (!isRecord(json) || !Array.isArray(json.events)) return 'the service answered without a list of events';
  return json.events.flatMap((raw): StoredEvent[] => {
    if (!isRecord(raw)) return [];
    const id = text(raw.id, 100);
    if (!id) return [];
    return [
      {
        id,
        seq: typeof raw.seq === 'number' && Number.isFinite(raw.seq) ? raw.seq : null,
        event: text(raw.event, 100) ?? '(unnamed)',
        visitorId: text(raw.visitor_id, 200),
        receivedAt: text(raw.received_at, 40),
      },
    ];
  });
}

/** What a refusal of the service means for the person who pasted the key. */
function refusal(status: number, shopId: string): string {
  if (status === 401) return 'the service refused the key (HTTP 401): paste a read key of this shop or the admin key';
  if (status === 403) return `the key reads another shop (HTTP 403): it cannot read ${shopId}`;
  return `the service answered HTTP ${status}`;
}

/** Asks the service what it stored for the visitor; the stored events, or why not. */
export async function fetchStoredEvents(
  fetcher: (url: string, init: RequestInit) => Promise<Response>,
  query: ServiceQuery,
): Promise<StoredEvent[] | string> {
  let url: URL;
  try {
    url = new URL(`${query.analyticsHost.replace(/\/+$/, '')}/v3/events`);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    return `"${query.analyticsHost.slice(0, 100)}" is not an http(s) address of the analytics service`;
  }
  url.search = new URLSearchParams({
    shop_id: query.shopId,
    visitor: query.visitorId,
    limit: String(COMPARE_LIMIT),
  }).toString();
  let response: Response;
  try {
    response = await fetcher(url.href, { headers: { Authorization: `Bearer ${query.key}` }, credentials: 'omit' });
  } catch (error) {
    return `the service at ${url.origin} cannot be reached (${String(error).slice(0, 200)})`;
  }
  if (response.status !== 200) return refusal(response.status, query.shopId);
  try {
    return readStoredEvents(await response.json());
  } catch {
    return 'the service answered with something that is not JSON';
  }
}

/** The panel's events of `shopId` (every page load of the tab). */
export function panelEventsOf(buffer: TabBuffer, shopId: string): BufferedEvent[] {
  return buffer.loads.flatMap((l) => l.events.filter((e) => e.shopId === shopId));
}

/** Compares the panel's events of the shop with what the service stored, by event id. */
export function compareEvents(panel: BufferedEvent[], stored: StoredEvent[], query: ServiceQuery): Comparison {
  const { key: _key, ...shown } = query;
  const result: Comparison = { query: shown, onlyPanel: [], onlyService: [], agreeing: [], differing: [] };
  const atService = new Map(stored.map((s) => [s.id, s]));
  for (const event of panel) {
    const service = atService.get(event.id) ?? null;
    atService.delete(event.id);
    const pair = { id: event.id, panel: event, service };
    if (!service) result.onlyPanel.push(pair);
    else if (service.event !== event.event || (event.seq !== null && service.seq !== event.seq))
      result.differing.push(pair);
    else result.agreeing.push(pair);
  }
  for (const service of atService.values()) result.onlyService.push({ id: service.id, panel: null, service });
  return result;
}

/** What a row only in the panel most likely means, in words. */
export function onlyPanelNote(event: BufferedEvent): string {
  if (event.state === 'acknowledged') return 'the panel saw it acknowledged, but the service has not stored it';
  if (isSettled(event.state)) return 'refused for good: the service was never going to store it';
  return 'not delivered yet, or its page left before it was';
}
