import { createSelector, createSlice, original, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import type { LoggedAction } from '../../sync/SyncedGame';
import { setup } from './rules/game';
import { applyMove, lastMove, passTurn, resign } from './rules/play';
import { acceptScore, score, toggleDead } from './rules/scoring';
import {
  chooseBoardSize,
  chooseKomi,
  departSeat,
  leaveSeat,
  rebindSeat,
  startNewGame,
  takeSeat,
} from './rules/seats';
import type { Actor, GoState, Result, Stone } from './rules/types';

/** The payload each Go action carries. */
export type GoPayloads = {
  seatTaken: Actor & { stone: Stone };
  seatLeft: Actor;
  seatRebound: Actor;
  playerDeparted: { clientId: number };
  boardSizeChosen: Actor & { size: number };
  komiChosen: Actor & { komi: number };
  stonePlaced: Actor & { point: number };
  turnPassed: Actor;
  gameResigned: Actor;
  deadStonesToggled: Actor & { point: number };
  scoreAccepted: Actor;
  newGameStarted: Actor;
};
type Kind = keyof GoPayloads;

const NAME = 'go';

/** Reason given for an action this game does not know or whose payload is not the expected shape. */
export const UNKNOWN_ACTION = 'Unknown action';

const RULES: { [K in Kind]: (state: GoState, payload: GoPayloads[K]) => Result<GoState> } = {
  seatTaken: takeSeat,
  seatLeft: leaveSeat,
  seatRebound: rebindSeat,
  playerDeparted: departSeat,
  boardSizeChosen: chooseBoardSize,
  komiChosen: chooseKomi,
  stonePlaced: applyMove,
  turnPassed: passTurn,
  gameResigned: resign,
  deadStonesToggled: toggleDead,
  scoreAccepted: acceptScore,
  newGameStarted: startNewGame,
};

type Loose = Record<string, unknown>;
const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const isActor = (p: unknown): p is Loose =>
  isRecord(p) &&
  isRecord(p.by) &&
  typeof p.by.id === 'string' &&
  typeof p.by.name === 'string' &&
  typeof p.clientId === 'number';
const withNumber = (field: string) => (p: unknown) => isActor(p) && typeof p[field] === 'number';

// Peers' log entries arrive as untyped JSON: check the shape before the rules read it, so a bad entry is skipped, not thrown.
const PAYLOAD_SHAPES: { [K in Kind]: (p: unknown) => boolean } = {
  seatTaken: (p) => isActor(p) && (p.stone === 'b' || p.stone === 'w'),
  seatLeft: isActor,
  seatRebound: isActor,
  playerDeparted: (p) => isRecord(p) && typeof p.clientId === 'number',
  boardSizeChosen: withNumber('size'),
  komiChosen: withNumber('komi'),
  stonePlaced: withNumber('point'),
  turnPassed: isActor,
  gameResigned: isActor,
  deadStonesToggled: withNumber('point'),
  scoreAccepted: isActor,
  newGameStarted: isActor,
};

/** The one way any Go action is applied: the slice, the sync reducer and validation all go through it. */
export function applyGoAction(state: GoState, action: LoggedAction): Result<GoState> {
  const kind = action.type.startsWith(`${NAME}/`) ? action.type.slice(NAME.length + 1) : '';
  if (!Object.hasOwn(RULES, kind)) return { ok: false, reason: UNKNOWN_ACTION };
  const known = kind as Kind;
  if (!PAYLOAD_SHAPES[known](action.payload)) return { ok: false, reason: UNKNOWN_ACTION };
  const rule = RULES[known] as (state: GoState, payload: unknown) => Result<GoState>;
  return rule(state, action.payload);
}

// Rules are pure over plain state, so they read the undrafted original and the reducer returns their result whole.
function settle(state: Draft<GoState>, action: LoggedAction): GoState | undefined {
  const result = applyGoAction(original(state) as GoState, action);
  return result.ok ? result.state : undefined;
}

type Reducer<K extends Kind> = (
  state: Draft<GoState>,
  action: PayloadAction<GoPayloads[K]>,
) => GoState | undefined;

/** Go's slice: every reducer defers to applyGoAction; a refused action leaves the state as it was. */
export const goSlice = createSlice({
  name: NAME,
  initialState: () => setup(),
  reducers: {
    seatTaken: settle as Reducer<'seatTaken'>,
    seatLeft: settle as Reducer<'seatLeft'>,
    seatRebound: settle as Reducer<'seatRebound'>,
    playerDeparted: settle as Reducer<'playerDeparted'>,
    boardSizeChosen: settle as Reducer<'boardSizeChosen'>,
    komiChosen: settle as Reducer<'komiChosen'>,
    stonePlaced: settle as Reducer<'stonePlaced'>,
    turnPassed: settle as Reducer<'turnPassed'>,
    gameResigned: settle as Reducer<'gameResigned'>,
    deadStonesToggled: settle as Reducer<'deadStonesToggled'>,
    scoreAccepted: settle as Reducer<'scoreAccepted'>,
    newGameStarted: settle as Reducer<'newGameStarted'>,
  },
  selectors: {
    selectBoard: (state) => state.board,
    selectSize: (state) => state.size,
    selectKomi: (state) => state.komi,
    selectPhase: (state) => state.phase,
    selectToMove: (state) => state.toMove,
    selectSeats: (state) => state.seats,
    selectCaptures: (state) => state.captures,
    selectMoveCount: (state) => state.moves.length,
    selectLastMove: lastMove,
    selectDeadStones: (state) => state.dead,
    selectAccepted: (state) => state.accepted,
    selectResult: (state) => state.result,
    selectScore: createSelector(
      [
        (state: GoState) => state.board,
        (state: GoState) => state.dead,
        (state: GoState) => state.komi,
        (state: GoState) => state.size,
      ],
      (board, dead, komi, size) => score({ ...setup(size, komi), board, dead }),
    ),
  },
});

/** The action creators, named as events; each payload carries `by` and `clientId` of the person acting. */
export const {
  seatTaken,
  seatLeft,
  seatRebound,
  playerDeparted,
  boardSizeChosen,
  komiChosen,
  stonePlaced,
  turnPassed,
  gameResigned,
  deadStonesToggled,
  scoreAccepted,
  newGameStarted,
} = goSlice.actions;

/** Selectors over the Go slice state. */
export const {
  selectBoard,
  selectSize,
  selectKomi,
  selectPhase,
  selectToMove,
  selectSeats,
  selectCaptures,
  selectMoveCount,
  selectLastMove,
  selectDeadStones,
  selectAccepted,
  selectResult,
  selectScore,
} = goSlice.selectors;
