import { createSelector } from '@reduxjs/toolkit';
import { defineGame, selectorsOf, type PayloadsOf } from '../defineGame';
import { actorIdOf, isActor, isRecord } from '../shared/actionTable';
import { acceptDouble, declineDouble, offerDouble, resign } from './rules/cube';
import { seatOf, setup } from './rules/game';
import { canConfirmTurn, diceLeft, movesAvailable } from './rules/mustPlay';
import { pipCountOf, positionProblems } from './rules/board';
import { departPlayer, leaveSeat, rebindSeat, startNewGame, takeSeat } from './rules/seats';
import { applyMove } from './rules/move';
import { confirmTurn, rollDice, rollOpeningDie, undoMove } from './rules/turn';
import type { Actor, BackgammonState, Position } from './rules/types';

/** Reason given for an action this game does not know or whose payload is not the expected shape. */
export { UNKNOWN_ACTION } from '../shared/actionTable';

/** One fair die from the given random source (Math.random unless a test injects its own). */
const rollDie = (random: () => number): number => 1 + Math.floor(random() * 6);

const isPlace = (value: unknown, end: 'bar' | 'off') => typeof value === 'number' || value === end;

// Peers' log entries arrive as untyped JSON: each move's shape is checked before its rule reads the payload. Dice are
// drawn once, in prepare, by the roller; every peer replays them from the log.
const moves = {
  seatTaken: {
    shape: (p: unknown) => isActor(p) && (p.side === 'white' || p.side === 'black'),
    rule: takeSeat,
  },
  seatLeft: { shape: isActor, rule: leaveSeat },
  seatRebound: { shape: isActor, rule: rebindSeat },
  playerDeparted: {
    shape: (p: unknown) => isRecord(p) && typeof p.clientId === 'number',
    rule: departPlayer,
  },
  openingDieRolled: {
    shape: (p: unknown) => isActor(p) && typeof p.die === 'number',
    rule: rollOpeningDie,
    prepare: (actor: Actor, random: () => number = Math.random) => ({ ...actor, die: rollDie(random) }),
  },
  diceRolled: {
    shape: (p: unknown) => isActor(p) && Array.isArray(p.dice),
    rule: rollDice,
    prepare: (actor: Actor, random: () => number = Math.random) => ({
      ...actor,
      dice: [rollDie(random), rollDie(random)],
    }),
  },
  checkerMoved: {
    shape: (p: unknown) => isActor(p) && isPlace(p.from, 'bar') && isPlace(p.to, 'off'),
    rule: applyMove,
  },
  moveUndone: { shape: isActor, rule: undoMove },
  turnConfirmed: { shape: isActor, rule: confirmTurn },
  doubleOffered: { shape: isActor, rule: offerDouble },
  doubleAccepted: { shape: isActor, rule: acceptDouble },
  doubleDeclined: { shape: isActor, rule: declineDouble },
  gameResigned: { shape: isActor, rule: resign },
  newGameStarted: { shape: isActor, rule: startNewGame },
};

/** Backgammon, defined once: its moves make the slice, the action creators and the room's contract. */
export const backgammon = defineGame({
  name: 'backgammon',
  setup: () => setup(),
  moves,
  // Seated players sign their moves with the key they sat down with (docs/fair-play.md).
  seatOf: (state, p) => {
    const id = actorIdOf(p);
    return id === null ? null : seatOf(state, id);
  },
  invariants: (state: BackgammonState) => positionProblems(state.board),
});

/** The payload each Backgammon action carries; everything a person does names them (`by`) and their tab. */
export type BackgammonPayloads = PayloadsOf<typeof moves>;

/** The one way any Backgammon action is applied: the slice, the room's fold and every check go through it. */
export const applyBackgammonAction = backgammon.apply;

/** Backgammon's slice: every reducer defers to applyBackgammonAction. */
export const backgammonSlice = backgammon.slice;

/** Selectors over the Backgammon state, reading it from the root state the app hands in. */
export const backgammonSelectors = selectorsOf(backgammon.selectState, {
  selectBoard: (state: BackgammonState) => state.board,
  selectPhase: (state: BackgammonState) => state.phase,
  selectTurn: (state: BackgammonState) => state.turn,
  selectSeats: (state: BackgammonState) => state.seats,
  selectDice: (state: BackgammonState) => state.dice,
  selectOpening: (state: BackgammonState) => state.opening,
  selectPlayed: (state: BackgammonState) => state.played,
  selectCube: (state: BackgammonState) => state.cube,
  selectResult: (state: BackgammonState) => state.result,
  selectRecord: (state: BackgammonState) => state.record,
  selectMessage: (state: BackgammonState) => state.message,
  selectCanConfirmTurn: createSelector([(state: BackgammonState) => state], canConfirmTurn),
  selectRemainingDice: createSelector(
    [(state: BackgammonState) => state.dice, (state: BackgammonState) => state.played],
    diceLeft,
  ),
  selectMovesAvailable: createSelector([(state: BackgammonState) => state], movesAvailable),
  selectPipCounts: createSelector([(state: BackgammonState) => state.board], (board: Position) => ({
    white: pipCountOf(board, 'white'),
    black: pipCountOf(board, 'black'),
  })),
});

/** The action creators, named as events; each person's payload carries `by` and `clientId` of who acts. */
export const {
  seatTaken,
  seatLeft,
  seatRebound,
  playerDeparted,
  openingDieRolled,
  diceRolled,
  checkerMoved,
  moveUndone,
  turnConfirmed,
  doubleOffered,
  doubleAccepted,
  doubleDeclined,
  gameResigned,
  newGameStarted,
} = backgammon.actions;

export const {
  selectBoard,
  selectPhase,
  selectTurn,
  selectSeats,
  selectDice,
  selectOpening,
  selectPlayed,
  selectCube,
  selectResult,
  selectRecord,
  selectMessage,
  selectCanConfirmTurn,
  selectRemainingDice,
  selectMovesAvailable,
  selectPipCounts,
} = backgammonSelectors;
