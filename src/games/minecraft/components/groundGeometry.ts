import { BufferAttribute, BufferGeometry } from 'three';
import { WORLD } from '../index';

type V = readonly [number, number, number];

// Material slots of the floor mesh, in the order Ground passes its materials.
const TOP = 0;
const SIDE = 1;
const BOTTOM = 2;

const NEIGHBOURS: readonly { dx: number; dz: number; origin: V; u: V }[] = [
  { dx: -1, dz: 0, origin: [0, 0, 0], u: [0, 0, 1] },
  { dx: 1, dz: 0, origin: [1, 0, 1], u: [0, 0, -1] },
  { dx: 0, dz: -1, origin: [1, 0, 0], u: [-1, 0, 0] },
  { dx: 0, dz: 1, origin: [0, 0, 1], u: [1, 0, 0] },
];
const UP: V = [0, 1, 0];
const FLAT_U: V = [1, 0, 0];
const FLAT_V: V = [0, 0, -1];

/**
 * One merged mesh for the generated floor: a top face per grass column, the walls of dug holes and their dirt bottoms.
 * 4,096 cubes drawn as instances would rasterise every hidden side; this draws each visible face once, which is what
 * software WebGL can afford.
 */
export function groundGeometry(cells: string): BufferGeometry {
  const positions: number[] = [];
  const uvs: number[] = [];
  const indices: number[][] = [[], [], []];
  const quad = (slot: number, o: V, u: V, v: V) => {
    const base = positions.length / 3;
    positions.push(...o, o[0] + u[0], o[1] + u[1], o[2] + u[2]);
    positions.push(
      o[0] + u[0] + v[0],
      o[1] + u[1] + v[1],
      o[2] + u[2] + v[2],
      o[0] + v[0],
      o[1] + v[1],
      o[2] + v[2],
    );
    uvs.push(0, 0, 1, 0, 1, 1, 0, 1);
    indices[slot].push(base, base + 1, base + 2, base, base + 2, base + 3);
  };
  const at = (x: number, z: number) =>
    x < 0 || z < 0 || x >= WORLD.width || z >= WORLD.depth ? 'g' : cells[x * WORLD.depth + z];
  for (let x = 0; x < WORLD.width; x++)
    for (let z = 0; z < WORLD.depth; z++) {
      const cell = at(x, z);
      if (cell === 'o') quad(BOTTOM, [x, 0, z + 1], FLAT_U, FLAT_V);
      if (cell !== 'g') continue;
      quad(TOP, [x, 1, z + 1], FLAT_U, FLAT_V);
      for (const n of NEIGHBOURS)
        if (at(x + n.dx, z + n.dz) === 'o') quad(SIDE, [x + n.origin[0], 0, z + n.origin[2]], n.u, UP);
    }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
  geometry.setAttribute('uv', new BufferAttribute(new Float32Array(uvs), 2));
  geometry.setIndex(new BufferAttribute(new Uint32Array(indices.flat()), 1));
  let start = 0;
  indices.forEach((list, slot) => {
    geometry.addGroup(start, list.length, slot);
    start += list.length;
  });
  geometry.computeBoundingSphere();
  return geometry;
}
