/**
 * Copy and export formats of the inspector. None of them can hold the token: payloads were
 * stripped of credential-looking keys on the way in, and the curl command leaves the bearer to a
 * shell variable the support engineer sets.
 */
import type { BufferedEvent, TabBuffer } from './inspectorBuffer.js';

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

/** The whole buffer (what is shown, filters aside) as a JSON document. */
export function exportBuffer(buffer: TabBuffer, exportedAt: Date): string {
  return JSON.stringify({ exportedAt: exportedAt.toISOString(), loads: buffer.loads }, null, 2);
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
