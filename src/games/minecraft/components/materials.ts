import { DoubleSide, MeshLambertMaterial } from 'three';
import type { BlockType } from '../index';
import { FACES, faceTexture } from './textures';

const cache = new Map<BlockType, MeshLambertMaterial[]>();

/**
 * The six face materials of a block kind, shared by every instance. Lambert shading is per vertex and cheap, which
 * matters under software WebGL; the light's angle still gives each face of a cube its own shade.
 */
export function blockMaterials(type: BlockType): MeshLambertMaterial[] {
  let materials = cache.get(type);
  if (!materials) {
    const byPattern = new Map<string, MeshLambertMaterial>();
    materials = FACES[type].map((pattern) => {
      let material = byPattern.get(pattern);
      if (!material) {
        material = new MeshLambertMaterial({ map: faceTexture(pattern) });
        if (type === 'glass') {
          // Translucent: drawn after the opaque blocks, both sides, without hiding what is behind it.
          material.transparent = true;
          material.depthWrite = false;
          material.side = DoubleSide;
        }
        byPattern.set(pattern, material);
      }
      return material;
    });
    cache.set(type, materials);
  }
  return materials;
}
