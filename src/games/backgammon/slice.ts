import { createSelector } from '@reduxjs/toolkit';
import { defineGame, selectorsOf, type PayloadsOf } from '../defineGame';
import { isActor, seatOfActor } from '../shared/actionTable';
import { isDeparture } from '../shared/departures';
import { acceptDouble, declineDouble, offerDouble, resign } from './rules/cube';
import { seatOf, setup } from './rules/game';
import { canConfirmTurn, diceLeft, movesAvailable } from './rules/mustPlay';
import { pipCountOf, positionProblems } from './rules/board';
import { departPlayer, leaveSeat, rebindSeat, startNewGame, takeSeat } from './rules/seats';
import { applyMove } from './rules/move';
import { confirmTurn, undoMove } from './rules/turn';
import { openOpeningRoll, openTurnRoll, revealForRoll, rollIfRevealed, timeOutRoll } from './rules/luck';
import type { Actor, BackgammonState, Position, Result, Side } from './rules/types';
import { commitToSecret } from '../shared/secrets';

/** Reason given for an action this game does not know or whose payload is not the expected shape. */
export { UNKNOWN_ACTION } from '../shared/actionTable';

const isPlace = (value: unknown, end: 'bar' | 'off') => typeof value === 'number' || value === end;

/** A rule after which the roll being drawn is made, if it waits for nobody now (a player left meanwhile). */
const thenRoll =
  <P>(rule: (state: BackgammonState, payload: P, room: string) => Result<BackgammonState>) =>
  (state: BackgammonState, payload: P, room: string): Result<BackgammonState> => {
    const result = rule(state, payload, room);
    return result.ok ? { ok: true, state: rollIfRevealed(result.state) } : result;
  };

/** A side's commitment to its next secret, made by the page that sits down or comes back (docs/fair-play.md). */
const committing = <P extends object>(payload: P) => ({ ...payload, commitment: commitToSecret() });

// Peers' log entries arrive as untyped JSON: each move's shape is checked before its rule reads the payload. Dice are
// drawn from both sides' secrets (rules/luck); a test build may carry chosen dice instead.
const moves = {
  seatTaken: {
    shape: (p: unknown) => isActor(p) && (p.side === 'white' || p.side === 'black'),
    rule: takeSeat,
    prepare: committing<Actor & { side: Side }>,
  },
  seatLeft: { shape: isActor, rule: thenRoll(leaveSeat) },
  seatRebound: { shape: isActor, rule: rebindSeat, prepare: committing<Actor> },
  playerDeparted: { shape: isDeparture, rule: thenRoll(departPlayer) },
  openingDieRolled: {
    shape: (p: unknown) => isActor(p) && (p.die === undefined || typeof p.die === 'number'),
    rule: openOpeningRoll,
  },
  diceRolled: {
    shape: (p: unknown) => isActor(p) && (p.dice === undefined || Array.isArray(p.dice)),
    rule: openTurnRoll,
  },
  diceRevealed: { shape: (p: unknown) => isActor(p) && typeof p.reveal === 'string', rule: revealForRoll },
  rollTimedOut: { shape: isActor, rule: timeOutRoll },
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
  seatOf: seatOfActor(seatOf),
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
  diceRevealed,
  rollTimedOut,
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
