import { DoubleSide, MeshBasicMaterial } from 'three';
import type { BlockType } from '../index';
import { FACES, faceTexture, type FacePattern } from './textures';

// A fixed shade per face direction (+x, -x, top, bottom, +z, -z), the classic voxel look: unlit materials with the
// light baked in cost a texture fetch per pixel, which is what software WebGL can draw at 60 frames a second.
const FACE_SHADE = [0.72, 0.72, 1, 0.5, 0.86, 0.86] as const;

const cache = new Map<string, MeshBasicMaterial>();

/** The shared unlit material of a face pattern at a shade; glass is translucent, drawn after opaque blocks. */
export function faceMaterial(pattern: FacePattern, shade: number): MeshBasicMaterial {
  const key = `${pattern}:${shade}`;
  let material = cache.get(key);
  if (!material) {
    material = new MeshBasicMaterial({ map: faceTexture(pattern) });
    material.color.setScalar(shade);
    if (pattern === 'glass') {
      material.transparent = true;
      material.depthWrite = false;
      material.side = DoubleSide;
    }
    cache.set(key, material);
  }
  return material;
}

/** The six face materials of a block kind in box order, shared by every instance. */
export const blockMaterials = (type: BlockType): MeshBasicMaterial[] =>
  FACES[type].map((pattern, face) => faceMaterial(pattern, FACE_SHADE[face]));

/** The floor's materials in its mesh's slot order: grass tops, hole walls, hole bottoms. */
export const groundMaterials = (): MeshBasicMaterial[] => [
  faceMaterial('grassTop', FACE_SHADE[2]),
  faceMaterial('grassSide', FACE_SHADE[4]),
  faceMaterial('dirt', 0.62),
];
