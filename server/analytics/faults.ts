import type { Checked } from './validate.js';

/** How an injected fault disturbs a request. */
export type FaultMode = 'status' | 'delay' | 'refuse';

/** A queued fault; `count` is how many more matching requests it will disturb. */
export interface Fault {
  mode: FaultMode;
  count: number;
  paths: string[];
  status?: number;
  retryAfter?: number;
  delayMs?: number;
}

/** Paths a fault applies to when it names none: every identity and event endpoint, legacy ones included. */
export const DEFAULT_FAULT_PATHS: readonly string[] = [
  '/v3/identity',
  '/v3/event',
  '/v3/batch',
  '/v3/server-event',
  '/getIdentity',
  '/v2/getIdentity',
  '/v2/trackEvent',
  '/trackEvent',
];

const MODES: readonly FaultMode[] = ['status', 'delay', 'refuse'];
const MAX_COUNT = 1000;
const MAX_DELAY_MS = 60_000;

const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });
const isIntIn = (value: unknown, min: number, max: number): value is number =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** Checks the body of `POST /__control/faults`. */
export function checkFault(raw: Record<string, unknown>): Checked<Fault> {
  const { mode, count, status, retryAfter, delayMs, paths } = raw;
  if (!MODES.includes(mode as FaultMode)) return fail(`mode must be one of ${MODES.join(', ')}`);
  if (!isIntIn(count, 1, MAX_COUNT)) return fail(`count must be an integer from 1 to ${MAX_COUNT}`);
  const fault: Fault = { mode: mode as FaultMode, count, paths: [...DEFAULT_FAULT_PATHS] };
  if (mode === 'status') {
    if (!isIntIn(status, 200, 599)) return fail('status must be an integer from 200 to 599 for mode status');
    fault.status = status;
    if (retryAfter !== undefined) {
      if (!isIntIn(retryAfter, 0, 86_400)) return fail('retryAfter must be a whole number of seconds');
      fault.retryAfter = retryAfter;
    }
  }
  if (mode === 'delay') {
    if (!isIntIn(delayMs, 0, MAX_DELAY_MS))
      return fail(`delayMs must be an integer from 0 to ${MAX_DELAY_MS} for mode delay`);
    fault.delayMs = delayMs;
  }
  if (paths !== undefined) {
    const valid =
      Array.isArray(paths) &&
      paths.length > 0 &&
      paths.every((path) => typeof path === 'string' && path.startsWith('/') && !path.startsWith('/__control'));
    if (!valid) return fail('paths must be a non-empty array of paths such as "/v3/event" (controls excluded)');
    fault.paths = [...new Set(paths as string[])];
  }
  return { ok: true, value: fault };
}

/** The queue of faults waiting to disturb requests, oldest first. */
export interface FaultQueue {
  /** Queues a checked fault. */
  add(fault: Fault): void;
  /** Takes one use of the oldest fault matching `path`, if any, and returns it. */
  take(path: string): Fault | undefined;
  /** The faults still queued. */
  list(): Fault[];
  /** Drops every queued fault. */
  clear(): void;
}

/** Creates an empty fault queue. */
export function createFaultQueue(): FaultQueue {
  let faults: Fault[] = [];
  return {
    add: (fault) => void faults.push({ ...fault }),
    take(path) {
      const fault = faults.find((candidate) => candidate.paths.includes(path));
      if (!fault) return undefined;
      fault.count -= 1;
      if (fault.count === 0) faults = faults.filter((candidate) => candidate !== fault);
      return { ...fault };
    },
    list: () => faults.map((fault) => ({ ...fault, paths: [...fault.paths] })),
    clear: () => void (faults = []),
  };
}

/** True for the fault-injection control paths, which no fault ever disturbs. */
export function isControlPath(path: string): boolean {
  return path === '/__control' || path.startsWith('/__control/');
}
