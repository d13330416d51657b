/**
 * Copy and export formats of the inspector. None of them can hold the token: payloads were
 * stripped of credential-looking keys on the way in, and the curl command leaves the bearer to a
 * shell variable the support engineer sets.
 */
import { csvCell, exportTime } from './exportCells.js';
import { restoreBuffer, type BufferedEvent, type TabBuffer } from './inspectorBuffer.js';
import { shownState } from './inspectorHealth.js';
import { validateEvent } from '../../sdk/public/tools.js';

/** One event as pretty JSON (the inspector's record, payload included). */
export function eventAsJson(event: BufferedEvent): string {
  return JSON.stringify(event, null, 2);
}

/** Single-quotes `text` for a POSIX shell. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A curl command that resends the event's payload; the host and token come from the shell. */
export function eventAsCurl(event: BufferedEvent): string {
  return [
    `curl -X POST "$AISLE_ANALYTICS_HOST/v3/event"`,
    `  -H 'content-type: application/json'`,
    `  -H "authorization: Bearer $AISLE_TOKEN"`,
    `  --data-raw ${shellQuote(JSON.stringify(event.payload))}`,
  ].join(' \\\n');
}

/** Marks an exported document, so that an import can tell it from any other JSON file. */
export const EXPORT_FORMAT = 'aisle-inspector/1';

/** A buffer (the shown rows: the caller passes what the filters keep) as a JSON document. */
export function exportBuffer(buffer: TabBuffer, exportedAt: Date, filters = ''): string {
  return JSON.stringify(
    { format: EXPORT_FORMAT, exportedAt: exportedAt.toISOString(), filters, loads: buffer.loads },
    null,
    2,
  );
}

/** Largest file the inspector imports. */
export const MAX_IMPORT_CHARS = 32 * 1024 * 1024;

/** An imported export, or why it could not be read. */
export type Imported = { buffer: TabBuffer; exportedAt: string | null } | { error: string };

/**
 * Reads an exported JSON document back (to study a shopper's session offline). The file may come
 * from anywhere: it is parsed, reshaped field by field like a stored buffer, and only ever shown
 * as text.
 */
