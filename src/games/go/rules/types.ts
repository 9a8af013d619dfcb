import type { Player, SeatKeys, UserKeys } from '../../shared/kinds';

export type { Actor, Player, Result } from '../../shared/kinds';

/** A stone's colour as written on the board: 'b' for Black, 'w' for White. */
export type Stone = 'b' | 'w';

/** The board sizes players may choose. */
export type BoardSize = 9 | 13 | 19;

/** Where the game stands: moves being played, dead stones being marked after two passes, or decided. */
export type GoPhase = 'play' | 'marking' | 'finished';

/** A seat belongs to a user (a reload keeps it) and remembers their tab; null when free. */
export type Seat = { user: Player; clientId: number } | null;

/** One move of the record: a stone on a point, or a pass (point null). */
export type GoMove = { stone: Stone; point: number | null };

/** The whole game, plain JSON, compact enough for the room document. */
export type GoState = {
  /** Each seat's signing key and last sequence number, kept by the game's definition (docs/fair-play.md). */
  seatKeys?: SeatKeys;
  /** The key each user first sat down with: they sit again only with it. */
  userKeys?: UserKeys;
  seats: { b: Seat; w: Seat };
  size: BoardSize;
  komi: number;
  phase: GoPhase;
  /** size*size characters row by row from the top left: '.' empty, 'b' Black, 'w' White. */
  board: string;
  toMove: Stone;
  moves: GoMove[];
  /** Hashes of every board position so far, for positional superko. */
  positions: string[];
  /** Stones each side has captured (prisoners), keyed by the capturing side. */
  captures: { b: number; w: number };
  /** Passes in a row; two end play. */
  passes: number;
  /** Points of stones marked dead while marking, ascending. */
  dead: number[];
  /** Which seats have accepted the marking. */
  accepted: { b: boolean; w: boolean };
  /** "B+3.5", "W+R", "Draw", or null while undecided. */
  result: string | null;
};
