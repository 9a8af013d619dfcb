import { BufferAttribute, BufferGeometry } from 'three';
import { BLOCK_TYPES } from '../index';
import { ATLAS_ORDER, FACES } from './textures';

type V = readonly [number, number, number];

// Each direction's quad from the block's lower corner: origin, then the edges along the texture's u and v (v up on
// the sides), wound so that u x v points out of the block.
const QUADS: readonly { o: V; u: V; v: V }[] = [
  { o: [1, 0, 1], u: [0, 0, -1], v: [0, 1, 0] },
  { o: [0, 0, 0], u: [0, 0, 1], v: [0, 1, 0] },
  { o: [0, 1, 1], u: [1, 0, 0], v: [0, 0, -1] },
  { o: [0, 0, 0], u: [1, 0, 0], v: [0, 0, 1] },
  { o: [0, 0, 1], u: [1, 0, 0], v: [0, 1, 0] },
  { o: [1, 0, 0], u: [-1, 0, 0], v: [0, 1, 0] },
];

/** A fixed shade per face direction (+x, -x, top, bottom, +z, -z): the classic voxel look without lights. */
export const FACE_SHADE = [0.72, 0.72, 1, 0.5, 0.86, 0.86] as const;

// Tile edges are pulled in by a hair so nearest sampling never picks up the neighbouring tile.
const INSET = 0.01;
const TILES = ATLAS_ORDER.length;

/** One merged mesh of the faces of a chunk (five-number records from worldChunks), textured from the atlas. */
export function chunkGeometry(faces: readonly number[]): BufferGeometry {
  const quads = faces.length / 5;
  const position = new Float32Array(quads * 12);
  const uv = new Float32Array(quads * 8);
  const color = new Float32Array(quads * 12);
  const index = new Uint32Array(quads * 6);
  for (let q = 0; q < quads; q++) {
    const [x, y, z, d, kind] = faces.slice(q * 5, q * 5 + 5);
    const { o, u, v } = QUADS[d];
    const tile = ATLAS_ORDER.indexOf(FACES[BLOCK_TYPES[kind]][d]);
    const u0 = (tile + INSET) / TILES;
    const u1 = (tile + 1 - INSET) / TILES;
    const corners = [
      [0, 0, u0, INSET],
      [1, 0, u1, INSET],
      [1, 1, u1, 1 - INSET],
      [0, 1, u0, 1 - INSET],
    ];
    corners.forEach(([a, b, s, t], c) => {
      const p = (q * 4 + c) * 3;
      position[p] = x + o[0] + u[0] * a + v[0] * b;
      position[p + 1] = y + o[1] + u[1] * a + v[1] * b;
      position[p + 2] = z + o[2] + u[2] * a + v[2] * b;
      color.fill(FACE_SHADE[d], p, p + 3);
      uv[(q * 4 + c) * 2] = s;
      uv[(q * 4 + c) * 2 + 1] = t;
    });
    index.set(
      [0, 1, 2, 0, 2, 3].map((i) => q * 4 + i),
      q * 6,
    );
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(position, 3));
  geometry.setAttribute('uv', new BufferAttribute(uv, 2));
  geometry.setAttribute('color', new BufferAttribute(color, 3));
  geometry.setIndex(new BufferAttribute(index, 1));
  geometry.computeBoundingSphere();
  return geometry;
}
