import { createSelector, createSlice, original, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import type { LoggedAction } from '../../sync/SyncedGame';
import { acceptDouble, declineDouble, offerDouble, resign } from './rules/cube';
import { setup } from './rules/game';
import { canConfirmTurn, diceLeft, movesAvailable } from './rules/mustPlay';
import { pipCountOf } from './rules/board';
import { departPlayer, leaveSeat, rebindSeat, startNewGame, takeSeat } from './rules/seats';
import { applyMove } from './rules/move';
import { confirmTurn, rollDice, rollOpeningDie, undoMove } from './rules/turn';
import type { Actor, BackgammonState, From, Position, Result, Side, To } from './rules/types';

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
type Kind = keyof BackgammonPayloads;

const NAME = 'backgammon';

/** Reason given for an action this game does not know or whose payload is not the expected shape. */
export const UNKNOWN_ACTION = 'Unknown action';

const RULES: {
  [K in Kind]: (state: BackgammonState, payload: BackgammonPayloads[K]) => Result<BackgammonState>;
} = {
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

type Loose = Record<string, unknown>;
const isRecord = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const isActor = (p: unknown): p is Loose =>
  isRecord(p) &&
  isRecord(p.by) &&
  typeof p.by.id === 'string' &&
  typeof p.by.name === 'string' &&
  typeof p.clientId === 'number';
const isPlace = (value: unknown, end: 'bar' | 'off') => typeof value === 'number' || value === end;

// Peers' log entries arrive as untyped JSON: check the shape before the rules read it, so a bad entry is skipped, not thrown.
const PAYLOAD_SHAPES: { [K in Kind]: (p: unknown) => boolean } = {
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
export function applyBackgammonAction(state: BackgammonState, action: LoggedAction): Result<BackgammonState> {
  const kind = action.type.startsWith(`${NAME}/`) ? action.type.slice(NAME.length + 1) : '';
  if (!Object.hasOwn(RULES, kind)) return { ok: false, reason: UNKNOWN_ACTION };
  const known = kind as Kind;
  if (!PAYLOAD_SHAPES[known](action.payload)) return { ok: false, reason: UNKNOWN_ACTION };
  const rule = RULES[known] as (state: BackgammonState, payload: unknown) => Result<BackgammonState>;
  return rule(state, action.payload);
}

// Rules are pure over plain state, so they read the undrafted original and the reducer returns their result whole.
function settle(state: Draft<BackgammonState>, action: LoggedAction): BackgammonState | undefined {
  const result = applyBackgammonAction(original(state) as BackgammonState, action);
  return result.ok ? result.state : undefined;
}

type Reducer<K extends Kind> = (
  state: Draft<BackgammonState>,
  action: PayloadAction<BackgammonPayloads[K]>,
) => BackgammonState | undefined;

/** One fair die from the given random source (Math.random unless a test injects its own). */
const rollDie = (random: () => number): number => 1 + Math.floor(random() * 6);

/** Backgammon's slice: every reducer defers to applyBackgammonAction; dice are drawn once, in prepare, by the roller. */
export const backgammonSlice = createSlice({
  name: NAME,
  initialState: () => setup(),
  reducers: {
    seatTaken: settle as Reducer<'seatTaken'>,
    seatLeft: settle as Reducer<'seatLeft'>,
    seatRebound: settle as Reducer<'seatRebound'>,
    playerDeparted: settle as Reducer<'playerDeparted'>,
    openingDieRolled: {
      prepare: (actor: Actor, random: () => number = Math.random) => ({
        payload: { ...actor, die: rollDie(random) },
      }),
      reducer: settle as Reducer<'openingDieRolled'>,
    },
    diceRolled: {
      prepare: (actor: Actor, random: () => number = Math.random) => ({
        payload: { ...actor, dice: [rollDie(random), rollDie(random)] },
      }),
      reducer: settle as Reducer<'diceRolled'>,
    },
    checkerMoved: settle as Reducer<'checkerMoved'>,
    moveUndone: settle as Reducer<'moveUndone'>,
    turnConfirmed: settle as Reducer<'turnConfirmed'>,
    doubleOffered: settle as Reducer<'doubleOffered'>,
    doubleAccepted: settle as Reducer<'doubleAccepted'>,
    doubleDeclined: settle as Reducer<'doubleDeclined'>,
    gameResigned: settle as Reducer<'gameResigned'>,
    newGameStarted: settle as Reducer<'newGameStarted'>,
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
