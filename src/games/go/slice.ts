import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { LoggedAction } from '../../sync/SyncedGame';
import {
  createActionTable,
  isActor,
  isRecord,
  withNumber,
  type RuleTable,
  type ShapeTable,
} from '../shared/actionTable';
import { moveReducerOf } from '../shared/moveReducer';
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

/** Reason given for an action this game does not know or whose payload is not the expected shape. */
export { UNKNOWN_ACTION } from '../shared/actionTable';

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

const NAME = 'go';

const RULES: RuleTable<GoState, GoPayloads> = {
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

// Peers' log entries arrive as untyped JSON: check the shape before the rules read it, so a bad entry is skipped, not thrown.
const PAYLOAD_SHAPES: ShapeTable<GoPayloads> = {
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
export const applyGoAction: (state: GoState, action: LoggedAction) => Result<GoState> = createActionTable(
  NAME,
  RULES,
  PAYLOAD_SHAPES,
);

const move = moveReducerOf<GoState, GoPayloads>(applyGoAction);

/** Go's slice: every reducer defers to applyGoAction; a refused action leaves the state as it was. */
export const goSlice = createSlice({
  name: NAME,
  initialState: () => setup(),
  reducers: {
    seatTaken: move<'seatTaken'>,
    seatLeft: move<'seatLeft'>,
    seatRebound: move<'seatRebound'>,
    playerDeparted: move<'playerDeparted'>,
    boardSizeChosen: move<'boardSizeChosen'>,
    komiChosen: move<'komiChosen'>,
    stonePlaced: move<'stonePlaced'>,
    turnPassed: move<'turnPassed'>,
    gameResigned: move<'gameResigned'>,
    deadStonesToggled: move<'deadStonesToggled'>,
    scoreAccepted: move<'scoreAccepted'>,
    newGameStarted: move<'newGameStarted'>,
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
