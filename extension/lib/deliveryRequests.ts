/**
 * The `POST …/v3/event` and `…/v3/batch` requests DevTools saw, joined to events by the ids in their bodies.
 * Only the DevTools panel hears them, and only while open. Headers are never kept: they carry the bearer token.
 */
import { action, makeObservable, observable } from 'mobx';
import { isRecord } from '../../sdk/public/tools.js';

/** One request of the analytics session, without its headers. */
export interface DeliveryRequest {
  kind: 'event' | 'batch';
  /** The address without its query. */
  url: string;
  startedAt: number;
  /** 0 when the request got no answer (blocked, cancelled, network error). */
  status: number;
  durationMs: number;
  /** The events the body held. */
  eventIds: string[];
}

/** The most requests kept (a busy page sends five a second). */
export const MAX_REQUESTS = 5000;

const PATH = /\/v3\/(event|batch)$/;

function idsOf(kind: DeliveryRequest['kind'], body: unknown): string[] {
  const events = kind === 'event' ? [body] : isRecord(body) && Array.isArray(body.events) ? body.events : [];
  return events.flatMap((e) => (isRecord(e) && typeof e.id === 'string' ? [e.id.slice(0, 100)] : [])).slice(0, 500);
}

/** A finished request as DevTools reports it (a HAR entry), read when it is a delivery; else null. */
export function readDeliveryRequest(entry: unknown): DeliveryRequest | null {
  if (!isRecord(entry) || !isRecord(entry.request) || !isRecord(entry.response)) return null;
  const { request, response } = entry;
  if (request.method !== 'POST' || typeof request.url !== 'string') return null;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  const kind = PATH.exec(url.pathname)?.[1] as DeliveryRequest['kind'] | undefined;
  if (!kind) return null;
  const text = isRecord(request.postData) && typeof request.postData.text === 'string' ? request.postData.text : '';
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* a body DevTools did not keep: the request is listed without its events */
  }
  const started = typeof entry.startedDateTime === 'string' ? Date.parse(entry.startedDateTime) : NaN;
  return {
    kind,
    url: `${url.origin}${url.pathname}`,
    startedAt: Number.isNaN(started) ? 0 : started,
    status: typeof response.status === 'number' ? response.status : 0,
    durationMs: typeof entry.time === 'number' && entry.time >= 0 ? Math.round(entry.time) : 0,
    eventIds: idsOf(kind, body),
  };
}

/** The delivery requests heard so far, by event id. */
export class DeliveryRequestLog {
  requests: DeliveryRequest[] = [];

  constructor() {
    makeObservable(this, { requests: observable.ref, add: action, clear: action });
  }

  /** Adds a finished request when it is a delivery. */
  add(entry: unknown): void {
    const request = readDeliveryRequest(entry);
    if (request) this.requests = [...this.requests.slice(-(MAX_REQUESTS - 1)), request];
  }

  /** Forgets every request (the inspector follows another tab). */
  clear(): void {
    this.requests = [];
  }

  /** The requests whose body held the event `id`, oldest first. */
  of(id: string): DeliveryRequest[] {
    return this.requests.filter((r) => r.eventIds.includes(id));
  }
}
