import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { corsHeaders, sendCompressed, sendText } from './http.js';

/** Static files gzipped once per version (a rebuilt file has another size or time). */
const gzipped = new Map<string, Buffer>();
function gzipOnce(key: string, body: Buffer): Buffer {
  let packed = gzipped.get(key);
  if (!packed) {
    packed = gzipSync(body, { level: 9 });
    gzipped.set(key, packed);
  }
  return packed;
}

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
};

/**
 * Serves a file from `root` (the built embed). Module chunks need CORS headers because a retailer
 * page on another origin imports them.
 */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  relativePath: string,
): Promise<void> {
  const path = normalize(join(root, decodeURIComponent(relativePath)));
  if (!path.startsWith(normalize(root) + sep)) return sendText(res, 404, 'text/plain', 'not found');
  try {
    if (!(await stat(path)).isFile()) throw new Error('not a file');
    const info = await stat(path);
    const body = await readFile(path);
    const key = `${path}|${info.size}|${info.mtimeMs}`;
    sendCompressed(
      req,
      res,
      200,
      types[extname(path)] ?? 'application/octet-stream',
      body,
      { ...corsHeaders(req), 'cache-control': 'no-cache' },
      () => gzipOnce(key, body),
    );
  } catch {
    sendText(
      res,
      404,
      'text/plain; charset=utf-8',
      relativePath.endsWith('aisle.js') ? 'aisle.js is not built: run `npm run build:embed`' : 'not found',
    );
  }
}
