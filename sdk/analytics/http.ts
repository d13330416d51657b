/** Time-outs go through the injected timers, so tests drive them with fake time and `dispose()` clears them. */
import type { StoreEnv, TimerHandle, TransportRequest, TransportResponse } from '../ports/env.js';
import { TOKEN_PARSE_ERROR } from './token.js';

/** An answer whose status says the request failed (identity requests). */
export class HttpStatusError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfter: string | null = null,
  ) {
    super(message);
  }
}

/** A request that got no answer within the time-out. */
export class RequestTimeoutError extends Error {}

/** Sends the client's requests; `dispose()` clears their timers and aborts all but keepalive ones. */
export interface RequestPool {
  send(url: string, init: TransportRequest): Promise<TransportResponse>;
  dispose(): void;
}

interface LiveRequest {
  controller: AbortController;
  timer: TimerHandle;
  keepalive: boolean;
}

/** A pool over `env.transport` whose requests abort after `timeoutMs`. */
export function requestPool(env: Pick<StoreEnv, 'transport' | 'timers'>, timeoutMs: number): RequestPool {
  const live = new Set<LiveRequest>();
  return {
    async send(url, init) {
      const controller = new AbortController();
      let timedOut = false;
      const entry: LiveRequest = {
        controller,
        keepalive: init.keepalive === true,
        timer: env.timers.setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeoutMs),
      };
      live.add(entry);
      try {
        return await env.transport.request(url, {
          method: 'POST',
          credentials: 'same-origin',
          ...init,
          timeoutMs,
          signal: controller.signal,
        });
      } catch (error) {
        throw timedOut ? new RequestTimeoutError(`timed out after ${timeoutMs} ms`) : error;
      } finally {
        env.timers.clearTimeout(entry.timer);
        live.delete(entry);
      }
    },
    dispose() {
      for (const entry of live) {
        env.timers.clearTimeout(entry.timer);
        // A keepalive request is meant to outlive the page (pagehide flush); the rest die with it.
        if (!entry.keepalive) entry.controller.abort();
      }
      live.clear();
    },
  };
}

/** A short, token-free description of a failed request for logs and snapshots. */
export function failureReason(error: unknown): string {
  if (error instanceof RequestTimeoutError || error instanceof HttpStatusError) return error.message;
  if (error instanceof Error && error.message === TOKEN_PARSE_ERROR) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `network error: ${message}`;
}
