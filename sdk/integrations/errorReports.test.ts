import { describe, expect, it } from 'vitest';
import { ErrorReports, type ErrorReport } from './errorReports.js';

const quietLog = () => {
  const lines: unknown[][] = [];
  return {
    lines,
    log: { warn: () => undefined, info: () => undefined, error: (...a: unknown[]) => void lines.push(a) },
  };
};

describe('ErrorReports', () => {
  it('keeps reports until the reporter attaches, then forwards them and every new one', () => {
    const reports = new ErrorReports();
    reports.report({ message: 'first' });
    reports.report({ message: 'second' });
    const seen: string[] = [];
    reports.attach((r) => void seen.push(r.message));
    reports.report({ message: 'third' });
    expect(seen).toEqual(['first', 'second', 'third']);
  });

  it('keeps at most 20 while waiting, dropping the oldest', () => {
    const reports = new ErrorReports();
    for (let i = 0; i < 25; i++) reports.report({ message: String(i) });
    const seen: string[] = [];
    reports.attach((r) => void seen.push(r.message));
    expect(seen).toHaveLength(20);
    expect(seen[0]).toBe('5');
  });

  it('drops everything once disabled (no reporter configured, or unmounted)', () => {
    const reports = new ErrorReports();
    reports.report({ message: 'before' });
    reports.disable();
    reports.report({ message: 'after' });
    const seen: ErrorReport[] = [];
    reports.attach((r) => void seen.push(r));
    reports.report({ message: 'after attach' });
    expect(seen).toEqual([]);
  });

  it('turns logged errors into reports: the Error and the text, never logged objects', () => {
    const reports = new ErrorReports();
    const { lines, log } = quietLog();
    const logged = reports.logThrough(log);
    const error = new Error('boom');
    logged.error('[Aisle] search failed:', error, { distinct_id: 'visitor-1', body: { email: 'a@b.example' } });
    logged.warn('only a warning');
    const seen: ErrorReport[] = [];
    reports.attach((r) => void seen.push(r));
    expect(lines).toHaveLength(1);
    expect(seen).toEqual([{ message: '[Aisle] search failed:', error }]);
  });

  it('a failing reporter never fails the code that logged', () => {
    const reports = new ErrorReports();
    reports.attach(() => {
      throw new Error('reporter broke');
    });
    const { log } = quietLog();
    expect(() => reports.logThrough(log).error('[Aisle] oops')).not.toThrow();
  });
});
