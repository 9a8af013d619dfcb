import { createSlice } from '@reduxjs/toolkit';
import { settleWith } from '../shared/settle';
import { applyOkeyAction, OKEY, type OkeyPayloads } from './rules/actions';
import { findDuplicateTiles } from './rules/integrity';
import { seatById, seatOfUser } from './rules/seats';
import { createInitialState } from './rules/setup';
import { shuffledTileIds } from './rules/tiles';
import { drawPileTop } from './rules/turn';
import type { Actor, OkeyState } from './rules/types';

const settle = settleWith<OkeyState, OkeyPayloads>(applyOkeyAction);

/** The shuffle is drawn here, once, so every peer folding the log deals the same tiles. */
const withOrder = (actor: Actor, random: () => number = Math.random) => ({
  payload: { ...actor, order: shuffledTileIds(random) },
});

/** Okey's slice: every reducer defers to applyOkeyAction; a refused action leaves the state as it was. */
export const okeySlice = createSlice({
  name: OKEY,
  initialState: createInitialState,
  reducers: {
    seatTaken: settle<'seatTaken'>,
    seatLeft: settle<'seatLeft'>,
    seatRebound: settle<'seatRebound'>,
    gameStarted: {
      prepare: withOrder,
      reducer: settle<'gameStarted'>,
    },
    tileDrawn: settle<'tileDrawn'>,
    tileMoved: settle<'tileMoved'>,
    tileDiscarded: settle<'tileDiscarded'>,
    finishDeclared: settle<'finishDeclared'>,
    tileFlipped: settle<'tileFlipped'>,
    gameReset: {
      prepare: withOrder,
      reducer: settle<'gameReset'>,
    },
    newGameStarted: {
      prepare: withOrder,
      reducer: settle<'newGameStarted'>,
    },
    playerDeparted: settle<'playerDeparted'>,
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
