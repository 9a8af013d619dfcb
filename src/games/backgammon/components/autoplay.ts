import { opponent, ownNumber } from '../rules/board';
import { openingRolled } from '../rules/luck';
import { canConfirmTurn, movesAvailable } from '../rules/mustPlay';
import type { BackgammonState, From, Side, Step, To } from '../rules/types';

/** The next thing a test-driven player does: roll, move one checker, end the turn, or take a double. */
export type AutoStep =
  | { kind: 'opening' }
  | { kind: 'roll' }
  | { kind: 'move'; from: From; to: To }
  | { kind: 'confirm' }
  | { kind: 'accept' };

// A plain racing player: bear off when it can, hit when it can, otherwise bring up the checker furthest back.
const score = (side: Side, step: Step): number =>
  (step.to === 'off' ? 1000 : 0) +
  (step.hit ? 100 : 0) +
  (step.from === 'bar' ? 25 : ownNumber(side, step.from));

/** Test helper only (the board's autoplay hook): what side does next, among the moves the rules allow; null when it
 * is not side's move. */
export function nextAutoStep(state: BackgammonState, side: Side): AutoStep | null {
  if (state.phase === 'opening') return openingRolled(state, side) ? null : { kind: 'opening' };
  if (state.phase !== 'playing') return null;
  if (state.cube.offeredBy) return state.cube.offeredBy === opponent(side) ? { kind: 'accept' } : null;
  if (state.turn !== side) return null;
  if (state.dice.length === 0) return { kind: 'roll' };
  const moves = movesAvailable(state);
  if (moves.length === 0) return canConfirmTurn(state) ? { kind: 'confirm' } : null;
  const best = moves.reduce((a, b) => (score(side, b) > score(side, a) ? b : a));
  return { kind: 'move', from: best.from, to: best.to };
}
