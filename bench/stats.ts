/** A summary of repeated samples: never one run, always the spread around the median. */
export type Stats = { n: number; median: number; p95: number; min: number; max: number; mean: number };

/** The value at quantile q (0..1) of sorted values, linearly interpolated between neighbours. */
function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/** Median, p95, min, max and mean of the samples; throws on an empty list so a silent section cannot pass. */
export function summarize(samples: readonly number[]): Stats {
  if (samples.length === 0) throw new Error('summarize: no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    median: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    min: sorted[0],
    max: sorted[sorted.length - 1],
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}
