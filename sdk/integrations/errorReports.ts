/**
 * The port through which Aisle's own errors reach error reporting (part of the first render, so it
 * imports no SDK). Every `env.log.error(…)` of the stores, the analytics session, the mount and the
 * UI's error boundary becomes a report; reports wait here, like the Tracker's intents, until the
 * reporter has loaded (sdk/integrations/errorReporting.ts), and are dropped when none is configured.
 */
import type { StoreEnv } from '../ports/env.js';

/** One error Aisle logged: the logged text and the Error, when one was logged. */
export interface ErrorReport {
  message: string;
  error?: Error;
}

/** Where reports go once the reporter is running. */
export type ErrorSink = (report: ErrorReport) => void;

/** Reports kept while the reporter loads; beyond this the oldest are dropped. */
const BUFFER_CAP = 20;

/** Buffers Aisle's error reports until a sink is attached, then forwards them; never throws. */
export class ErrorReports {
  private sink: ErrorSink | null = null;
  private disabled = false;
  private buffer: ErrorReport[] = [];

  /** Reports an error of Aisle's own. */
  report(report: ErrorReport): void {
    if (this.disabled) return;
    if (this.sink) return forward(this.sink, report);
    this.buffer.push(report);
    if (this.buffer.length > BUFFER_CAP) this.buffer.shift();
  }

  /** Forwards the buffered reports, then every new one. */
  attach(sink: ErrorSink): void {
    this.sink = sink;
    this.buffer.splice(0).forEach((report) => forward(sink, report));
  }

  /** Takes reports again after `disable()` (the shopper granted error reporting once more). */
  enable(): void {
    this.disabled = false;
  }

  /** No error reporting on this page (not configured, withdrawn, or unmounted): drop everything. */
  disable(): void {
    this.disabled = true;
    this.sink = null;
    this.buffer = [];
  }

  /** `log` unchanged, except that every `error(…)` is also reported. */
  logThrough(log: StoreEnv['log']): StoreEnv['log'] {
    return {
      warn: (...args: unknown[]) => log.warn(...args),
      info: (...args: unknown[]) => log.info(...args),
      error: (...args: unknown[]) => {
        log.error(...args);
        this.report(reportOf(args));
      },
    };
  }
}

/** A report from a log call's arguments. */
export function reportOf(args: unknown[]): ErrorReport {
  const error = args.find((arg): arg is Error => arg instanceof Error);
  // Only text goes along: objects logged beside an error (events, requests) may carry shopper data.
  const message = args.filter((arg): arg is string => typeof arg === 'string').join(' ');
  return error ? { message, error } : { message };
}

function forward(sink: ErrorSink, report: ErrorReport): void {
  try {
    sink(report);
  } catch {
    /* a failing reporter must not fail the code that logged */
  }
}
