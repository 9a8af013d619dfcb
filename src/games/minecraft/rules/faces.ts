import type { BlockType, MinecraftState } from './types';
import { BLOCK_TYPES, blockAt, CHUNK, GROUND_BLOCK, inBounds, parseKey, storedAt, WORLD } from './world';

/** The six face directions in three.js box order: +x, -x, +y (top), -y (bottom), +z, -z. */
export const FACE_DIRECTIONS = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
] as const;

/** How many chunks the world has along x and along z. */
export const CHUNKS = { x: WORLD.width / CHUNK, z: WORLD.depth / CHUNK } as const;

/**
 * The faces one chunk shows, as flat records of five numbers: x, y, z of the block, the face direction (index into
 * FACE_DIRECTIONS) and the block kind (index into BLOCK_TYPES). Glass faces are apart: they are drawn translucent.
 * `inputs` are the stored maps the faces were computed from (the chunk's and its four neighbours'): when none of them
 * changed (the state shares unchanged chunk maps), the chunk is reused, not rebuilt.
 */
export type ChunkFaces = {
  cx: number;
  cz: number;
  inputs: readonly unknown[];
  opaque: number[];
  glass: number[];
};

const DIRT = BLOCK_TYPES.indexOf('dirt');
const GLASS = BLOCK_TYPES.indexOf('glass');
const insideFootprint = (x: number, z: number) => x >= 0 && x < WORLD.width && z >= 0 && z < WORLD.depth;

// A face shows when air or glass is in front of it (glass against glass merges into one pane). Faces toward the
// bottom or the sides of the world can never be seen from inside it; faces toward the sky always can.
function shows(state: MinecraftState, type: BlockType, x: number, y: number, z: number): boolean {
  if (y < 0 || !insideFootprint(x, z)) return false;
  const next = blockAt(state, x, y, z);
  return next === null || (next === 'glass' && type !== 'glass');
}

function facesOf(state: MinecraftState, cx: number, cz: number, inputs: readonly unknown[]): ChunkFaces {
  const out: ChunkFaces = { cx, cz, inputs, opaque: [], glass: [] };
  const add = (type: BlockType, x: number, y: number, z: number) => {
    const kind = BLOCK_TYPES.indexOf(type);
    FACE_DIRECTIONS.forEach(([dx, dy, dz], d) => {
      if (shows(state, type, x + dx, y + dy, z + dz))
        (kind === GLASS ? out.glass : out.opaque).push(x, y, z, d, kind);
    });
  };
  for (let x = cx * CHUNK; x < (cx + 1) * CHUNK; x++)
    for (let z = cz * CHUNK; z < (cz + 1) * CHUNK; z++) {
      const stored = storedAt(state, x, 0, z);
      if (stored === undefined) add(GROUND_BLOCK, x, 0, z);
      // A dug hole shows a dirt bottom: the top face of the ground under the world.
      else if (stored === 'air') out.opaque.push(x, -1, z, 2, DIRT);
    }
  for (const [key, cell] of Object.entries(state.chunks[`${cx},${cz}`] ?? {})) {
    const at = parseKey(key);
    if (at && cell !== 'air' && inBounds(...at)) add(cell, ...at);
  }
  return out;
}

const NEIGHBOURS = [
  [0, 0],
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
] as const;

/**
 * The visible faces of the whole world, chunk by chunk (index cx * CHUNKS.z + cz). A chunk of `previous` whose
 * inputs did not change is returned as the same object, so its mesh is kept.
 */
export function worldChunks(state: MinecraftState, previous: readonly ChunkFaces[] = []): ChunkFaces[] {
  return Array.from({ length: CHUNKS.x * CHUNKS.z }, (_, i) => {
    const cx = Math.floor(i / CHUNKS.z);
    const cz = i % CHUNKS.z;
    const inputs = NEIGHBOURS.map(([dx, dz]) => state.chunks[`${cx + dx},${cz + dz}`]);
    const before = previous[i];
    if (before && before.inputs.every((input, n) => input === inputs[n])) return before;
    return facesOf(state, cx, cz, inputs);
  });
}
