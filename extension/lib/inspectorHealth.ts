/** The inspector's plain words: an unsettled event whose page went away is "unconfirmed", never "in flight". */
import { isSettled, type BufferedEvent, type SearchRecord, type TabBuffer } from './inspectorBuffer.js';
import type { EventState } from './pageData.js';
import { isRecord } from '../../sdk/public/tools.js';

/** The states the table shows: the page's five, plus events whose page left before they settled. */
export type ShownState = EventState | 'unconfirmed';

export const SHOWN_STATES: readonly ShownState[] = [
  'queued',
  'in_flight',
  'retry_scheduled',
  'acknowledged',
  'dead_lettered',
  'unconfirmed',
];

export const STATE_LABELS: Record<ShownState, string> = {
  queued: 'queued',
  in_flight: 'in flight',
  retry_scheduled: 'retry scheduled',
  acknowledged: 'acknowledged',
  dead_lettered: 'dead-lettered',
  unconfirmed: 'unconfirmed',
};

/** The state shown for `event`. */
export function shownState(event: BufferedEvent): ShownState {
  return event.orphaned && !isSettled(event.state) ? 'unconfirmed' : event.state;
}

/** Hours and minutes in the reader's own format. */
const hoursMinutes = (ms: number): string =>
  new Date(ms).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The state's words for `event`: "unconfirmed since 12:03" once its page went away unsettled. */
export function shownLabel(event: BufferedEvent): string {
  const state = shownState(event);
  return state === 'unconfirmed' && event.orphanedAt !== null
    ? `unconfirmed since ${hoursMinutes(event.orphanedAt)}`
    : STATE_LABELS[state];
}

/** A short note under the state, when the state needs one to be read right. */
export function stateNote(event: BufferedEvent): string | null {
  if (event.confirmedBy === 'next_page') return 'sent during unload — confirmed by next page';
  if (event.confirmedBy === 'other_tab') return 'delivered by another tab of this shop';
  if (shownState(event) !== 'unconfirmed') return null;
  // What the inspector last knew, said as the past: nothing on the current page can update it.
  const known = [
    STATE_LABELS[event.state],
    event.httpStatus !== null ? `HTTP ${event.httpStatus}` : '',
    event.state === 'retry_scheduled' && event.nextAttemptAt !== null
      ? `next attempt was due at ${clock(event.nextAttemptAt)}`
      : '',
  ].filter(Boolean);
  return `last known: ${known.join(', ')}; its page left, and no page of this shop has confirmed it since`;
}

/** The tab's delivery health. */
export interface Health {
  level: 'ok' | 'warning' | 'stuck' | 'idle';
  title: string;
  detail: string;
  /** Epoch ms of the earliest next attempt of a waiting event, if any. */
  nextAttemptAt: number | null;
  waiting: number;
}

const AUTH_REASON = /token refused|identity refused/i;
/** Session steps that tell whether the page holds a token. */
const IDENTITY_PHASES = new Set(['identity_failed', 'token_issued', 'token_reused', 'ready']);

function clock(ms: number): string {
  return new Date(ms).toLocaleTimeString();
}

/** What the tab's latest events say about delivery, in plain words. */
export function healthOf(buffer: TabBuffer, now: number): Health {
  // One pass without copying: this runs at every change and every second over up to 10,000 events.
  let total = 0;
  let acknowledged = 0;
  let dead = 0;
  const pending: BufferedEvent[] = [];
  const unconfirmed: BufferedEvent[] = [];
  for (const load of buffer.loads)
    for (const e of load.events) {
      total += 1;
      if (e.state === 'acknowledged') acknowledged += 1;
      else if (e.state === 'dead_lettered') dead += 1;
      else if (!e.orphaned) pending.push(e);
      else unconfirmed.push(e);
    }
  const waiting = pending.filter((e) => e.state === 'retry_scheduled');
  const next = waiting.reduce<number | null>(
    (min, e) => (e.nextAttemptAt === null ? min : min === null ? e.nextAttemptAt : Math.min(min, e.nextAttemptAt)),
    null,
  );
  const when =
    next === null
      ? ''
      : ` The next attempt is at ${clock(next)} (in ${Math.max(0, Math.ceil((next - now) / 1000))} s).`;
  const held = `${pending.length} ${pending.length === 1 ? 'event waits' : 'events wait'} in the shopper's outbox`;
  const kept = ' Nothing is lost: they go out, in order, once the service accepts them.';
  const byIdentity = waiting.some((e) => /identity refused/i.test(e.reason ?? ''));

  // No token at all: events stay queued while the identity request keeps failing.
  const latest = buffer.loads.at(-1);
  const identity = latest ? [...latest.log].reverse().find((e) => IDENTITY_PHASES.has(e.phase)) : undefined;
  if (identity?.phase === 'identity_failed' && pending.length > 0) {
    const d = (identity.detail ?? {}) as { httpStatus?: unknown; reason?: unknown };
    const status = typeof d.httpStatus === 'number' ? d.httpStatus : null;
    const retry = typeof (d as { retryInMs?: unknown }).retryInMs === 'number';
    return {
      level: 'stuck',
      title:
        status === null
          ? `Delivery is stuck: the identity service cannot be reached (${typeof d.reason === 'string' ? d.reason : 'no answer'})`
          : `Delivery is stuck: the identity service refuses to issue a token (HTTP ${status})`,
      detail: `${held}; none can be sent without a token.${retry ? ' The page asks again after a back-off.' : ' The page does not ask again: its answer held no readable token.'}${kept}`,
      nextAttemptAt: null,
      waiting: pending.length,
    };
  }
  const authStuck = waiting.filter((e) => e.httpStatus === 401 || AUTH_REASON.test(e.reason ?? ''));
  if (authStuck.length > 0)
    return {
      level: 'stuck',
      title: byIdentity
        ? 'Delivery is stuck: the identity service refuses to issue a token'
        : 'Delivery is stuck: the analytics service refuses every token (HTTP 401)',
      detail: `${held}.${when}${kept}`,
      nextAttemptAt: next,
      waiting: pending.length,
    };
  const unreachable = waiting.filter((e) => e.httpStatus === null);
  if (unreachable.length > 0)
    return {
      level: 'stuck',
      title: `Delivery is stuck: the analytics service cannot be reached (${unreachable[0]!.reason ?? 'no answer'})`,
      detail: `${held}.${when}${kept}`,
      nextAttemptAt: next,
      waiting: pending.length,
    };
  const failing = waiting.filter((e) => e.httpStatus !== null);
  if (failing.length > 0)
    return {
      level: 'warning',
      title: `Delivery is retrying: the analytics service answers HTTP ${failing[0]!.httpStatus}`,
      detail: `${held}.${when}${kept}`,
      nextAttemptAt: next,
      waiting: pending.length,
    };
  // Events whose page left unsettled are not "delivering normally": nobody knows where they are.
  if (unconfirmed.length > 0) return unconfirmedHealth(unconfirmed, pending.length);
  if (dead > 0)
    return {
      level: 'warning',
      title: `${dead} ${dead === 1 ? 'event was' : 'events were'} refused for good (dead-lettered)`,
      detail: 'The service rejected them as malformed; they are kept in the shopper’s dead letters and not retried.',
      nextAttemptAt: null,
      waiting: pending.length,
    };
  if (total === 0)
    return { level: 'idle', title: 'No analytics events yet', detail: '', nextAttemptAt: null, waiting: 0 };
  return {
    level: 'ok',
    title: 'Delivering normally',
    detail: `${acknowledged} acknowledged${pending.length ? `, ${pending.length} on their way` : ''}.`,
    nextAttemptAt: null,
    waiting: pending.length,
  };
}

