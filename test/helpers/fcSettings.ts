import type { Parameters } from 'fast-check';

const fromEnv = (name: string): number | undefined => {
  const value = process.env[name];
  return value !== undefined && /^-?\d+$/.test(value) ? Number(value) : undefined;
};

/**
 * fast-check's settings for a property: its own seed and run count, unless FC_SEED, FC_RUNS (and FC_PATH, to go
 * straight to a shrunk counterexample) say otherwise. A failure prints its seed and path; README shows the rerun.
 */
export function fcSettings<T = unknown>(seed: number, numRuns: number): Parameters<T> {
  const path = process.env.FC_PATH;
  return {
    seed: fromEnv('FC_SEED') ?? seed,
    numRuns: fromEnv('FC_RUNS') ?? numRuns,
    ...(path ? { path } : {}),
  };
}
