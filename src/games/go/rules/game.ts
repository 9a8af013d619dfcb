import { emptyBoard, hashPosition } from './board';
import type { BoardSize, GoState, Seat, Stone } from './types';

/** Board sizes on offer, smallest first. */
export const BOARD_SIZES: readonly BoardSize[] = [9, 13, 19];

/** Komi given to White unless the players choose otherwise. */
export const DEFAULT_KOMI = 6.5;

/** A game before its first move, with free seats unless some are given. */
export function setup(
  size: BoardSize = 19,
  komi: number = DEFAULT_KOMI,
  seats: { b: Seat; w: Seat } = { b: null, w: null },
): GoState {
  const board = emptyBoard(size);
  return {
    seats,
    size,
    komi,
    phase: 'play',
    board,
    toMove: 'b',
    moves: [],
    positions: [hashPosition(board)],
    captures: { b: 0, w: 0 },
    passes: 0,
    dead: [],
    accepted: { b: false, w: false },
    result: null,
  };
}

/** The colour this user sits as, or null when they only watch. */
export function seatOf(state: GoState, userId: string): Stone | null {
  if (state.seats.b?.user.id === userId) return 'b';
  if (state.seats.w?.user.id === userId) return 'w';
  return null;
}

/** True while the board size and komi may still change: no move has been made. */
export const isBeforeFirstMove = (state: GoState): boolean =>
  state.moves.length === 0 && state.phase === 'play';

/** The result once decided ("B+3.5", "W+R", "Draw"), else null. */
export const outcome = (state: GoState): string | null => state.result;
