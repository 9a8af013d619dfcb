import { createSlice, original, type Draft, type PayloadAction } from '@reduxjs/toolkit';
import { applyOkeyAction, OKEY, type OkeyLogEntry, type OkeyPayloads } from './rules/actions';
import { findDuplicateTiles } from './rules/integrity';
import { seatById, seatOfUser } from './rules/seats';
import { createInitialState } from './rules/setup';
import { shuffledTileIds } from './rules/tiles';
import { drawPileTop } from './rules/turn';
import type { Actor, OkeyState } from './rules/types';

// Rules are pure over plain state, so they read the undrafted original and the reducer returns their result whole.
function settle(state: Draft<OkeyState>, action: OkeyLogEntry): OkeyState | undefined {
  const result = applyOkeyAction(original(state) as OkeyState, action);
  return result.ok ? result.state : undefined;
}

/** The shuffle is drawn here, once, so every peer folding the log deals the same tiles. */
const withOrder = (actor: Actor, random: () => number = Math.random) => ({
  payload: { ...actor, order: shuffledTileIds(random) },
});

/** Okey's slice: every reducer defers to applyOkeyAction; a refused action leaves the state as it was. */
export const okeySlice = createSlice({
  name: OKEY,
  initialState: createInitialState,
  reducers: {
    seatTaken: (state, action: PayloadAction<OkeyPayloads['seatTaken']>) => settle(state, action),
    seatLeft: (state, action: PayloadAction<OkeyPayloads['seatLeft']>) => settle(state, action),
    seatRebound: (state, action: PayloadAction<OkeyPayloads['seatRebound']>) => settle(state, action),
    gameStarted: {
      prepare: withOrder,
      reducer: (state, action: PayloadAction<OkeyPayloads['gameStarted']>) => settle(state, action),
    },
    tileDrawn: (state, action: PayloadAction<OkeyPayloads['tileDrawn']>) => settle(state, action),
    tileMoved: (state, action: PayloadAction<OkeyPayloads['tileMoved']>) => settle(state, action),
    tileDiscarded: (state, action: PayloadAction<OkeyPayloads['tileDiscarded']>) => settle(state, action),
    finishDeclared: (state, action: PayloadAction<OkeyPayloads['finishDeclared']>) => settle(state, action),
    tileFlipped: (state, action: PayloadAction<OkeyPayloads['tileFlipped']>) => settle(state, action),
    gameReset: {
      prepare: withOrder,
      reducer: (state, action: PayloadAction<OkeyPayloads['gameReset']>) => settle(state, action),
    },
    newGameStarted: {
      prepare: withOrder,
      reducer: (state, action: PayloadAction<OkeyPayloads['newGameStarted']>) => settle(state, action),
    },
    playerDeparted: (state, action: PayloadAction<OkeyPayloads['playerDeparted']>) => settle(state, action),
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
