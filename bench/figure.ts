import { summarize, type Stats } from './stats';

/** What a figure must stay at or under, read from one of its statistics (the budgets: docs/benchmarks.md). */
export type Target = { stat: 'median' | 'p95'; max: number };

/** One measured figure of the suite, as printed in the table and written to bench/results.json. */
export type Figure = {
  section: string;
  name: string;
  unit: string;
  stats: Stats;
  targets?: Target[];
  /** Anything that explains the figure: a breakdown, the sample spacing, the files weighed. */
  detail?: Record<string, unknown>;
};

/** Builds a figure from raw samples. */
export function figure(
  section: string,
  name: string,
  unit: string,
  samples: readonly number[],
  extra: { targets?: Target[]; detail?: Record<string, unknown> } = {},
): Figure {
  return { section, name, unit, stats: summarize(samples), ...extra };
}

/** True, false, or null when the figure has no target. */
export function meetsTargets(f: Figure): boolean | null {
  if (!f.targets?.length) return null;
  return f.targets.every((t) => f.stats[t.stat] <= t.max);
}

/** Whether the suite runs with small sample counts (BENCH_QUICK=1) while developing. */
export const QUICK = process.env.BENCH_QUICK === '1';

/** A sample count: the full count (or BENCH_SAMPLES), or a small one under BENCH_QUICK. */
export const samplesOf = (full: number, quick: number): number =>
  QUICK ? quick : Number(process.env.BENCH_SAMPLES) || full;

/**
 * A what-if run: BENCH_EXPERIMENT=no-animations injects `* { animation: none }` into every page, to measure what a
 * fix would give before it is made in src/. Recorded in results.json; unset for a real measurement.
 */
export const EXPERIMENT = process.env.BENCH_EXPERIMENT ?? null;
