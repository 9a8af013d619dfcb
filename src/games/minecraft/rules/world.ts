import { REASONS } from './reasons';
import type { BlockType, Cell, MinecraftState, PlaceBlock, RemoveBlock, Result } from './types';

/** The world's size in blocks: x in [0, width), z in [0, depth), y in [0, height). */
export const WORLD = { width: 64, depth: 64, height: 32 } as const;

/** The block kinds in hotbar order (keys 1 to 5). */
export const BLOCK_TYPES: readonly BlockType[] = ['dirt', 'grass', 'glass', 'wood', 'log'];

/** The kind of the generated floor, one layer thick at y = 0. */
export const GROUND_BLOCK: BlockType = 'grass';

/** The world is grouped (and drawn) in square chunks of this many columns a side. */
export const CHUNK = 16;

/** The map key of the chunk holding column (x, z), "cx,cz". */
export const chunkKey = (x: number, z: number): string => `${Math.floor(x / CHUNK)},${Math.floor(z / CHUNK)}`;

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

/** The stored cell at integer coordinates, or undefined where the world is as generated. */
export function storedAt(state: MinecraftState, x: number, y: number, z: number): Cell | undefined {
  const chunk = state.chunks[chunkKey(x, z)];
  const key = blockKey(x, y, z);
  return chunk && Object.hasOwn(chunk, key) ? chunk[key] : undefined;
}

/** The block in a cell of the world (the generated floor included), or null for air and outside the world. */
export function blockAt(state: MinecraftState, x: number, y: number, z: number): BlockType | null {
  if (!inBounds(x, y, z)) return null;
  const cell = storedAt(state, x, y, z) ?? generatedAt(y);
  return cell === 'air' ? null : cell;
}

/** An empty world: only the generated grass floor. */
export const setup = (): MinecraftState => ({ chunks: {} });

// Writing the generated value back removes the key (and an emptied chunk), so a filled hole costs the document nothing.
function withCell(state: MinecraftState, x: number, y: number, z: number, cell: Cell): MinecraftState {
  const where = chunkKey(x, z);
  const key = blockKey(x, y, z);
  const chunk = { ...state.chunks[where] };
  if (cell === generatedAt(y)) delete chunk[key];
  else chunk[key] = cell;
  const chunks = { ...state.chunks, [where]: chunk };
  if (Object.keys(chunk).length === 0) delete chunks[where];
  return { chunks };
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

/** Every stored cell in one flat map keyed "x,y,z" (what tests and tools compare). */
export const storedCells = (state: MinecraftState): Record<string, Cell> =>
  Object.assign({}, ...Object.values(state.chunks)) as Record<string, Cell>;

/** The world holding exactly these stored cells (keyed "x,y,z"), grouped into chunks. */
export function worldOf(cells: Record<string, Cell>): MinecraftState {
  const chunks: Record<string, Record<string, Cell>> = {};
  for (const [key, cell] of Object.entries(cells)) {
    const at = parseKey(key);
    if (at) (chunks[chunkKey(at[0], at[2])] ??= {})[key] = cell;
  }
  return { chunks };
}

/** The number of blocks players have placed above the floor or in its holes (what differs from a fresh world). */
export const placedCount = (state: MinecraftState): number =>
  Object.values(state.chunks).reduce(
    (sum, chunk) => sum + Object.values(chunk).filter((cell) => cell !== 'air').length,
    0,
  );

// Chunks are copied on every edit, so a chunk object found sound once stays sound: each fold step checks only the
// chunk its action wrote, not the whole world (a memo of identities; it never changes an answer).
const soundChunks = new WeakSet<object>();

/**
 * What must hold of every world the rules make: each chunk is keyed by the chunk its cells stand in and holds at least
 * one; each cell is inside the world, a block kind or 'air', and differs from the generated world (air only dug out of
 * the floor, no grass written over the floor). An empty list when the world is sound.
 */
export function worldProblems(state: MinecraftState): string[] {
  const problems: string[] = [];
  if (
    typeof state !== 'object' ||
    state === null ||
    typeof state.chunks !== 'object' ||
    state.chunks === null
  )
    return ['the world has no chunks'];
  for (const [where, chunk] of Object.entries(state.chunks)) {
    if (soundChunks.has(chunk)) continue;
    const before = problems.length;
    const cells = typeof chunk === 'object' && chunk !== null ? Object.entries(chunk) : [];
    if (cells.length === 0) problems.push(`chunk ${where} is empty`);
    for (const [key, cell] of cells) {
      const at = parseKey(key);
      if (!at || !inBounds(...at)) problems.push(`cell ${key} is outside the world`);
      else if (chunkKey(at[0], at[2]) !== where) problems.push(`cell ${key} is filed under chunk ${where}`);
      else if (cell !== 'air' && !isBlockType(cell)) problems.push(`cell ${key} holds ${String(cell)}`);
      else if (cell === generatedAt(at[1])) problems.push(`cell ${key} repeats the generated world`);
    }
    if (problems.length === before) soundChunks.add(chunk);
  }
  return problems;
}

/** The block kind a hotbar key (1 to 5) chooses, or null for any other key. */
export function blockForKey(key: string): BlockType | null {
  const index = /^[1-9]$/.test(key) ? Number(key) - 1 : -1;
  return BLOCK_TYPES[index] ?? null;
}
