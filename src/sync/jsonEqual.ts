// Its own module so that code loaded before Automerge (presence on the early room network) can use it.

/** Structural equality of two plain JSON values; shared references short-circuit. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  const ka = Object.keys(a);
  const bo = b as Record<string, unknown>;
  return (
    ka.length === Object.keys(bo).length &&
    ka.every((k) => k in bo && jsonEqual((a as Record<string, unknown>)[k], bo[k]))
  );
}
