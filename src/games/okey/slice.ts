import { createSlice } from '@reduxjs/toolkit';
import { moveReducerOf } from '../shared/moveReducer';
import { applyOkeyAction, OKEY, type OkeyPayloads } from './rules/actions';
import { findDuplicateTiles } from './rules/integrity';
import { seatById, seatOfUser } from './rules/seats';
import { createInitialState } from './rules/setup';
import { shuffledTileIds } from './rules/tiles';
import { drawPileTop } from './rules/turn';
import type { Actor, OkeyState } from './rules/types';

const move = moveReducerOf<OkeyState, OkeyPayloads>(applyOkeyAction);

/** The shuffle is drawn here, once, so every peer folding the log deals the same tiles. */
const withOrder = (actor: Actor, random: () => number = Math.random) => ({
  payload: { ...actor, order: shuffledTileIds(random) },
});

/** Okey's slice: every reducer defers to applyOkeyAction; a refused action leaves the state as it was. */
export const okeySlice = createSlice({
  name: OKEY,
  initialState: createInitialState,
  reducers: {
    seatTaken: move<'seatTaken'>,
    seatLeft: move<'seatLeft'>,
    seatRebound: move<'seatRebound'>,
    gameStarted: {
      prepare: withOrder,
      reducer: move<'gameStarted'>,
    },
    tileDrawn: move<'tileDrawn'>,
    tileMoved: move<'tileMoved'>,
    tileDiscarded: move<'tileDiscarded'>,
    finishDeclared: move<'finishDeclared'>,
    tileFlipped: move<'tileFlipped'>,
    gameReset: {
      prepare: withOrder,
      reducer: move<'gameReset'>,
    },
    newGameStarted: {
      prepare: withOrder,
      reducer: move<'newGameStarted'>,
    },
    playerDeparted: move<'playerDeparted'>,
  },
  selectors: {
    selectOkeyState: (state) => state,
    selectGameState: (state) => state.gameState,
    selectMessage: (state) => state.message,
    selectCurrentPlayer: (state) => state.currentPlayer,
    selectPlayers: (state) => state.players,
    selectOkeyTile: (state) => state.okeyTile,
    selectDrawPileTop: drawPileTop,
    selectDrawPileCount: (state) => state.drawPile.length,
    selectSeatOfUser: (state, userId: string) => seatOfUser(state as OkeyState, userId),
    selectSeatById: (state, seatId: number) => seatById(state as OkeyState, seatId),
    selectDuplicateTileCount: (state) => findDuplicateTiles(state as OkeyState).length,
  },
});

/** The action creators, named as events. gameStarted, gameReset and newGameStarted take (actor, random?) and carry the shuffle. */
export const {
  seatTaken,
  seatLeft,
  seatRebound,
  gameStarted,
  tileDrawn,
  tileMoved,
  tileDiscarded,
  finishDeclared,
  tileFlipped,
  gameReset,
  newGameStarted,
  playerDeparted,
} = okeySlice.actions;

/** Selectors over the Okey slice state. */
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
} = okeySlice.selectors;
