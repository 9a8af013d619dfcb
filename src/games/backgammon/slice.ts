import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { LoggedAction } from '../../sync/SyncedGame';
import { createActionTable, isActor, isRecord, type RuleTable, type ShapeTable } from '../shared/actionTable';
import { moveReducerOf } from '../shared/moveReducer';
import { acceptDouble, declineDouble, offerDouble, resign } from './rules/cube';
import { setup } from './rules/game';
import { canConfirmTurn, diceLeft, movesAvailable } from './rules/mustPlay';
import { pipCountOf } from './rules/board';
import { departPlayer, leaveSeat, rebindSeat, startNewGame, takeSeat } from './rules/seats';
import { applyMove } from './rules/move';
import { confirmTurn, rollDice, rollOpeningDie, undoMove } from './rules/turn';
import type { Actor, BackgammonState, From, Position, Result, Side, To } from './rules/types';

/** Reason given for an action this game does not know or whose payload is not the expected shape. */
export { UNKNOWN_ACTION } from '../shared/actionTable';

/** The payload each Backgammon action carries; everything a person does names them (`by`) and their tab. */
export type BackgammonPayloads = {
  seatTaken: Actor & { side: Side };
  seatLeft: Actor;
  seatRebound: Actor;
  playerDeparted: { clientId: number };
  openingDieRolled: Actor & { die: number };
  diceRolled: Actor & { dice: number[] };
  checkerMoved: Actor & { from: From; to: To };
  moveUndone: Actor;
  turnConfirmed: Actor;
  doubleOffered: Actor;
  doubleAccepted: Actor;
  doubleDeclined: Actor;
  gameResigned: Actor;
  newGameStarted: Actor;
};

const NAME = 'backgammon';

const RULES: RuleTable<BackgammonState, BackgammonPayloads> = {
  seatTaken: takeSeat,
  seatLeft: leaveSeat,
  seatRebound: rebindSeat,
  playerDeparted: departPlayer,
  openingDieRolled: rollOpeningDie,
  diceRolled: rollDice,
  checkerMoved: applyMove,
  moveUndone: undoMove,
  turnConfirmed: confirmTurn,
  doubleOffered: offerDouble,
  doubleAccepted: acceptDouble,
  doubleDeclined: declineDouble,
  gameResigned: resign,
  newGameStarted: startNewGame,
};

const isPlace = (value: unknown, end: 'bar' | 'off') => typeof value === 'number' || value === end;

// Peers' log entries arrive as untyped JSON: check the shape before the rules read it, so a bad entry is skipped, not thrown.
const PAYLOAD_SHAPES: ShapeTable<BackgammonPayloads> = {
  seatTaken: (p) => isActor(p) && (p.side === 'white' || p.side === 'black'),
  seatLeft: isActor,
  seatRebound: isActor,
  playerDeparted: (p) => isRecord(p) && typeof p.clientId === 'number',
  openingDieRolled: (p) => isActor(p) && typeof p.die === 'number',
  diceRolled: (p) => isActor(p) && Array.isArray(p.dice),
  checkerMoved: (p) => isActor(p) && isPlace(p.from, 'bar') && isPlace(p.to, 'off'),
  moveUndone: isActor,
  turnConfirmed: isActor,
  doubleOffered: isActor,
  doubleAccepted: isActor,
  doubleDeclined: isActor,
  gameResigned: isActor,
  newGameStarted: isActor,
};

/** The one way any Backgammon action is applied: the slice, the sync reducer and validation all go through it. */
export const applyBackgammonAction: (
  state: BackgammonState,
  action: LoggedAction,
) => Result<BackgammonState> = createActionTable(NAME, RULES, PAYLOAD_SHAPES);

const move = moveReducerOf<BackgammonState, BackgammonPayloads>(applyBackgammonAction);

/** One fair die from the given random source (Math.random unless a test injects its own). */
const rollDie = (random: () => number): number => 1 + Math.floor(random() * 6);

/** Backgammon's slice: every reducer defers to applyBackgammonAction; dice are drawn once, in prepare, by the roller. */
export const backgammonSlice = createSlice({
  name: NAME,
  initialState: () => setup(),
  reducers: {
    seatTaken: move<'seatTaken'>,
    seatLeft: move<'seatLeft'>,
    seatRebound: move<'seatRebound'>,
    playerDeparted: move<'playerDeparted'>,
    openingDieRolled: {
      prepare: (actor: Actor, random: () => number = Math.random) => ({
        payload: { ...actor, die: rollDie(random) },
      }),
      reducer: move<'openingDieRolled'>,
    },
    diceRolled: {
      prepare: (actor: Actor, random: () => number = Math.random) => ({
        payload: { ...actor, dice: [rollDie(random), rollDie(random)] },
      }),
      reducer: move<'diceRolled'>,
    },
    checkerMoved: move<'checkerMoved'>,
    moveUndone: move<'moveUndone'>,
    turnConfirmed: move<'turnConfirmed'>,
    doubleOffered: move<'doubleOffered'>,
    doubleAccepted: move<'doubleAccepted'>,
    doubleDeclined: move<'doubleDeclined'>,
    gameResigned: move<'gameResigned'>,
    newGameStarted: move<'newGameStarted'>,
  },
  selectors: {
    selectBoard: (state) => state.board,
    selectPhase: (state) => state.phase,
    selectTurn: (state) => state.turn,
    selectSeats: (state) => state.seats,
    selectDice: (state) => state.dice,
    selectOpening: (state) => state.opening,
    selectPlayed: (state) => state.played,
    selectCube: (state) => state.cube,
    selectResult: (state) => state.result,
    selectRecord: (state) => state.record,
    selectMessage: (state) => state.message,
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
  },
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
} = backgammonSlice.actions;

/** Selectors over the Backgammon slice state. */
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
} = backgammonSlice.selectors;
