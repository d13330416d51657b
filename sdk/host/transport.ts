import type { Transport, TransportRequest, TransportResponse } from '../ports/env.js';

/** Default request time-out: 5000 ms, configurable per request. */
export const DEFAULT_TIMEOUT_MS = 5000;

/** Appends `params` to `url` as a query string, keeping any query it already has. */
export function withParams(url: string, params: TransportRequest['params']): string {
  if (!params) return url;
  const query = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** fetch with JSON bodies, same-origin credentials by default, a time-out; a caller's signal aborts too. */
export function fetchTransport(fetchImpl: typeof fetch = globalThis.fetch.bind(globalThis)): Transport {
  return {
    async request(url: string, init: TransportRequest = {}): Promise<TransportResponse> {
      const controller = new AbortController();
      const onAbort = (): void => controller.abort(init.signal?.reason);
      if (init.signal?.aborted) controller.abort(init.signal.reason);
      init.signal?.addEventListener('abort', onAbort, { once: true });
      const timer = setTimeout(
        () => controller.abort(new DOMException('request timed out', 'TimeoutError')),
        init.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      );
      try {
        const response = await fetchImpl(withParams(url, init.params), {
          method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
          headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          credentials: init.credentials ?? 'same-origin',
          keepalive: init.keepalive,
          signal: controller.signal,
        });
        const text = await response.text();
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        return { status: response.status, ok: response.ok, json, headers: response.headers };
      } finally {
        clearTimeout(timer);
        init.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
