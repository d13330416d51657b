/**
 * Every `env.log.error(…)` becomes a report, kept here until the reporter loads. Part of the first
 * render, so it imports no SDK.
 */
import type { StoreEnv } from '../ports/env.js';

/** One error Aisle logged: the logged text and the Error, when one was logged. */
export interface ErrorReport {
  message: string;
  error?: Error;
}

/** Where reports go once the reporter is running. */
export type ErrorSink = (report: ErrorReport) => void;

/** Beyond this the oldest buffered reports are dropped. */
const BUFFER_CAP = 20;

/** Buffers Aisle's error reports until a sink is attached, then forwards them; never throws. */
export class ErrorReports {
  private sink: ErrorSink | null = null;
  private disabled = false;
  private buffer: ErrorReport[] = [];

  report(report: ErrorReport): void {
    if (this.disabled) return;
    if (this.sink) return forward(this.sink, report);
    this.buffer.push(report);
    if (this.buffer.length > BUFFER_CAP) this.buffer.shift();
  }

  attach(sink: ErrorSink): void {
    this.sink = sink;
    this.buffer.splice(0).forEach((report) => forward(sink, report));
  }

  /** After `disable()`, when the shopper grants error reporting again. */
  enable(): void {
    this.disabled = false;
  }

  /** Not configured, withdrawn or unmounted: drop everything. */
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
