import type { Refusal } from '../../shared/kinds';
import { cellOverlapsBody, PLAYER } from './physics';
import { lookDirection, placementCell, raycast, type RayHit, type Solid, type Vec3 } from './raycast';
import { REASONS } from './reasons';
import { blockAt, inBounds, placeBlock, removeBlock, WORLD } from './world';
import type { BlockType, MinecraftState } from './types';

/** How far away a player can build, in blocks. */
export const REACH = 6;

const insideFootprint = (x: number, z: number) => x >= 0 && x < WORLD.width && z >= 0 && z < WORLD.depth;

/** Cells that stop bodies: blocks, the floor under the world and its four side walls (nobody walks off the edge). */
export const bodySolid =
  (state: MinecraftState): Solid =>
  (x, y, z) =>
    y < 0 || !insideFootprint(x, z) || blockAt(state, x, y, z) !== null;

/** Cells a view ray stops at: blocks, and the floor under the world where a hole was dug (so the hole can be filled). */
export const raySolid =
  (state: MinecraftState): Solid =>
  (x, y, z) =>
    blockAt(state, x, y, z) !== null || (y === -1 && insideFootprint(x, z));

/** Where a player standing at feet (x, y, z) and looking along yaw and pitch aims within reach, or null for the sky. */
export function aimFrom(state: MinecraftState, feet: Vec3, yaw: number, pitch: number): RayHit | null {
  const eye: Vec3 = [feet[0], feet[1] + PLAYER.eyeHeight, feet[2]];
  return raycast(raySolid(state), eye, lookDirection(yaw, pitch), REACH);
}

/** A cell a click would change, or the reason it cannot (the same texts the shared log would give, plus players). */
export type Aimed = { ok: true; cell: Vec3 } | { ok: false; reason: Refusal };

const someone = { by: { id: '', name: '' }, clientId: 0 };

/** The cell a block of this kind would fill on the aimed face, refused when it is taken, outside or inside a player. */
export function placementFor(
  state: MinecraftState,
  hit: RayHit | null,
  block: BlockType,
  players: readonly Vec3[],
): Aimed {
  if (!hit) return { ok: false, reason: REASONS.nothingAimed };
  const cell = placementCell(hit);
  const [x, y, z] = cell;
  const result = placeBlock(state, { ...someone, x, y, z, block });
  if (!result.ok) return result;
  if (players.some((p) => cellOverlapsBody(x, y, z, p[0], p[1], p[2])))
    return { ok: false, reason: REASONS.insidePlayer };
  return { ok: true, cell };
}

/** The aimed block a removal would take, refused for the sky and the floor under the world. */
export function removalFor(state: MinecraftState, hit: RayHit | null): Aimed {
  if (!hit) return { ok: false, reason: REASONS.nothingAimed };
  if (!inBounds(...hit.block)) return { ok: false, reason: REASONS.outside };
  const [x, y, z] = hit.block;
  const result = removeBlock(state, { ...someone, x, y, z });
  return result.ok ? { ok: true, cell: hit.block } : result;
}
