/** A seeded random source (Park–Miller) for deals a test must see again: the same seed, the same numbers. */
export function seededRandom(seed: number): () => number {
  if (!Number.isSafeInteger(seed) || seed < 1 || seed > 2147483646)
    throw new Error(`seededRandom: a seed from 1 to 2147483646, not ${seed}`);
  let s = seed;
  return () => ((s = (s * 16807) % 2147483647) - 1) / 2147483646;
}
