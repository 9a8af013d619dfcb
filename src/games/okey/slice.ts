import { defineGame, selectorsOf } from '../defineGame';
import { actingSeat, OKEY, OKEY_MOVES } from './rules/actions';
import { checkInvariants, findDuplicateTiles } from './rules/integrity';
import { QUIET_REASONS } from './rules/messages';
import { seatById, seatOfUser } from './rules/seats';
import { createInitialState } from './rules/setup';
import { drawPileTop } from './rules/turn';
import type { OkeyState } from './rules/types';

/** Okey, defined once: its rules' moves. */
export const okey = defineGame({
  name: OKEY,
  setup: createInitialState,
  moves: OKEY_MOVES,
  unknownReason: QUIET_REASONS.unknownAction,
  invariants: checkInvariants,
  seatOf: actingSeat,
  // The deck's keys, shuffles and proofs are in the log's entries already; written again into the snapshot with every
  // entry they were half of the document's growth (docs/hidden-tiles.md).
  snapshotOf: ({ deck: _deck, ...table }: OkeyState) => table,
});

/** Okey's slice: every reducer defers to applyOkeyAction; a refused action leaves the state as it was. */
export const okeySlice = okey.slice;

/** The action creators, named as events. */
export const {
  seatTaken,
  seatLeft,
  seatRebound,
  botAdded,
  botRemoved,
  botTakenOver,
  gameStarted,
  dealTimedOut,
  deckKeyed,
  deckShuffled,
  tilesSealed,
  indicatorShared,
  seedRevealed,
  sealDisputed,
  tileDrawn,
  tileMoved,
  tileDiscarded,
  finishDeclared,
  tileFlipped,
  rackArranged,
  indicatorShown,
  turnTimerSet,
  turnTimedOut,
  gameReset,
  newGameStarted,
  playerDeparted,
} = okey.actions;

/** Selectors over the Okey state, reading it from the root state the app hands in. */
export const okeySelectors = selectorsOf(okey.selectState, {
  selectOkeyState: (state: OkeyState) => state,
  selectGameState: (state: OkeyState) => state.gameState,
  selectMessage: (state: OkeyState) => state.message,
  selectCurrentPlayer: (state: OkeyState) => state.currentPlayer,
  selectPlayers: (state: OkeyState) => state.players,
  selectOkeyTile: (state: OkeyState) => state.okeyTile,
  selectDrawPileTop: drawPileTop,
  selectDrawPileCount: (state: OkeyState) => state.drawPile.length,
  selectSeatOfUser: (state: OkeyState, userId: string) => seatOfUser(state, userId),
  selectSeatById: (state: OkeyState, seatId: number) => seatById(state, seatId),
  selectDuplicateTileCount: (state: OkeyState) => findDuplicateTiles(state).length,
});

export const {
  selectOkeyState,
  selectGameState,
  selectMessage,
  selectCurrentPlayer,
  selectPlayers,
  selectOkeyTile,
  selectDrawPileTop,
  selectDrawPileCount,
  selectSeatOfUser,
  selectSeatById,
  selectDuplicateTileCount,
} = okeySelectors;