export function importBuffer(text: string): Imported {
  if (text.length > MAX_IMPORT_CHARS) return { error: 'the file is larger than 32 MB' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { error: 'the file is not JSON' };
  }
  const doc = raw as { format?: unknown; exportedAt?: unknown; loads?: unknown } | null;
  if (typeof doc !== 'object' || doc === null || !Array.isArray(doc.loads))
    return { error: 'the file is not an inspector export (it has no page loads)' };
  if (doc.format !== undefined && doc.format !== EXPORT_FORMAT)
    return { error: `the file's format ${JSON.stringify(doc.format).slice(0, 40)} is not one this inspector reads` };
  return {
    buffer: restoreBuffer({ loads: doc.loads }),
    exportedAt: typeof doc.exportedAt === 'string' ? doc.exportedAt.slice(0, 40) : null,
  };
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** When the event was recorded (the payload's timestamp), else when the inspector first saw it. */
export function eventTime(event: BufferedEvent): number {
  const stamp = (event.payload as { timestamp?: unknown } | null)?.timestamp;
  // Only a well-formed ISO time: anything else would be read in the panel's own time zone.
  const parsed = typeof stamp === 'string' && ISO_TIME.test(stamp) ? Date.parse(stamp) : NaN;
  return Number.isNaN(parsed) ? event.firstSeenAt : parsed;
}

/** The rows (as filtered) as CSV, one line per event. */
export function exportCsv(events: BufferedEvent[]): string {
  const header = [
    'time',
    'shop',
    'seq',
    'event',
    'state',
    'attempts',
    'http_status',
    'next_attempt',
    'reason',
    'id',
    'warnings',
  ];
  const lines = events.map((e) => {
    // Out-of-range times are written clamped, and the warnings column says so.
    const time = exportTime(eventTime(e));
    const next = e.nextAttemptAt === null ? null : exportTime(e.nextAttemptAt);
    const problems = [
      ...(e.payload === null ? [] : validateEvent(e.payload)),
      ...(time.problem ? [time.problem] : []),
      ...(next?.problem ? [`next attempt ${next.problem}`] : []),
    ];
    return [
      time.iso,
      e.shopId,
      e.seq,
      e.event,
      shownState(e),
      e.attempts,
      e.httpStatus,
      next?.iso ?? '',
      e.reason,
      e.id,
      problems.join('; '),
    ]
      .map(csvCell)
      .join(',');
  });
  return [header.map(csvCell).join(','), ...lines].join('\r\n') + '\r\n';
}

/** Where HAR entries say events were sent: the inspector never learns the real analytics host. */
export const HAR_ANALYTICS_ORIGIN = 'https://analytics-host.invalid';

/**
 * The rows (as filtered) and the searches of their page loads as a HAR 1.2 log, for tools that
 * read network captures. Each event is one `POST /v3/event` with its latest answer; the bearer
 * token is never known here and is written as `[redacted]`.
 */
export function exportHar(buffer: TabBuffer, exportedAt: Date): string {
  const entries: unknown[] = [];
  for (const load of buffer.loads) {
    for (const e of load.events) {
      const body = JSON.stringify(e.payload);
      const started = exportTime(eventTime(e));
      entries.push({
        startedDateTime: started.iso,
        time: 0,
        comment: `${e.event} #${e.seq ?? '?'} — ${shownState(e)}, ${e.attempts} attempt(s)${e.reason ? `: ${e.reason}` : ''}${marked(started)}`,
        request: {
          method: 'POST',
          url: `${HAR_ANALYTICS_ORIGIN}/v3/event`,
          httpVersion: 'HTTP/1.1',
          headers: [
            { name: 'content-type', value: 'application/json' },
            { name: 'authorization', value: 'Bearer [redacted]' },
          ],
          queryString: [],
          cookies: [],
          headersSize: -1,
          bodySize: body.length,
          postData: { mimeType: 'application/json', text: body },
        },
        response: harResponse(e.httpStatus),
        cache: {},
        timings: { send: 0, wait: 0, receive: 0 },
      });
    }
    for (const s of load.searches) {
      const body = JSON.stringify(s.body);
      const started = exportTime(s.startedAt);
      entries.push({
        startedDateTime: started.iso,
        time: s.latencyMs ?? 0,
        comment: `${s.error ?? ''}${marked(started)}`,
        request: {
          method: 'POST',
          url: searchUrl(s.url, load.url),
          httpVersion: 'HTTP/1.1',
          headers: [{ name: 'content-type', value: 'application/json' }],
          queryString: [],
          cookies: [],
          headersSize: -1,
          bodySize: body.length,
          postData: { mimeType: 'application/json', text: body },
        },
        response: harResponse(s.status),
        cache: {},
        timings: { send: 0, wait: s.latencyMs ?? 0, receive: 0 },
      });
    }
  }
  return JSON.stringify(
    {
      log: {
        version: '1.2',
        creator: { name: 'Aisle inspector', version: '1', comment: `exported ${exportedAt.toISOString()}` },
        pages: buffer.loads.map((l) => {
          const started = exportTime(l.startedAt);
          const page = { startedDateTime: started.iso, id: l.loadId, title: l.url, pageTimings: {} };
          return started.problem ? { ...page, comment: started.problem } : page;
        }),
        entries,
      },
    },
    null,
    2,
  );
}

/** A search's address made absolute against its page, as written when either cannot be read. */
function searchUrl(url: string, pageUrl: string): string {
  if (/^https?:/.test(url)) return url;
  try {
    return new URL(url, pageUrl).href;
  } catch {
    return url;
  }
}

/** The mark a HAR comment carries when a time was clamped. */
function marked(time: ReturnType<typeof exportTime>): string {
  return time.problem ? ` [${time.problem}]` : '';
}

function harResponse(status: number | null): unknown {
  return {
    status: status ?? 0,
    statusText: '',
    httpVersion: 'HTTP/1.1',
    headers: [],
    cookies: [],
    content: { size: 0, mimeType: 'application/json' },
    redirectURL: '',
    headersSize: -1,
    bodySize: -1,
  };
}

/** The request as the page sends it, with the token redacted (the inspector never holds it). */
export function requestAsSent(event: BufferedEvent): string {
  return [
    'POST {analyticsHost}/v3/event',
    'content-type: application/json',
    'authorization: Bearer [redacted]',
    '',
    JSON.stringify(event.payload, null, 2),
  ].join('\n');
}

/** "in 12 min 5 s", "expired 3 s ago" for a token's exp (epoch seconds). */
export function expiryCountdown(tokenExp: number | null, nowMs: number): string {
  if (tokenExp === null) return 'no token yet';
  const seconds = Math.round(tokenExp - nowMs / 1000);
  const abs = Math.abs(seconds);
  const text =
    abs >= 3600
      ? `${Math.floor(abs / 3600)} h ${Math.floor((abs % 3600) / 60)} min`
      : abs >= 60
        ? `${Math.floor(abs / 60)} min ${abs % 60} s`
        : `${abs} s`;
  return seconds >= 0 ? `in ${text}` : `expired ${text} ago`;
}
