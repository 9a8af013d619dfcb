import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { LoggedAction } from '../../sync/SyncedGame';
import { createActionTable, isActor, isRecord, type RuleTable, type ShapeTable } from '../shared/actionTable';
import { moveReducerOf } from '../shared/moveReducer';
import { winningLine } from './rules/board';
import {
  applyMove,
  boardOutcome,
  currentBoard,
  departPlayer,
  jumpTo,
  nextMark,
  setup,
  startNewGame,
} from './rules/game';
import type { Departure } from './rules/game';
import { historyLabel, statusText } from './rules/status';
import type { Actor, Result, TicTacToeState } from './rules/types';

/** Reason given for an action this game does not know or whose payload is not the expected shape. */
export { UNKNOWN_ACTION } from '../shared/actionTable';

/** The payload each TicTacToe action carries. */
export type TicTacToePayloads = {
  squareClaimed: Actor & { square: number };
  historyJumped: Actor & { step: number };
  newGameStarted: Actor;
  playerDeparted: Departure;
};

const NAME = 'tictactoe';

const RULES: RuleTable<TicTacToeState, TicTacToePayloads> = {
  squareClaimed: applyMove,
  historyJumped: (state, { step }) => jumpTo(state, step),
  newGameStarted: (state) => startNewGame(state),
  playerDeparted: departPlayer,
};

// Peers' log entries arrive as untyped JSON: check the shape before the rules read it, so a bad entry is skipped, not thrown.
const PAYLOAD_SHAPES: ShapeTable<TicTacToePayloads> = {
  squareClaimed: (p) => isActor(p) && typeof p.square === 'number',
  historyJumped: (p) => isActor(p) && typeof p.step === 'number',
  newGameStarted: isActor,
  playerDeparted: (p) => isRecord(p) && (typeof p.clientId === 'number' || typeof p.userId === 'string'),
};

/** The one way any TicTacToe action is applied: the slice, the sync reducer and validation all go through it. */
export const applyTicTacToeAction: (state: TicTacToeState, action: LoggedAction) => Result<TicTacToeState> =
  createActionTable(NAME, RULES, PAYLOAD_SHAPES);

const move = moveReducerOf<TicTacToeState, TicTacToePayloads>(applyTicTacToeAction);

/** TicTacToe's slice: every reducer defers to applyTicTacToeAction; a refused action leaves the state as it was. */
export const tictactoeSlice = createSlice({
  name: NAME,
  initialState: setup,
  reducers: {
    squareClaimed: move<'squareClaimed'>,
    historyJumped: move<'historyJumped'>,
    newGameStarted: move<'newGameStarted'>,
    playerDeparted: move<'playerDeparted'>,
  },
  selectors: {
    selectBoard: currentBoard,
    selectStep: (state) => state.step,
    selectSeats: (state) => state.seats,
    selectNextMark: nextMark,
    selectStatusText: statusText,
    selectOutcome: createSelector([currentBoard], boardOutcome),
    selectWinningLine: createSelector([currentBoard], winningLine),
    selectHistoryLabels: createSelector([(state: TicTacToeState) => state.history.length], (count) =>
      Array.from({ length: count }, (_, step) => historyLabel(step)),
    ),
  },
});

/** The action creators, named as events: squareClaimed, historyJumped, newGameStarted, playerDeparted. */
export const { squareClaimed, historyJumped, newGameStarted, playerDeparted } = tictactoeSlice.actions;

/** Selectors over the TicTacToe slice state. */
export const {
  selectBoard,
  selectStep,
  selectSeats,
  selectNextMark,
  selectStatusText,
  selectOutcome,
  selectWinningLine,
  selectHistoryLabels,
} = tictactoeSlice.selectors;