/** The health while events are unconfirmed (their page left before they settled), with what was last known. */
function unconfirmedHealth(unconfirmed: BufferedEvent[], waiting: number): Health {
  const n = unconfirmed.length;
  const since = Math.min(...unconfirmed.map((e) => e.orphanedAt ?? Infinity));
  const failed = unconfirmed.find((e) => e.httpStatus !== null && e.httpStatus >= 400) ?? null;
  const known = failed ? `, the last answer HTTP ${failed.httpStatus}` : '';
  return {
    level: 'warning',
    title: `${n} ${n === 1 ? 'event is' : 'events are'} unconfirmed${Number.isFinite(since) ? ` since ${hoursMinutes(since)}` : ''}${known}`,
    detail:
      'Their page left before the service answered. A later page of this shop, or another of its tabs, settles them; the table says what was last known.',
    nextAttemptAt: null,
    waiting,
  };
}

/** "price, ascending" for `price_asc`; the key itself when it has no order part. */
export function describeSort(sort: string): string {
  const match = /^(.+)_(asc|desc)$/i.exec(sort);
  if (!match) return sort;
  return `${match[1]!.replace(/_/g, ' ')}, ${match[2]!.toLowerCase() === 'asc' ? 'ascending' : 'descending'}`;
}

/** The filters of a search body in words: "color is red or blue; price from 10 to 50". */
export function describeFilters(filters: unknown): string {
  if (!Array.isArray(filters) || filters.length === 0) return 'none';
  return filters
    .map((f) => {
      if (!isRecord(f) || typeof f.key !== 'string') return 'an unreadable filter';
      const value = f.value;
      if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number')
        return `${f.key} from ${value[0]} to ${value[1]}`;
      if (Array.isArray(value)) return `${f.key} is ${value.map(String).join(' or ')}`;
      return `${f.key} is ${String(value)}`;
    })
    .join('; ');
}

/** One search request, decoded for the table. */
export interface SearchSummary {
  request: string;
  filters: string;
  sort: string;
  answer: string;
  /** Why the page may be empty, when the answer says so. */
  empty: string | null;
}

/** A search request and its answer in words. */
export function describeSearch(search: SearchRecord): SearchSummary {
  const body = isRecord(search.body) ? search.body : {};
  const page = typeof body.page === 'string' ? `page “${body.page}”` : 'no page';
  const number = typeof body.pageNumber === 'number' ? `, result page ${body.pageNumber}` : '';
  const size = typeof body.pageSize === 'number' ? ` of ${body.pageSize}` : '';
  const where = [body.locale, body.region].filter((v) => typeof v === 'string').join(', ');
  const request = `${page}${number}${size}${where ? ` (${where})` : ''}`;
  const sort = typeof body.sort === 'string' && body.sort ? describeSort(body.sort) : 'default order';
  let answer: string;
  let empty: string | null = null;
  if (search.state === 'pending') answer = 'waiting for the answer';
  else {
    const parts = [search.status !== null ? `HTTP ${search.status}` : search.state === 'error' ? 'failed' : 'answered'];
    if (search.latencyMs !== null) parts.push(`${Math.round(search.latencyMs)} ms`);
    if (search.total !== null) parts.push(`${search.total} ${search.total === 1 ? 'product' : 'products'}`);
    if (search.pageNotFound) parts.push('page not found');
    answer = parts.join(' · ');
    if (search.pageNotFound) empty = 'the search service does not know this page (pageNotFound)';
    else if (search.state === 'error')
      empty = `the search failed (${search.error ?? 'no answer'}): the page keeps what it showed before`;
    else if (search.total === 0) empty = 'no product matches this page and these filters';
  }
  return { request, filters: describeFilters(body.filters), sort, answer, empty };
}
