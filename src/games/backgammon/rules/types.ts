import type { Reason } from '../../../i18n/reasons';
import type { Player, SeatKeys, UserKeys } from '../../shared/kinds';

export type { Actor, Player, Result } from '../../shared/kinds';

/** The two sides; White moves from its 24-point down to its 1-point, Black the other way round. */
export type Side = 'white' | 'black';

/** A value kept once per side. */
export type Sides<T> = { white: T; black: T };

/** A seat belongs to a user (a reload keeps it) and remembers their tab; null when free. */
export type Seat = { user: Player; clientId: number } | null;

/** Where a game stands: waiting for two players, rolling for the first move, being played, or decided. */
export type Phase = 'seating' | 'opening' | 'playing' | 'finished';

/** A point number, 1..24, always counted from White's side (White's home board is 1..6, Black's 19..24). */
export type Point = number;

/** Where a moving checker starts: a point, or the bar. */
export type From = Point | 'bar';

/** Where a moving checker lands: a point, or off the board. */
export type To = Point | 'off';

/** Every checker's place. points[i] holds point i+1: positive counts are White's checkers, negative Black's. */
export type Position = { points: number[]; bar: Sides<number>; off: Sides<number> };

/** One checker moved by one die; hit is true when it sent a lone opposing checker to the bar. */
export type Step = { from: From; to: To; die: number; hit: boolean };

/** The doubling cube: its value, who may turn it next (null: either side), and an offer awaiting an answer. */
export type Cube = { value: number; owner: Side | null; offeredBy: Side | null };

/** How a game ended; resign and declined always score a single game times the cube. */
export type ResultKind = 'single' | 'gammon' | 'backgammon' | 'resign' | 'declined';

/** The decided game: who won, how, and the points won (the cube value times 1, 2 or 3). */
export type GameResult = { winner: Side; kind: ResultKind; points: number };

/** The whole game, plain JSON, ready to sit in the room document unchanged. */
export type BackgammonState = {
  /** Each seat's signing key and last sequence number, kept by the game's definition (docs/fair-play.md). */
  seatKeys?: SeatKeys;
  /** The key each user first sat down with: they sit again only with it. */
  userKeys?: UserKeys;
  seats: Sides<Seat>;
  phase: Phase;
  board: Position;
  /** The position when the current turn began; undo replays the turn's remaining moves from here. */
  turnStart: Position;
  /** The side to move while playing, else null. */
  turn: Side | null;
  /** The two dice of the current turn in the order rolled, or [] before the roll. */
  dice: number[];
  /** The moves made so far this turn, in order. */
  played: Step[];
  /** Each side's die in the opening roll, null until rolled. */
  opening: Sides<number | null>;
  cube: Cube;
  result: GameResult | null;
  /** The game's move list for display, e.g. "White 6-4: 24/18 13/9" (whiteTurn). */
  record: Reason[];
  /** The latest notice for everyone, e.g. "No legal moves: White's turn passes", or null. */
  message: Reason | null;
  /** Each side's commitment to the secret it reveals for the next roll (docs/fair-play.md). */
  commitments?: Partial<Sides<string>>;
  /** A roll being drawn from both sides' secrets: the sides it waits for and what they revealed; absent when none. */
  roll?: Roll;
};

/** A roll drawn from both sides' secrets: the opening roll (one die each) or a turn's two dice. */
export type Roll = { kind: 'opening' | 'turn'; awaited: Side[]; revealed: Partial<Sides<string>> };
