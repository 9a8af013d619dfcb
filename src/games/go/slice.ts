import { createSelector } from '@reduxjs/toolkit';
import { defineGame, selectorsOf, type PayloadsOf } from '../defineGame';
import { isActor, seatOfActor, withNumber } from '../shared/actionTable';
import { isDeparture } from '../shared/departures';
import { boardProblems } from './rules/board';
import { seatOf, setup } from './rules/game';
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
import type { GoState } from './rules/types';

/** Reason given for an action this game does not know or whose payload is not the expected shape. */
export { UNKNOWN_ACTION } from '../shared/actionTable';

// Peers' log entries arrive as untyped JSON: each move's shape is checked before its rule reads the payload.
const moves = {
  seatTaken: { shape: (p: unknown) => isActor(p) && (p.stone === 'b' || p.stone === 'w'), rule: takeSeat },
  seatLeft: { shape: isActor, rule: leaveSeat },
  seatRebound: { shape: isActor, rule: rebindSeat },
  playerDeparted: { shape: isDeparture, rule: departSeat },
  boardSizeChosen: { shape: withNumber('size'), rule: chooseBoardSize },
  komiChosen: { shape: withNumber('komi'), rule: chooseKomi },
  stonePlaced: { shape: withNumber('point'), rule: applyMove },
  turnPassed: { shape: isActor, rule: passTurn },
  gameResigned: { shape: isActor, rule: resign },
  deadStonesToggled: { shape: withNumber('point'), rule: toggleDead },
  scoreAccepted: { shape: isActor, rule: acceptScore },
  newGameStarted: { shape: isActor, rule: startNewGame },
};

/** Go, defined once: its moves make the slice, the action creators and the room's contract. */
export const go = defineGame({
  name: 'go',
  setup: () => setup(),
  moves,
  // Seated players sign their moves with the key they sat down with (docs/fair-play.md).
  seatOf: seatOfActor(seatOf),
  invariants: (state: GoState) => boardProblems(state.board, state.size),
});

/** The payload each Go action carries. */
export type GoPayloads = PayloadsOf<typeof moves>;

/** The one way any Go action is applied: the slice, the room's fold and every check go through it. */
export const applyGoAction = go.apply;

/** Go's slice: every reducer defers to applyGoAction; a refused action leaves the state as it was. */
export const goSlice = go.slice;

/** Selectors over the Go state, reading it from the root state the app hands in. */
export const goSelectors = selectorsOf(go.selectState, {
  selectBoard: (state: GoState) => state.board,
  selectSize: (state: GoState) => state.size,
  selectKomi: (state: GoState) => state.komi,
  selectPhase: (state: GoState) => state.phase,
  selectToMove: (state: GoState) => state.toMove,
  selectSeats: (state: GoState) => state.seats,
  selectCaptures: (state: GoState) => state.captures,
  selectMoveCount: (state: GoState) => state.moves.length,
  selectLastMove: lastMove,
  selectDeadStones: (state: GoState) => state.dead,
  selectAccepted: (state: GoState) => state.accepted,
  selectResult: (state: GoState) => state.result,
  selectScore: createSelector(
    [
      (state: GoState) => state.board,
      (state: GoState) => state.dead,
      (state: GoState) => state.komi,
      (state: GoState) => state.size,
    ],
    (board, dead, komi, size) => score({ ...setup(size, komi), board, dead }),
  ),
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
} = go.actions;

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
} = goSelectors;
