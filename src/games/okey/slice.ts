import { defineGame, selectorsOf } from '../defineGame';
import { actingSeat, OKEY, OKEY_MOVES, type OkeyPayloads } from './rules/actions';
import { checkInvariants, findDuplicateTiles } from './rules/integrity';
import { QUIET_REASONS } from './rules/messages';
import { seatById, seatOfUser } from './rules/seats';
import { createInitialState } from './rules/setup';
import { commitToSecret } from '../shared/secrets';
import { drawPileTop } from './rules/turn';
import type { OkeyState } from './rules/types';

/**
 * A seat's commitment to its next secret, made by the page that sits down (or adds a bot, or takes one over, or comes
 * back after a reload): the page keeps the secret and reveals it when the next deal is drawn (docs/fair-play.md).
 */
const committing = <P extends object>(payload: P) => ({ ...payload, commitment: commitToSecret() });

/** Okey, defined once: its rules' moves, with a commitment made as a seat is taken. */
export const okey = defineGame({
  name: OKEY,
  setup: createInitialState,
  moves: {
    ...OKEY_MOVES,
    seatTaken: { ...OKEY_MOVES.seatTaken, prepare: committing<OkeyPayloads['seatTaken']> },
    seatRebound: { ...OKEY_MOVES.seatRebound, prepare: committing<OkeyPayloads['seatRebound']> },
    botAdded: { ...OKEY_MOVES.botAdded, prepare: committing<OkeyPayloads['botAdded']> },
    botTakenOver: { ...OKEY_MOVES.botTakenOver, prepare: committing<OkeyPayloads['botTakenOver']> },
  },
  unknownReason: QUIET_REASONS.unknownAction,
  invariants: checkInvariants,
  seatOf: actingSeat,
});

/** Okey's slice: every reducer defers to applyOkeyAction; a refused action leaves the state as it was. */
export const okeySlice = okey.slice;

/** The action creators, named as events. seatTaken, seatRebound, botAdded and botTakenOver add the seat's commitment. */
export const {
  seatTaken,
  seatLeft,
  seatRebound,
  botAdded,
  botRemoved,
  botTakenOver,
  gameStarted,
  dealRevealed,
  dealTimedOut,
  deckKeyed,
  deckShuffled,
  tilesSealed,
  indicatorShared,
  rackOpened,
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
