import type { TableTile } from './types';

/** Slots in a rack: two rows of 13. */
export const RACK_SIZE = 26;

/** Slots per rack row: 0–12 are the top row, 13–25 the bottom row. */
export const ROW_LENGTH = 13;

/** Most tiles a hand may hold; the first seated player is dealt this many. */
export const MAX_HAND = 15;

/** Tiles dealt to every player after the first. */
export const DEAL_OTHERS = 14;

/** A rack with every slot empty. */
export const emptyHand = (): (TableTile | null)[] => Array.from({ length: RACK_SIZE }, () => null);

/** How many tiles the hand holds. */
export const tileCount = (hand: readonly (TableTile | null)[]): number =>
  hand.filter((t) => t !== null).length;

/** Whether slot is a whole number naming one of the 26 rack slots. */
export const isSlot = (slot: unknown): slot is number =>
  Number.isInteger(slot) && (slot as number) >= 0 && (slot as number) < RACK_SIZE;

/** The slot holding the tile with this id, or -1. */
export const slotOf = (hand: readonly (TableTile | null)[], tileId: string): number =>
  hand.findIndex((t) => t?.id === tileId);

function nearestEmpty(hand: readonly (TableTile | null)[], from: number, step: number, end: number): number {
  for (let i = from + step; i !== end; i += step) if (hand[i] === null) return i;
  return -1;
}

/**
 * Puts a drawn tile into the slot it was dropped on (spec "Draw placement"). An occupied slot pushes its
 * neighbours toward the nearest empty slot on the right, else on the left, reading the 26 slots in order as the
 * finish check does; with no empty slot on either side the tile goes to the first empty slot.
 */
export function placeInSlot<T extends TableTile>(
  hand: readonly (T | null)[],
  tile: T,
  slot: number,
): (T | null)[] {
  const next = [...hand];
  if (next[slot] === null) {
    next[slot] = tile;
    return next;
  }
  const empty = [nearestEmpty(next, slot, 1, RACK_SIZE), nearestEmpty(next, slot, -1, -1)].find(
    (i) => i !== -1,
  );
  if (empty !== undefined) {
    next.splice(empty, 1);
    next.splice(slot, 0, tile);
    return next;
  }
  const first = next.indexOf(null);
  if (first !== -1) next[first] = tile;
  return next;
}

/** The hand with two slots' contents swapped. */
export function swapSlots<T extends TableTile>(
  hand: readonly (T | null)[],
  from: number,
  to: number,
): (T | null)[] {
  const next = [...hand];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** The hand with every tile face-up. */
export const revealHand = <T extends TableTile>(hand: readonly (T | null)[]): (T | null)[] =>
  hand.map((t) => (t ? { ...t, hidden: false } : null));
