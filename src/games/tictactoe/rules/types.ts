import type { Player, SeatKeys, UserKeys } from '../../shared/kinds';

export type { Actor, Player, Result } from '../../shared/kinds';

/** A mark on the board; X always moves first. */
export type Mark = 'X' | 'O';

/** One square: a mark or null when empty. */
export type Square = Mark | null;

/** Nine squares, row by row from the top left. */
export type Board = Square[];

/** A seat holds the player who plays that mark and the tab they last played from, or null when free. */
export type Seat = { user: Player; clientId: number } | null;

/** The whole game, plain JSON: seats, every position since the start, and the one on show. */
export type TicTacToeState = {
  /** Each seat's signing key and last sequence number, kept by the game's definition (docs/fair-play.md). */
  seatKeys?: SeatKeys;
  /** The key each user first sat down with: they sit again only with it. */
  userKeys?: UserKeys;
  seats: { X: Seat; O: Seat };
  /** history[0] is the empty board; history[n] is the board after move n. */
  history: Board[];
  /** Index into history of the position on show, the one the next move builds on. */
  step: number;
};
