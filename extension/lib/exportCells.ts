/**
 * The two things an export writes that a hostile page or an imported file can turn against it:
 * times (a number past what a `Date` can hold makes `toISOString` throw) and text that a
 * spreadsheet would run as a formula.
 */

/** Earliest time an export writes: 0000-01-01T00:00:00.000Z (ISO 8601 keeps four-digit years). */
export const EARLIEST_EXPORT_TIME = -62_167_219_200_000;
/** Latest time an export writes: 9999-12-31T23:59:59.999Z. */
export const LATEST_EXPORT_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** A time as an export writes it: an ISO 8601 string, and what was wrong with the number if anything. */
export interface ExportTime {
  iso: string;
  /** Set when the time was out of range and the ISO string is the nearest end of the range. */
  problem: string | null;
}

/** `ms` as ISO 8601, clamped into years 0000–9999 (and said so) rather than thrown on. */
export function exportTime(ms: number): ExportTime {
  if (Number.isNaN(ms)) return { iso: new Date(0).toISOString(), problem: 'time is not a number, written as 1970' };
  const clamped = Math.min(LATEST_EXPORT_TIME, Math.max(EARLIEST_EXPORT_TIME, ms));
  const iso = new Date(clamped).toISOString();
  return { iso, problem: clamped === ms ? null : `time ${String(ms).slice(0, 30)} is out of range, written as ${iso}` };
}

// Whitespace, controls and invisible format characters (NBSP, zero-width space, BOM, …) that a
// spreadsheet may skip before it reads the first character as the start of a formula.
const LEADING_IGNORED = /^[\s\p{Z}\p{Cc}\p{Cf}]+/u;
// OWASP's formula starters and their fullwidth forms (＝ ＋ － ＠).
const FORMULA_START = /^[=+\-@\uff1d\uff0b\uff0d\uff20]/;

/**
 * True when a spreadsheet could read `text` as a formula: it starts with a tab, CR or LF, or its
 * first visible character is =, +, - or @ (or a fullwidth form of one).
 */
export function looksLikeFormula(text: string): boolean {
  return /^[\t\r\n]/.test(text) || FORMULA_START.test(text.replace(LEADING_IGNORED, ''));
}

/** A CSV cell: quoted, quotes doubled, and prefixed with `'` when it could run as a formula. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (looksLikeFormula(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}
