import { REASONS } from './reasons';
import type { BlockType, Cell, MinecraftState, PlaceBlock, RemoveBlock, Result } from './types';

/** The world's size in blocks: x in [0, width), z in [0, depth), y in [0, height). */
export const WORLD = { width: 64, depth: 64, height: 32 } as const;

/** The block kinds in hotbar order (keys 1 to 5). */
export const BLOCK_TYPES: readonly BlockType[] = ['dirt', 'grass', 'glass', 'wood', 'log'];

/** The kind of the generated floor, one layer thick at y = 0. */
export const GROUND_BLOCK: BlockType = 'grass';

/** The map key of a cell, "x,y,z". */
export const blockKey = (x: number, y: number, z: number): string => `${x},${y},${z}`;

/** The coordinates a map key names, or null when it is not three integers. */
export function parseKey(key: string): [number, number, number] | null {
  const parts = key.split(',');
  if (parts.length !== 3) return null;
  const [x, y, z] = parts.map(Number);
  return Number.isInteger(x) && Number.isInteger(y) && Number.isInteger(z) ? [x, y, z] : null;
}

/** True for integer coordinates inside the world. */
export const inBounds = (x: number, y: number, z: number): boolean =>
  Number.isInteger(x) &&
  Number.isInteger(y) &&
  Number.isInteger(z) &&
  x >= 0 &&
  x < WORLD.width &&
  y >= 0 &&
  y < WORLD.height &&
  z >= 0 &&
  z < WORLD.depth;

/** True when value names one of the five block kinds. */
export const isBlockType = (value: unknown): value is BlockType =>
  typeof value === 'string' && (BLOCK_TYPES as readonly string[]).includes(value);

const generatedAt = (y: number): Cell => (y === 0 ? GROUND_BLOCK : 'air');

/** The block in a cell of the world (the generated floor included), or null for air and outside the world. */
export function blockAt(state: MinecraftState, x: number, y: number, z: number): BlockType | null {
  if (!inBounds(x, y, z)) return null;
  const cell = Object.hasOwn(state.blocks, blockKey(x, y, z))
    ? state.blocks[blockKey(x, y, z)]
    : generatedAt(y);
  return cell === 'air' ? null : cell;
}

/** An empty world: only the generated grass floor. */
export const setup = (): MinecraftState => ({ blocks: {} });

// Writing the generated value back removes the key instead, so a filled hole costs the document nothing.
function withCell(state: MinecraftState, x: number, y: number, z: number, cell: Cell): MinecraftState {
  const key = blockKey(x, y, z);
  const blocks = { ...state.blocks };
  if (cell === generatedAt(y)) delete blocks[key];
  else blocks[key] = cell;
  return { blocks };
}

/** Places a block in an empty cell inside the world; refuses an occupied cell, the outside and unknown kinds. */
export function placeBlock(state: MinecraftState, { x, y, z, block }: PlaceBlock): Result<MinecraftState> {
  if (!isBlockType(block)) return { ok: false, reason: REASONS.unknownBlock };
  if (!inBounds(x, y, z)) return { ok: false, reason: REASONS.outside };
  if (blockAt(state, x, y, z) !== null) return { ok: false, reason: REASONS.occupied };
  return { ok: true, state: withCell(state, x, y, z, block) };
}

/** Removes the block in a cell, the generated floor included; refuses air and the outside. */
export function removeBlock(state: MinecraftState, { x, y, z }: RemoveBlock): Result<MinecraftState> {
  if (!inBounds(x, y, z)) return { ok: false, reason: REASONS.outside };
  if (blockAt(state, x, y, z) === null) return { ok: false, reason: REASONS.empty };
  return { ok: true, state: withCell(state, x, y, z, 'air') };
}

/** The number of blocks players have placed above the floor or in its holes (what differs from a fresh world). */
export const placedCount = (state: MinecraftState): number =>
  Object.values(state.blocks).filter((cell) => cell !== 'air').length;

/** The block kind a hotbar key (1 to 5) chooses, or null for any other key. */
export function blockForKey(key: string): BlockType | null {
  const index = /^[1-9]$/.test(key) ? Number(key) - 1 : -1;
  return BLOCK_TYPES[index] ?? null;
}
