import type { Reason } from '../../../i18n/reasons';
import { nextMark, outcome } from './game';
import type { Mark, TicTacToeState } from './types';

/** "X (Ann)" when the mark's seat is taken, else just "X". */
function markWithName(state: TicTacToeState, mark: Mark): string {
  const seat = state.seats[mark];
  return seat ? `${mark} (${seat.user.name})` : mark;
}

/** The status line over the board: "Winner: O (Bob)", "Draw" or "Next player: X (Ann)". */
export function statusText(state: TicTacToeState): Reason {
  const result = outcome(state);
  if (result?.kind === 'win') return { key: 'winner', values: { mark: markWithName(state, result.mark) } };
  if (result?.kind === 'draw') return { key: 'draw' };
  return { key: 'nextPlayer', values: { mark: markWithName(state, nextMark(state)) } };
}

/** The history button for one position: "Go to game start" for step 0, else "Go to move #n". */
export const historyLabel = (step: number): Reason =>
  step === 0 ? { key: 'gameStart' } : { key: 'goToMove', values: { n: step } };

/** One label per position of the history, in order. */
export const historyLabels = (state: TicTacToeState): Reason[] =>
  state.history.map((_, step) => historyLabel(step));
