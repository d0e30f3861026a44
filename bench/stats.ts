/** Summary of a set of timings (ms). */
export interface Stats {
  median: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

/** Nearest-rank percentiles: p95 of 100 samples is the 95th smallest. */
export function stats(samples: number[]): Stats {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95), mean: sorted.reduce((a, b) => a + b, 0) / sorted.length, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** A duration in ms for the tables: two decimals under 10, one above. */
export const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

export const log = (message: string) => process.stdout.write(`${message}\n`);
