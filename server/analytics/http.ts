import { isRecord } from '../../sdk/core/coerce.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompress, gunzip, inflate, type InputType, type ZlibOptions } from 'node:zlib';

/** Largest request body the analytics service accepts (256 KiB); bigger bodies get 413. */
export const MAX_ANALYTICS_BODY_BYTES = 256 * 1024;

/** How long a request body may take to arrive in full. */
export const BODY_TIMEOUT_MS = 10_000;

/** A refusal with the HTTP status to answer and a message naming what is wrong. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Headers to answer with, such as a 429's `Retry-After`. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

/** What a route answers: sent as JSON with the CORS headers added, or as `text` (with its own content type) when set. */
export interface Answer {
  status: number;
  body: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/**
 * CORS headers granting `origin` (a page the service checked for the shop concerned), or none: an
 * origin is never reflected unchecked. No credentials are allowed: the client sends none cross-origin.
 */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  const vary = { vary: 'Origin' };
  if (origin === undefined) return vary;
  return {
    ...vary,
    'access-control-allow-origin': origin,
    'access-control-allow-headers': 'content-type, authorization',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    // The client backs off on 429/503 by Retry-After, which a cross-origin page cannot read unless exposed.
    'access-control-expose-headers': 'retry-after',
    'access-control-max-age': '600',
  };
}

/**
 * Sends an answer as JSON, unless the socket is already gone. An answer sent before the request's
 * body was read to its end closes the connection: the unread bytes (a body over the limit, or one
 * shorter than its declared length) would otherwise be read as the start of the next request.
 */
export function sendAnswer(req: IncomingMessage, res: ServerResponse, answer: Answer, origin?: string): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    ...corsHeaders(origin),
    ...answer.headers,
    ...(req.complete ? {} : { connection: 'close' }),
  });
  res.end(answer.text ?? JSON.stringify(answer.body));
}

/** Answers a CORS preflight, granting `origin` or not. */
export function sendPreflight(res: ServerResponse, origin: string | undefined): void {
  res.writeHead(204, corsHeaders(origin));
  res.end();
}

type Decoder = (input: InputType, options: ZlibOptions, done: (error: Error | null, result: Buffer) => void) => void;

/** The content codings a body may be sent in, by their lower-case names. */
const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: gunzip,
  'x-gzip': gunzip,
  deflate: inflate,
  br: brotliDecompress,
};

/**
 * Reads the body as a JSON object, decoding a gzip, deflate or brotli `content-encoding`. Oversized
 * bodies are refused without destroying the socket (Node discards the rest once we have answered),
 * so the client still receives the 413; the cap holds both for the body as sent and once decompressed,
 * so a small compressed body cannot inflate into a large one.
 */
export function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  let codings: string[];
  try {
    codings = contentCodings(req.headers['content-encoding']);
  } catch (error) {
    req.resume(); // drain what the client is still sending, so it gets the refusal rather than a reset
    return Promise.reject(error);
  }
  const declared = Number(req.headers['content-length']);
  if (declared > MAX_ANALYTICS_BODY_BYTES) return Promise.reject(tooLarge());
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > MAX_ANALYTICS_BODY_BYTES) {
        req.off('data', onData);
        req.off('end', onEnd);
        req.resume(); // keep draining so the client, still uploading, gets the 413 rather than a reset
        return reject(tooLarge());
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', () => reject(new HttpError(400, 'request body could not be read')));
    // A body that stops short of its declared length would hold the request (and its socket) open.
    const late = setTimeout(() => {
      req.off('data', onData);
      req.off('end', onEnd);
      reject(new HttpError(408, `request body not received within ${BODY_TIMEOUT_MS / 1000} s`));
    }, BODY_TIMEOUT_MS);
    const settle = (): void => clearTimeout(late);
    req.once('end', settle);
    req.once('close', settle);
  })
    .then((raw) => decode(raw, codings))
    .then((body) => parseObject(body.toString('utf8')));
}

// The codings of a `content-encoding` header, in the order they were applied; throws 415 for one we
// cannot decode. "identity" (no coding) is dropped.
function contentCodings(header: string | undefined): string[] {
  const codings = (header ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  const unknown = codings.find((coding) => !Object.hasOwn(DECODERS, coding));
  if (unknown !== undefined) throw new HttpError(415, `content-encoding ${unknown.slice(0, 40)} is not supported`);
  // Each layer may multiply the size; more than two layers is no honest client's doing.
  if (codings.length > 2) throw new HttpError(415, 'content-encoding has more than two codings');
  return codings;
}

// Undoes the codings last applied first. A body that is not what its label says is a 400; one that
// inflates past the cap is a 413, found while inflating (the decoder stops at the cap).
async function decode(raw: Buffer, codings: readonly string[]): Promise<Buffer> {
  let body = raw;
  for (const coding of [...codings].reverse()) {
    const decoder = DECODERS[coding]!;
    body = await new Promise<Buffer>((resolve, reject) => {
      decoder(body, { maxOutputLength: MAX_ANALYTICS_BODY_BYTES }, (error, result) => {
        if (!error) return resolve(result);
        if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
          return reject(new HttpError(413, `body larger than ${MAX_ANALYTICS_BODY_BYTES} bytes once decompressed`));
        }
        reject(new HttpError(400, `body is not valid ${coding}`));
      });
    });
  }
  return body;
}

function tooLarge(): HttpError {
  return new HttpError(413, `body larger than ${MAX_ANALYTICS_BODY_BYTES} bytes`);
}

function parseObject(text: string): Record<string, unknown> {
  if (text.trim() === '') throw new HttpError(400, 'body is empty: expected a JSON object');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'body is not valid JSON');
  }
  if (!isRecord(value)) throw new HttpError(400, 'body must be a JSON object');
  return value;
}
