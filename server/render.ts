/**
 * The server render over HTTP (`POST /render`, and `POST {base}/render` under each tenant), for
 * retailers whose servers are not JavaScript: the body is the page's render context, the answer the
 * markup of its main element and the tags of its head (docs/server-render.md).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderMain } from '../sdk/serverRender/render.js';
import { BodyError, readJson, sendJson, sendText } from './http.js';
import { EMBED_BASE } from './demo/tenant-pages.js';

/** A width in CSS pixels read from a header or a parameter, or undefined when there is none. */
function width(value: string | null | undefined): number | undefined {
  const parsed = Number(value);
  return value && Number.isFinite(parsed) && parsed > 0 && parsed < 100_000 ? parsed : undefined;
}

/**
 * The width of the shopper's screen as the request tells it: the Sec-CH-Viewport-Width client hint
 * (which browsers send once a page asked for it), else a phone's for a mobile browser, else none.
 */
export function viewportHint(req: IncomingMessage): number | undefined {
  const hint = width(req.headers['sec-ch-viewport-width'] as string | undefined);
  if (hint !== undefined) return hint;
  const mobile = req.headers['sec-ch-ua-mobile'] === '?1' || /\bMobi/.test(req.headers['user-agent'] ?? '');
  return mobile ? 390 : undefined;
}

/**
 * Answers the render of the context in the body: `{ html, head }` as JSON, or the main element's
 * markup alone as text/html when only HTML is accepted. `?url=` is the page's address, `?width=` the
 * shopper's screen width, `?assetBase=` where the page serves Aisle's files (default the stack's).
 */
export async function renderEndpoint(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  let context: unknown;
  try {
    context = await readJson(req);
  } catch (error) {
    const status = error instanceof BodyError ? error.status : 400;
    return sendJson(req, res, status, { error: error instanceof Error ? error.message : String(error) });
  }
  const page = url.searchParams.get('url') ?? undefined;
  let rendered;
  try {
    rendered = await renderMain(context, {
      url: page,
      assetBase: url.searchParams.get('assetBase') ?? EMBED_BASE,
      viewportWidth: width(url.searchParams.get('width')) ?? viewportHint(req),
    });
  } catch (error) {
    return sendJson(req, res, 400, { error: error instanceof Error ? error.message : String(error) });
  }
  const accept = req.headers.accept ?? '';
  if (/text\/html/.test(accept) && !/application\/json/.test(accept))
    return sendText(res, 200, 'text/html; charset=utf-8', rendered.html);
  return sendJson(req, res, 200, rendered);
}
