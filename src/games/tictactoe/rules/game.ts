import { reasonsOf, type Reason } from '../../../i18n/reasons';
import { emptyBoard, isFull, winningLine } from './board';
import type { Actor, Board, Mark, Result, TicTacToeState } from './types';
import { departedSeat, type Departure } from '../../shared/departures';

/** The reasons a refused action gives; the board toasts only notYourTurn. */
export const REASONS = {
  ...reasonsOf('notYourTurn', 'squareTaken', 'gameOver', 'noSuchSquare', 'noSuchMove', 'alreadyThere'),
  alreadyNew: { key: 'notStarted' },
  notSeated: { key: 'playerNotSeated' },
  departureUnproven: { key: 'departureUnproven' },
} as const satisfies Record<string, Reason>;

/** Reasons the board swallows without a toast: the click simply does nothing. */
export const QUIET_REASONS: readonly Reason[] = Object.values(REASONS).filter(
  (r) => r !== REASONS.notYourTurn,
);

/** How the position on show ended: a completed line, a full board, or null while play goes on. */
export type Outcome = { kind: 'win'; mark: Mark; line: [number, number, number] } | { kind: 'draw' } | null;

/** A fresh game with both seats free. */
export const setup = (): TicTacToeState => ({
  seats: { X: null, O: null },
  history: [emptyBoard()],
  step: 0,
});

/** The board on show. */
export const currentBoard = (state: TicTacToeState): Board => state.history[state.step];

/** Whose mark goes down next on the board on show: X on even steps. */
export const nextMark = (state: TicTacToeState): Mark => (state.step % 2 === 0 ? 'X' : 'O');

/** How a board stands: won on a line, drawn when full, else null. */
export function boardOutcome(board: Board): Outcome {
  const line = winningLine(board);
  if (line) return { kind: 'win', mark: board[line[0]] as Mark, line };
  return isFull(board) ? { kind: 'draw' } : null;
}

/** The outcome of the board on show. */
export const outcome = (state: TicTacToeState): Outcome => boardOutcome(currentBoard(state));

/** Empty squares of the board on show, or none once it is decided. */
export function legalMoves(state: TicTacToeState): number[] {
  if (outcome(state)) return [];
  return currentBoard(state).flatMap((square, i) => (square === null ? [i] : []));
}

/** Whether this person may place the next mark: its seat's holder, or anyone not holding the other seat while it is free. */
function mayMove(state: TicTacToeState, userId: string): boolean {
  const mark = nextMark(state);
  const seat = state.seats[mark];
  if (seat) return seat.user.id === userId;
  return state.seats[mark === 'X' ? 'O' : 'X']?.user.id !== userId;
}

/** Places the next mark on a square for the person clicking it, seating them if their mark's seat is free; a later history is dropped. */
export function applyMove(state: TicTacToeState, move: Actor & { square: number }): Result<TicTacToeState> {
  const board = currentBoard(state);
  if (outcome(state)) return { ok: false, reason: REASONS.gameOver };
  if (!Number.isInteger(move.square) || move.square < 0 || move.square > 8) {
    return { ok: false, reason: REASONS.noSuchSquare };
  }
  if (board[move.square] !== null) return { ok: false, reason: REASONS.squareTaken };
  if (!mayMove(state, move.by.id)) return { ok: false, reason: REASONS.notYourTurn };
  const mark = nextMark(state);
  const next = board.map((square, i) => (i === move.square ? mark : square));
  return {
    ok: true,
    state: {
      seats: { ...state.seats, [mark]: { user: { ...move.by }, clientId: move.clientId } },
      history: [...state.history.slice(0, state.step + 1), next],
      step: state.step + 1,
    },
  };
}

/** Shows an earlier (or later) position of the shared history without dropping anything. */
export function jumpTo(state: TicTacToeState, step: number): Result<TicTacToeState> {
  if (!Number.isInteger(step) || step < 0 || step >= state.history.length) {
    return { ok: false, reason: REASONS.noSuchMove };
  }
  if (step === state.step) return { ok: false, reason: REASONS.alreadyThere };
  return { ok: true, state: { ...state, step } };
}

/** Clears the board and its history; the players keep their seats. */
export function startNewGame(state: TicTacToeState): Result<TicTacToeState> {
  if (state.history.length === 1) return { ok: false, reason: REASONS.alreadyNew };
  return { ok: true, state: { ...setup(), seats: state.seats } };
}

/** Frees the seat of a player whose tab left, on evidence (shared/departures); once both are free the game starts over. */
export function departPlayer(state: TicTacToeState, gone: Departure, room: string): Result<TicTacToeState> {
  const judged = departedSeat(room, gone, state.seats, REASONS.notSeated);
  if (!judged.ok) return judged;
  const seats = { ...state.seats, [judged.seat]: null };
  if (!seats.X && !seats.O) return { ok: true, state: setup() };
  return { ok: true, state: { ...state, seats } };
}

/**
 * What must always hold of a game, in plain words: each position of the history one mark more than the one before,
 * X and O taking turns, no move after a decided position, the position on show in the history. Empty when it holds.
 */
export function gameProblems(state: TicTacToeState): string[] {
  const problems: string[] = [];
  state.history.forEach((board, step) => {
    const marks = board.filter((s) => s !== null).length;
    const xs = board.filter((s) => s === 'X').length;
    if (marks !== step || xs !== Math.ceil(step / 2)) problems.push(`position ${step} holds the wrong marks`);
    if (step > 0 && boardOutcome(state.history[step - 1]) !== null)
      problems.push(`position ${step} follows a decided one`);
  });
  if (state.step < 0 || state.step >= state.history.length)
    problems.push(`step ${state.step} is not in the history`);
  return problems;
}
