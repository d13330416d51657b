/**
 * Sentry's envelope format (https://develop.sentry.dev/sdk/data-model/envelopes/): a JSON header
 * line, then for each item a JSON item header line and its payload (JSON for events).
 */

/** One item of an envelope: its header and its payload (parsed when it is JSON). */
export interface EnvelopeItem {
  header: Record<string, unknown>;
  payload: unknown;
}

/** A parsed envelope. */
export interface Envelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
}

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    return line;
  }
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Parses an envelope's text; throws when its header is not JSON. */
export function parseEnvelope(text: string): Envelope {
  const lines = text.split('\n');
  const header = parseLine(lines[0] ?? '');
  if (typeof header !== 'object' || header === null) throw new Error('envelope header is not JSON');
  const items: EnvelopeItem[] = [];
  for (let i = 1; i < lines.length; i += 2) {
    if ((lines[i] ?? '').trim() === '') break;
    const itemHeader = asRecord(parseLine(lines[i]!));
    // An item with a length may span lines; the SDK's JSON payloads are always one line.
    items.push({ header: itemHeader, payload: parseLine(lines[i + 1] ?? '') });
  }
  return { header: asRecord(header), items };
}
