/**
 * The keepalive flush: when the page is hidden or unloading, everything pending goes to
 * `POST /v3/batch` with `keepalive: true`. Browsers cap keepalive bodies (64 KiB in flight per
 * page), hence chunks under 48 KiB sent one after the other: a chunk is sent only once the one
 * before it was accepted, so a lost chunk can never let later events overtake earlier ones. Events
 * stay in the outbox until acknowledged; a later page resends whatever the flush did not settle.
 */
import { acknowledge, authWaitUntil, deadLetter, type DeliveryContext } from './delivery.js';
import { failureReason } from './http.js';
import type { AnalyticsEvent } from './types.js';

/** Largest JSON body of one keepalive batch, exclusive. */
export const KEEPALIVE_BODY_LIMIT = 48 * 1024;
/** Most events the service accepts in one batch. */
export const BATCH_EVENT_LIMIT = 100;

const encoder = new TextEncoder();
const bytes = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;

/**
 * Splits `events` (in order) into batches whose body `{"events":[…]}` is under `maxBytes`. An event
 * too big for any batch ends the flush there, so nothing after it is sent ahead of it.
 */
export function keepaliveChunks(
  events: AnalyticsEvent[],
  maxBytes = KEEPALIVE_BODY_LIMIT,
  maxEvents = BATCH_EVENT_LIMIT,
): AnalyticsEvent[][] {
  const overhead = bytes({ events: [] });
  const chunks: AnalyticsEvent[][] = [];
  let chunk: AnalyticsEvent[] = [];
  let size = overhead;
  for (const event of events) {
    const own = bytes(event);
    if (overhead + own >= maxBytes) break;
    if (chunk.length === maxEvents || size + own + (chunk.length > 0 ? 1 : 0) >= maxBytes) {
      chunks.push(chunk);
      chunk = [];
      size = overhead;
    }
    size += own + (chunk.length > 0 ? 1 : 0);
    chunk.push(event);
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

interface BatchResult {
  id?: unknown;
  status?: unknown;
  error?: unknown;
}

/** Sends the pending events in keepalive batches; resolves once done or stopped at a failed chunk. */
export async function flushOutbox(
  ctx: DeliveryContext,
  trigger: 'hidden' | 'pagehide',
  stopped: () => boolean,
): Promise<void> {
  const pending = ctx.outbox.pending();
  if (pending.length === 0) return;
  // While the service refuses our tokens, a batch would only be refused too (and ask for yet another token).
  if (authWaitUntil(ctx, pending[0]!) !== null) {
    return ctx.emit('flush_skipped', { trigger, reason: 'waiting after refused tokens', pending: pending.length });
  }
  const token = ctx.keeper.usable();
  if (!token) return ctx.emit('flush_skipped', { trigger, reason: 'no live token', pending: pending.length });
  const chunks = keepaliveChunks(pending);
  ctx.emit('flush', { trigger, pending: pending.length, chunks: chunks.length });
  for (const chunk of chunks) {
    if (stopped() || !(await sendChunk(ctx, chunk, token))) return;
  }
}

async function sendChunk(ctx: DeliveryContext, chunk: AnalyticsEvent[], token: string): Promise<boolean> {
  let response;
  try {
    response = await ctx.http.send(`${ctx.host}/v3/batch`, {
      body: { events: chunk },
      headers: { Authorization: `Bearer ${token}` },
      keepalive: true,
    });
  } catch (error) {
    ctx.emit('flush_failed', { events: chunk.length, reason: failureReason(error) });
    return false;
  }
  if (response.status === 401) {
    // The sender will need a fresh token too; one shared refresh serves both.
    ctx.keeper.refresh(token).catch(() => undefined);
  }
  const results = (response.json as { results?: unknown } | undefined)?.results;
  if (response.status !== 202 || !Array.isArray(results)) {
    ctx.emit('flush_failed', { events: chunk.length, httpStatus: response.status });
    return false;
  }
  const byId = new Map(chunk.map((event) => [event.id, event]));
  let settled = 0;
  for (const result of results as BatchResult[]) {
    const event = typeof result.id === 'string' ? byId.get(result.id) : undefined;
    if (!event) continue;
    if (result.status === 202) acknowledge(ctx, event, 'batch');
    else if (result.status === 400)
      deadLetter(
        ctx,
        event,
        400,
        `HTTP 400 in batch${typeof result.error === 'string' ? `: ${result.error.slice(0, 200)}` : ''}`,
      );
    else continue;
    settled += 1;
  }
  ctx.emit('flush_result', { events: chunk.length, settled });
  return settled === chunk.length;
}
