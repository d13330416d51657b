/** Median and percentiles of a sample (nearest-rank). */
export function percentile(sample: number[], p: number): number {
  if (sample.length === 0) return NaN;
  const sorted = [...sample].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** The median of a sample. */
export const median = (sample: number[]): number => percentile(sample, 50);

/** Rounds to `digits` decimals for the report. */
export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
