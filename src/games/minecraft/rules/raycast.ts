/** Whether the cell at integer coordinates stops a ray or a body. */
export type Solid = (x: number, y: number, z: number) => boolean;

/** A point or direction in world units. */
export type Vec3 = readonly [number, number, number];

/** The first solid cell along a ray, the face it was entered through (as its outward normal) and how far away. */
export type RayHit = { block: Vec3; normal: Vec3; distance: number };

/** The unit direction of a view turned by yaw (radians, 0 looks toward -z) and tilted by pitch (up is positive). */
export function lookDirection(yaw: number, pitch: number): Vec3 {
  const c = Math.cos(pitch);
  return [-Math.sin(yaw) * c, Math.sin(pitch), -Math.cos(yaw) * c];
}

const axisStart = (origin: number, cell: number, d: number): number =>
  d > 0 ? (cell + 1 - origin) / d : d < 0 ? (origin - cell) / -d : Infinity;

/**
 * Walks the cells a ray crosses, nearest first (a voxel traversal, exact at any angle), and returns the first solid
 * one within maxDistance. The cell the ray starts in is never a hit, so a view from inside a block still aims.
 */
export function raycast(solid: Solid, origin: Vec3, direction: Vec3, maxDistance: number): RayHit | null {
  const length = Math.hypot(...direction);
  if (!(length > 0)) return null;
  const d = direction.map((v) => v / length);
  const cell = origin.map(Math.floor);
  const step = d.map(Math.sign);
  const delta = d.map((v) => (v === 0 ? Infinity : Math.abs(1 / v)));
  const next = [0, 1, 2].map((i) => axisStart(origin[i], cell[i], d[i]));
  for (;;) {
    const axis = next[0] <= next[1] && next[0] <= next[2] ? 0 : next[1] <= next[2] ? 1 : 2;
    const distance = next[axis];
    if (distance > maxDistance) return null;
    cell[axis] += step[axis];
    next[axis] += delta[axis];
    if (solid(cell[0], cell[1], cell[2])) {
      const normal: [number, number, number] = [0, 0, 0];
      normal[axis] = -step[axis];
      return { block: [cell[0], cell[1], cell[2]], normal, distance };
    }
  }
}

/** The cell a block placed on the hit face would fill: the hit cell moved one step out along the face's normal. */
export const placementCell = (hit: RayHit): Vec3 => [
  hit.block[0] + hit.normal[0],
  hit.block[1] + hit.normal[1],
  hit.block[2] + hit.normal[2],
];
