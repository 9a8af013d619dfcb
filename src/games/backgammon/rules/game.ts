import { bothSides, CHECKERS, countAt, isHomePoint, opponent, pipCountOf, startPosition } from './board';
import { movesAvailable } from './mustPlay';
import type { Reason } from '../../../i18n/reasons';
import { sideName } from './reasons';
import type { BackgammonState, From, GameResult, Position, ResultKind, Seat, Side, Sides, To } from './types';

/** The doubling cube's highest value. */
export const MAX_CUBE = 64;

/** A fresh game in the standard position; with both seats filled it goes straight to the opening roll. */
export function setup(seats: Sides<Seat> = bothSides<Seat>(null)): BackgammonState {
  const board = startPosition();
  return {
    seats,
    phase: seats.white && seats.black ? 'opening' : 'seating',
    board,
    turnStart: board,
    turn: null,
    dice: [],
    played: [],
    opening: bothSides<number | null>(null),
    cube: { value: 1, owner: null, offeredBy: null },
    result: null,
    record: [],
    message: null,
  };
}

/** The side this user sits as, or null when they only watch. */
export function seatOf(state: BackgammonState, userId: string): Side | null {
  if (state.seats.white?.user.id === userId) return 'white';
  if (state.seats.black?.user.id === userId) return 'black';
  return null;
}

/** The decided result, or null while the game goes on. */
export const outcome = (state: BackgammonState): GameResult | null => state.result;

/** Pips side still has to travel; the lower count leads the race. */
export const pipCount = (state: BackgammonState, side: Side): number => pipCountOf(state.board, side);

/** Where the checker picked at `from` may go now within the must-play rules; empty when it may not move. */
export function legalTargets(state: BackgammonState, from: From): To[] {
  const targets = movesAvailable(state)
    .filter((step) => step.from === from)
    .map((step) => step.to);
  return [...new Set(targets)];
}

/** How big a win is: a gammon when the loser bore nothing off, a backgammon when one of theirs is also still
 * on the bar or in the winner's home board. */
export function winKind(position: Position, winner: Side): 'single' | 'gammon' | 'backgammon' {
  const loser = opponent(winner);
  if (position.off[loser] > 0) return 'single';
  if (position.bar[loser] > 0) return 'backgammon';
  for (let point = 1; point <= 24; point++)
    if (isHomePoint(winner, point) && countAt(position, loser, point) > 0) return 'backgammon';
  return 'gammon';
}

const MULTIPLIER: Record<ResultKind, number> = {
  single: 1,
  gammon: 2,
  backgammon: 3,
  resign: 1,
  declined: 1,
};

/** The game decided: phase finished, no turn, the result scored as the cube times 1, 2 or 3. */
export function finishGame(state: BackgammonState, winner: Side, kind: ResultKind): BackgammonState {
  const result = { winner, kind, points: state.cube.value * MULTIPLIER[kind] };
  return {
    ...state,
    phase: 'finished',
    turn: null,
    dice: [],
    played: [],
    result,
    message: resultText(result),
  };
}

/** True when side has borne off all fifteen checkers. */
export const hasBorneOffAll = (position: Position, side: Side): boolean => position.off[side] === CHECKERS;

const KIND_KEY = {
  single: 'winsSingle',
  gammon: 'winsGammon',
  backgammon: 'winsBackgammon',
} as const;

/** The result as shown, e.g. "White wins a gammon: 2 points" or "Black declines the double: White wins 4 points". */
export function resultText(result: GameResult): Reason {
  const points: Reason =
    result.points === 1 ? { key: 'onePoint' } : { key: 'points', values: { n: result.points } };
  const winner = sideName(result.winner);
  const loser = sideName(opponent(result.winner));
  if (result.kind === 'resign') return { key: 'resigns', values: { loser, winner, points } };
  if (result.kind === 'declined') return { key: 'declines', values: { loser, winner, points } };
  return { key: KIND_KEY[result.kind], values: { winner, points } };
}
