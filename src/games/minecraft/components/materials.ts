import { MeshBasicMaterial } from 'three';
import { atlasTexture } from './textures';

let materials: { opaque: MeshBasicMaterial; glass: MeshBasicMaterial } | null = null;

/**
 * The two materials of the world, shared by every chunk: opaque faces, and translucent glass drawn after them.
 * Unlit, with each face's shade in its vertex colours: a texture fetch per pixel is what software WebGL can afford.
 */
export function worldMaterials(): { opaque: MeshBasicMaterial; glass: MeshBasicMaterial } {
  if (materials) return materials;
  const map = atlasTexture();
  const opaque = new MeshBasicMaterial({ map, vertexColors: true });
  const glass = new MeshBasicMaterial({ map, vertexColors: true, transparent: true, depthWrite: false });
  materials = { opaque, glass };
  return materials;
}
