import { createSelector } from '@reduxjs/toolkit';
import { isDeparture } from '../shared/departures';
import { defineGame, selectorsOf, type PayloadsOf } from '../defineGame';
import { isActor, seatOfActor } from '../shared/actionTable';
import { winningLine } from './rules/board';
import {
  applyMove,
  boardOutcome,
  currentBoard,
  departPlayer,
  gameProblems,
  jumpTo,
  nextMark,
  setup,
  startNewGame,
} from './rules/game';
import { historyLabel, statusText } from './rules/status';
import type { Actor, TicTacToeState } from './rules/types';

/** Reason given for an action this game does not know or whose payload is not the expected shape. */
export { UNKNOWN_ACTION } from '../shared/actionTable';

// Peers' log entries arrive as untyped JSON: each move's shape is checked before its rule reads the payload.
const moves = {
  squareClaimed: { shape: (p: unknown) => isActor(p) && typeof p.square === 'number', rule: applyMove },
  // Anyone in the room may look back through the history or start a new game: neither is a seat's to sign.
  historyJumped: {
    shape: (p: unknown) => isActor(p) && typeof p.step === 'number',
    rule: (state: TicTacToeState, { step }: Actor & { step: number }) => jumpTo(state, step),
    open: true,
  },
  newGameStarted: {
    shape: isActor,
    rule: (state: TicTacToeState, _by: Actor) => startNewGame(state),
    open: true,
  },
  playerDeparted: { shape: isDeparture, rule: departPlayer },
};

/** TicTacToe, defined once: its moves make the slice, the action creators and the room's contract. */
export const tictactoe = defineGame({
  name: 'tictactoe',
  setup,
  moves,
  invariants: gameProblems,
  // The player of a mark signs their moves with the key their first move named (docs/fair-play.md).
  seatOf: seatOfActor(
    (state: TicTacToeState, userId) =>
      (['X', 'O'] as const).find((mark) => state.seats[mark]?.user.id === userId) ?? null,
  ),
});

/** The payload each TicTacToe action carries. */
export type TicTacToePayloads = PayloadsOf<typeof moves>;

/** The one way any TicTacToe action is applied: the slice, the room's fold and every check go through it. */
export const applyTicTacToeAction = tictactoe.apply;

/** TicTacToe's slice: every reducer defers to applyTicTacToeAction; a refused action leaves the state as it was. */
export const tictactoeSlice = tictactoe.slice;

/** The action creators, named as events: squareClaimed, historyJumped, newGameStarted, playerDeparted. */
export const { squareClaimed, historyJumped, newGameStarted, playerDeparted } = tictactoe.actions;

/** Selectors over the TicTacToe state, reading it from the root state the app hands in. */
export const tictactoeSelectors = selectorsOf(tictactoe.selectState, {
  selectBoard: currentBoard,
  selectStep: (state: TicTacToeState) => state.step,
  selectSeats: (state: TicTacToeState) => state.seats,
  selectNextMark: nextMark,
  // A new reason per call: remembered per state, so the board renders again only when the game changes.
  selectStatusText: createSelector([(state: TicTacToeState) => state], statusText),
  selectOutcome: createSelector([currentBoard], boardOutcome),
  selectWinningLine: createSelector([currentBoard], winningLine),
  selectHistoryLabels: createSelector([(state: TicTacToeState) => state.history.length], (count) =>
    Array.from({ length: count }, (_, step) => historyLabel(step)),
  ),
});

export const {
  selectBoard,
  selectStep,
  selectSeats,
  selectNextMark,
  selectStatusText,
  selectOutcome,
  selectWinningLine,
  selectHistoryLabels,
} = tictactoeSelectors;
