import os from 'node:os';

/** Summary of a set of timings (ms). */
export interface Stats {
  median: number;
  p95: number;
  mean: number;
  min: number;
  max: number;
}

/** The nearest-rank percentile `q` (0–1) of samples sorted ascending: p95 of 100 samples is the 95th smallest. */
const rank = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** One nearest-rank percentile of a set of timings (ms). */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) throw new Error('no samples');
  return rank(
    [...samples].sort((a, b) => a - b),
    q,
  );
}

/** Nearest-rank percentiles: p95 of 100 samples is the 95th smallest. */
export function stats(samples: number[]): Stats {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    median: rank(sorted, 0.5),
    p95: rank(sorted, 0.95),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
  };
}

/** A duration in ms for the tables: two decimals under 10, one above. */
export const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

/** The heading of one engine's figures in bench/results.md. */
export const engineHeading = (engine: 'pglite' | 'postgres') => `### ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded, on disk)'}`;

/** The line of row counts of one engine's figures: `- Rows: books 100,000, authors 20,000`. */
export const rowsLine = (rows: Record<string, number>) =>
  `- Rows: ${Object.entries(rows)
    .map(([table, n]) => `${table} ${n.toLocaleString('en')}`)
    .join(', ')}`;

/** The load line of one engine's figures (other processes share the machine). */
export const loadLine = (load: readonly [number, number]) =>
  `- 1-minute load average: ${load[0].toFixed(2)} before the runs, ${load[1].toFixed(2)} after (${os.availableParallelism()} CPUs).`;

export const log = (message: string) => process.stdout.write(`${message}\n`);
