import { tictactoe } from './slice';

export * from './slice';
export { LINES, winningLine } from './rules/board';
export { legalMoves, nextMark, outcome, QUIET_REASONS, REASONS, type Outcome } from './rules/game';
export { historyLabel, historyLabels, statusText } from './rules/status';
export type { Actor, Board, Mark, Player, Seat, Square, TicTacToeState } from './rules/types';

/** TicTacToe as the room's bridge sees it: its log folds through applyTicTacToeAction; refused actions change nothing. */
export const tictactoeGame = tictactoe.synced;
