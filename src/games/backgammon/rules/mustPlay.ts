import { applyStep, CHECKERS, singleMoves } from './board';
import type { BackgammonState, Position, Side, Step } from './types';

/** The dice a roll gives to play: doubles play four times. */
export const diceToPlay = (dice: number[]): number[] =>
  dice.length === 2 && dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [...dice];

/** The rolled dice not used by the played steps, largest first. */
export function diceLeft(dice: number[], played: Step[]): number[] {
  const left = diceToPlay(dice);
  for (const step of played) left.splice(left.indexOf(step.die), 1);
  return left.sort((a, b) => b - a);
}

/** The dice of this turn not used yet, largest first. */
export const remainingDice = (state: BackgammonState): number[] => diceLeft(state.dice, state.played);

const without = (dice: number[], die: number): number[] => {
  const rest = [...dice];
  rest.splice(rest.indexOf(die), 1);
  return rest;
};

const distinct = (dice: number[]): number[] => [...new Set(dice)];

const keyOf = (position: Position, dice: number[]): string =>
  `${position.points.join(',')}|${position.bar.white},${position.bar.black}|${position.off.white},${position.off.black}|${dice.join('')}`;

// Bearing off the last checker ends the game, so a winning step counts as using every die left.
function usageAfter(
  position: Position,
  side: Side,
  dice: number[],
  step: Step,
  memo: Map<string, number>,
): number {
  const after = applyStep(position, side, step);
  if (after.off[side] === CHECKERS) return dice.length;
  return 1 + maxDiceUsage(after, side, without(dice, step.die), memo);
}

/** The most dice of `dice` (largest first) side can play in sequence from position; positions are memoised per call. */
export function maxDiceUsage(
  position: Position,
  side: Side,
  dice: number[],
  memo: Map<string, number> = new Map(),
): number {
  if (dice.length === 0) return 0;
  const key = keyOf(position, dice);
  const known = memo.get(key);
  if (known !== undefined) return known;
  let best = 0;
  for (const die of distinct(dice)) {
    for (const step of singleMoves(position, side, die)) {
      best = Math.max(best, usageAfter(position, side, dice, step, memo));
      if (best === dice.length) break;
    }
    if (best === dice.length) break;
  }
  memo.set(key, best);
  return best;
}

/** Why a single legal step breaks the must-play rules, or null when a full legal sequence can still follow it. */
export function mustPlayBreach(
  position: Position,
  side: Side,
  dice: number[],
  step: Step,
  memo: Map<string, number> = new Map(),
): 'useMoreDice' | 'playLarger' | null {
  const most = maxDiceUsage(position, side, dice, memo);
  if (usageAfter(position, side, dice, step, memo) < most) return 'useMoreDice';
  // Only one die of two different ones can be played: the larger must be, if it can.
  const larger = dice[0];
  if (most === 1 && dice.length === 2 && dice[1] !== larger && step.die !== larger) {
    if (singleMoves(position, side, larger).length > 0) return 'playLarger';
  }
  return null;
}

/** Every move the player to move may make now that keeps the turn within the must-play rules. */
export function movesAvailable(state: BackgammonState): Step[] {
  if (state.phase !== 'playing' || state.turn === null) return [];
  const side = state.turn;
  const dice = remainingDice(state);
  const memo = new Map<string, number>();
  return distinct(dice).flatMap((die) =>
    singleMoves(state.board, side, die).filter(
      (step) => mustPlayBreach(state.board, side, dice, step, memo) === null,
    ),
  );
}

/** True when the player to move has rolled and no die left can be played, so the turn may end. */
export function canConfirmTurn(state: BackgammonState): boolean {
  if (state.phase !== 'playing' || state.turn === null || state.dice.length === 0) return false;
  return maxDiceUsage(state.board, state.turn, remainingDice(state)) === 0;
}
