import type { Actor } from '../../shared/kinds';

export type { Actor, Player, Result } from '../../shared/kinds';

/** The five kinds of block a player can place, in hotbar order. */
export type BlockType = 'dirt' | 'grass' | 'glass' | 'wood' | 'log';

/** What a stored cell holds: a block, or 'air' where a block of the implicit ground was dug out. */
export type Cell = BlockType | 'air';

/** Integer block coordinates: x and z across the world, y up. */
export type BlockPosition = { x: number; y: number; z: number };

/** The payload of placing a block: who, where and which kind. */
export type PlaceBlock = Actor & BlockPosition & { block: BlockType };

/** The payload of removing a block: who and where. */
export type RemoveBlock = Actor & BlockPosition;

/**
 * The world as the room document holds it: only the cells that differ from the generated ground, keyed "x,y,z",
 * grouped by the 16 x 16 chunk of columns they stand in (keyed "cx,cz"; an empty chunk has no entry).
 * The grass floor at y = 0 is implicit, so an empty map is a whole flat world and the document stays small.
 * Grouping lets an edit copy one chunk's map instead of the whole world: folding 2,000 placements took 2.2 s with one
 * flat map (copies of a map that large are slow in V8) and a tenth of that grouped.
 */
export type MinecraftState = { chunks: Record<string, Record<string, Cell>> };
