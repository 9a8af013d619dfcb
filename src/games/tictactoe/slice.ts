import { createSelector, createSlice, original, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import type { LoggedAction } from '../../sync/SyncedGame';
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

/** The payload each TicTacToe action carries. */
export type TicTacToePayloads = {
  squareClaimed: Actor & { square: number };
  historyJumped: Actor & { step: number };
  newGameStarted: Actor;
  playerDeparted: Departure;
};
type Kind = keyof TicTacToePayloads;

const NAME = 'tictactoe';

/** Reason given for an action this game does not know or whose payload is not the expected shape. */
export const UNKNOWN_ACTION = 'Unknown action';

const RULES: {
  [K in Kind]: (state: TicTacToeState, payload: TicTacToePayloads[K]) => Result<TicTacToeState>;
} = {
  squareClaimed: applyMove,
  historyJumped: (state, { step }) => jumpTo(state, step),
  newGameStarted: (state) => startNewGame(state),
  playerDeparted: departPlayer,
};

type Loose = Record<string, unknown>;
const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const isActor = (p: unknown): p is Loose =>
  isRecord(p) &&
  isRecord(p.by) &&
  typeof p.by.id === 'string' &&
  typeof p.by.name === 'string' &&
  typeof p.clientId === 'number';

// Peers' log entries arrive as untyped JSON: check the shape before the rules read it, so a bad entry is skipped, not thrown.
const PAYLOAD_SHAPES: { [K in Kind]: (p: unknown) => boolean } = {
  squareClaimed: (p) => isActor(p) && typeof p.square === 'number',
  historyJumped: (p) => isActor(p) && typeof p.step === 'number',
  newGameStarted: isActor,
  playerDeparted: (p) => isRecord(p) && (typeof p.clientId === 'number' || typeof p.userId === 'string'),
};

/** The one way any TicTacToe action is applied: the slice, the sync reducer and validation all go through it. */
export function applyTicTacToeAction(state: TicTacToeState, action: LoggedAction): Result<TicTacToeState> {
  const kind = action.type.startsWith(`${NAME}/`) ? action.type.slice(NAME.length + 1) : '';
  if (!Object.hasOwn(RULES, kind)) return { ok: false, reason: UNKNOWN_ACTION };
  const known = kind as Kind;
  if (!PAYLOAD_SHAPES[known](action.payload)) return { ok: false, reason: UNKNOWN_ACTION };
  const rule = RULES[known] as (state: TicTacToeState, payload: unknown) => Result<TicTacToeState>;
  return rule(state, action.payload);
}

// Rules are pure over plain state, so they read the undrafted original and the reducer returns their result whole.
function settle(state: Draft<TicTacToeState>, action: LoggedAction): TicTacToeState | undefined {
  const result = applyTicTacToeAction(original(state) as TicTacToeState, action);
  return result.ok ? result.state : undefined;
}

/** TicTacToe's slice: every reducer defers to applyTicTacToeAction; a refused action leaves the state as it was. */
export const tictactoeSlice = createSlice({
  name: NAME,
  initialState: setup,
  reducers: {
    squareClaimed: (state, action: PayloadAction<TicTacToePayloads['squareClaimed']>) =>
      settle(state, action),
    historyJumped: (state, action: PayloadAction<TicTacToePayloads['historyJumped']>) =>
      settle(state, action),
    newGameStarted: (state, action: PayloadAction<TicTacToePayloads['newGameStarted']>) =>
      settle(state, action),
    playerDeparted: (state, action: PayloadAction<TicTacToePayloads['playerDeparted']>) =>
      settle(state, action),
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
