import type { BlockType, MinecraftState } from './types';
import { BLOCK_TYPES, blockAt, GROUND_BLOCK, parseKey, WORLD } from './world';

/** The six face directions in three.js box order: +x, -x, +y (top), -y (bottom), +z, -z. */
export const FACE_DIRECTIONS = [
  [1, 0, 0],
  [-1, 0, 0],
  [0, 1, 0],
  [0, -1, 0],
  [0, 0, 1],
  [0, 0, -1],
] as const;

/** The world is drawn in square chunks of this many columns a side, so an edit rebuilds one or two small meshes. */
export const CHUNK = 16;

/** How many chunks the world has along x and along z. */
export const CHUNKS = { x: WORLD.width / CHUNK, z: WORLD.depth / CHUNK } as const;

/**
 * The faces one chunk shows, as flat records of five numbers: x, y, z of the block, the face direction (index into
 * FACE_DIRECTIONS) and the block kind (index into BLOCK_TYPES). Glass faces are apart: they are drawn translucent.
 * `signature` names everything the faces were computed from, so an unchanged chunk is reused, not rebuilt.
 */
export type ChunkFaces = { cx: number; cz: number; signature: string; opaque: number[]; glass: number[] };

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

function facesOf(state: MinecraftState, cx: number, cz: number, signature: string): ChunkFaces {
  const out: ChunkFaces = { cx, cz, signature, opaque: [], glass: [] };
  const add = (type: BlockType, x: number, y: number, z: number) => {
    const kind = BLOCK_TYPES.indexOf(type);
    FACE_DIRECTIONS.forEach(([dx, dy, dz], d) => {
      if (shows(state, type, x + dx, y + dy, z + dz))
        (kind === GLASS ? out.glass : out.opaque).push(x, y, z, d, kind);
    });
  };
  for (let x = cx * CHUNK; x < (cx + 1) * CHUNK; x++)
    for (let z = cz * CHUNK; z < (cz + 1) * CHUNK; z++) {
      const floor = blockAt(state, x, 0, z);
      const stored = Object.hasOwn(state.blocks, `${x},0,${z}`);
      if (!stored) add(GROUND_BLOCK, x, 0, z);
      // A dug hole shows a dirt bottom: the top face of the ground under the world.
      else if (floor === null) out.opaque.push(x, -1, z, 2, DIRT);
    }
  for (const [key, cell] of Object.entries(state.blocks)) {
    const at = parseKey(key);
    if (!at || cell === 'air' || blockAt(state, ...at) !== cell) continue;
    if (Math.floor(at[0] / CHUNK) === cx && Math.floor(at[2] / CHUNK) === cz) add(cell, ...at);
  }
  return out;
}

// Every chunk whose faces a stored cell can change: its own, and the one across a border it touches.
function touchedChunks(x: number, z: number): [number, number][] {
  const cx = Math.floor(x / CHUNK);
  const cz = Math.floor(z / CHUNK);
  const touched: [number, number][] = [[cx, cz]];
  if (x % CHUNK === 0) touched.push([cx - 1, cz]);
  if (x % CHUNK === CHUNK - 1) touched.push([cx + 1, cz]);
  if (z % CHUNK === 0) touched.push([cx, cz - 1]);
  if (z % CHUNK === CHUNK - 1) touched.push([cx, cz + 1]);
  return touched.filter(([a, b]) => a >= 0 && a < CHUNKS.x && b >= 0 && b < CHUNKS.z);
}

/**
 * The visible faces of the whole world, chunk by chunk (index cx * CHUNKS.z + cz). A chunk of `previous` whose
 * inputs did not change is returned as the same object, so its mesh is kept.
 */
export function worldChunks(state: MinecraftState, previous: readonly ChunkFaces[] = []): ChunkFaces[] {
  const inputs: string[][] = Array.from({ length: CHUNKS.x * CHUNKS.z }, () => []);
  for (const [key, cell] of Object.entries(state.blocks)) {
    const at = parseKey(key);
    if (at)
      for (const [cx, cz] of touchedChunks(at[0], at[2])) inputs[cx * CHUNKS.z + cz].push(`${key}=${cell}`);
  }
  return inputs.map((entries, i) => {
    const signature = entries.sort().join(';');
    const before = previous[i];
    if (before && before.signature === signature) return before;
    return facesOf(state, Math.floor(i / CHUNKS.z), i % CHUNKS.z, signature);
  });
}
