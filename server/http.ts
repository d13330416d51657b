import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

/** Largest request body the local stack accepts; anything bigger is refused with 413. */
export const MAX_BODY_BYTES = 256 * 1024;

/** Thrown for a body that cannot be read as JSON; carries the HTTP status to answer. */
export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads a request body as text, refusing one larger than MAX_BODY_BYTES with 413. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyError(413, `body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Parses a body as JSON, refusing unparsable text with 400. */
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BodyError(400, 'body is not valid JSON');
  }
}

/** Reads a request body as JSON, refusing oversized, empty or unparsable bodies with a clear message. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req);
  if (text.trim() === '') throw new BodyError(400, 'body is empty: expected a JSON object');
  return parseJsonBody(text);
}

/** Headers that let a retailer page on another origin call the stack and load the embed's modules. */
export function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-credentials': 'true',
    'access-control-allow-headers': 'content-type, authorization',
    'access-control-allow-methods': 'GET, POST, OPTIONS',
    vary: 'Origin',
  };
}

/** Sends a JSON answer. */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...corsHeaders(req) });
  res.end(JSON.stringify(body));
}

/** Sends text with the given content type. */
export function sendText(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': contentType, ...headers });
  res.end(body);
}

/** Below this a response goes as it is: gzip would save less than its own framing costs. */
const GZIP_FROM_BYTES = 1024;

/**
 * Sends text gzipped when the browser accepts it, as any CDN in front of a retailer's pages and
 * of Aisle's files would: on an emulated mobile network the stack then costs what the field does.
 * `gzipped` may hand over the body already compressed (a cache of static files).
 */
export function sendCompressed(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  contentType: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
  gzipped?: () => Buffer,
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const accepts = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (!accepts || bytes.length < GZIP_FROM_BYTES) return sendText(res, status, contentType, bytes, headers);
  res.writeHead(status, {
    'content-type': contentType,
    'content-encoding': 'gzip',
    vary: 'accept-encoding',
    ...headers,
  });
  res.end(gzipped ? gzipped() : gzipSync(bytes));
}

/** Escapes text for an HTML text node or a double-quoted attribute (the catalogue's own). */
export { escapeHtml } from '../fixtures/catalogue/text.js';

/** JSON for a `<script type="application/json">` element: nothing in it can close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
