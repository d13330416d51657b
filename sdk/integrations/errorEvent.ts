/**
 * Sentry's `beforeSend`: only Aisle's fields are kept (a host's Sentry shares the carrier, so its
 * user and breadcrumbs could ride along), cut to fixed limits and scrubbed.
 */
import type { ErrorEvent, Exception, StackFrame } from '@sentry/browser';
import { MAX_LINE_CHARS, MAX_STACK_FRAMES } from './config.js';
import { scrubValue } from './scrub.js';

/** Event fields an Aisle report may carry; everything else is dropped. */
const KEPT_FIELDS = [
  'event_id',
  'timestamp',
  'platform',
  'level',
  'logger',
  'environment',
  'release',
  'sdk',
  'exception',
  'message',
  'logentry',
  'fingerprint',
] as const;

/** Aisle's tags; a host's global tags are not Aisle's to send. */
const KEPT_TAGS = ['aisle.tenant', 'aisle.version', 'aisle.route'];

/** Cuts every line to MAX_LINE_CHARS. */
export function cutLines(text: string): string {
  return text
    .split('\n')
    .map((line) => (line.length > MAX_LINE_CHARS ? line.slice(0, MAX_LINE_CHARS) : line))
    .join('\n');
}

function cutFrame(frame: StackFrame): StackFrame {
  const out: StackFrame = { ...frame };
  for (const key of ['filename', 'abs_path', 'function', 'module', 'context_line'] as const) {
    const text = out[key];
    if (typeof text === 'string') out[key] = cutLines(text);
  }
  for (const key of ['pre_context', 'post_context'] as const) out[key] = out[key]?.map(cutLines);
  return out;
}

function cutException(exception: Exception): Exception {
  const frames = exception.stacktrace?.frames;
  return {
    ...exception,
    ...(typeof exception.value === 'string' ? { value: cutLines(exception.value) } : {}),
    // Sentry orders frames oldest first: the last ones are nearest to the throw.
    ...(frames
      ? { stacktrace: { ...exception.stacktrace, frames: frames.slice(-MAX_STACK_FRAMES).map(cutFrame) } }
      : {}),
  };
}

/** What may leave the page for `event`: Aisle's fields only, cut to the limits, scrubbed. */
export function prepareErrorEvent(event: ErrorEvent, page: { url: string; known: readonly string[] }): ErrorEvent {
  const kept: Record<string, unknown> = {};
  for (const field of KEPT_FIELDS) if (event[field] !== undefined) kept[field] = event[field];
  const out = { ...kept, type: undefined } as ErrorEvent;
  if (event.tags) out.tags = Object.fromEntries(Object.entries(event.tags).filter(([key]) => KEPT_TAGS.includes(key)));
  if (event.contexts?.aisle) out.contexts = { aisle: event.contexts.aisle };
  // The page without its query and fragment: they can carry campaign ids, e-mails, tokens.
  out.request = { url: page.url.split(/[?#]/)[0] };
  if (out.exception?.values) out.exception = { values: out.exception.values.map(cutException) };
  if (typeof out.message === 'string') out.message = cutLines(out.message);
  if (out.logentry?.message) out.logentry = { ...out.logentry, message: cutLines(out.logentry.message) };
  return scrubValue(out, page.known);
}
