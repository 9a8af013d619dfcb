import { minecraft } from './slice';

export * from './slice';
export { aimFrom, bodySolid, placementFor, raySolid, REACH, removalFor, type Aimed } from './rules/aim';
export {
  bodyAt,
  bodyCollides,
  cellOverlapsBody,
  PLAYER,
  stepBody,
  type Body,
  type MoveInput,
} from './rules/physics';
export { lookDirection, raycast, type RayHit, type Vec3 } from './rules/raycast';
export { CHUNKS, FACE_DIRECTIONS, worldChunks, type ChunkFaces } from './rules/faces';
export { QUIET_REASONS, REASONS } from './rules/reasons';
export {
  BLOCK_TYPES,
  blockAt,
  blockForKey,
  blockKey,
  CHUNK,
  inBounds,
  storedCells,
  WORLD,
  worldOf,
} from './rules/world';
export type { Actor, BlockType, Cell, MinecraftState, PlaceBlock, RemoveBlock } from './rules/types';

/** The block world as the room's bridge sees it: its log folds through applyMinecraftAction; refused actions change nothing. */
export const minecraftGame = minecraft.synced;
