import { nextMark, outcome } from './game';
import type { Mark, TicTacToeState } from './types';

/** "X (Ann)" when the mark's seat is taken, else just "X". */
function markWithName(state: TicTacToeState, mark: Mark): string {
  const seat = state.seats[mark];
  return seat ? `${mark} (${seat.user.name})` : mark;
}

/** The status line over the board: "Winner: O (Bob)", "Draw" or "Next player: X (Ann)". */
export function statusText(state: TicTacToeState): string {
  const result = outcome(state);
  if (result?.kind === 'win') return `Winner: ${markWithName(state, result.mark)}`;
  if (result?.kind === 'draw') return 'Draw';
  return `Next player: ${markWithName(state, nextMark(state))}`;
}

/** The history button for one position: "Go to game start" for step 0, else "Go to move #n". */
export const historyLabel = (step: number): string =>
  step === 0 ? 'Go to game start' : `Go to move #${step}`;

/** One label per position of the history, in order. */
export const historyLabels = (state: TicTacToeState): string[] =>
  state.history.map((_, step) => historyLabel(step));
