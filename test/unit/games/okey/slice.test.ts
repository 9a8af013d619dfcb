import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  gameReset,
  gameStarted,
  newGameStarted,
  okeySlice,
  seatTaken,
  selectDrawPileCount,
  selectGameState,
  selectMessage,
  selectSeatOfUser,
  tileDiscarded,
} from '../../../../src/games/okey/slice';
import { actor, orderWith } from './okeyTables';
import { inEnglish } from '../../../helpers/english';

const makeStore = () => configureStore({ reducer: { okey: okeySlice.reducer } });

describe('okeySlice', () => {
  it('starts from the deterministic genesis state', () => {
    const store = makeStore();
    expect(selectGameState(store.getState())).toBe('start');
    expect(selectDrawPileCount(store.getState())).toBe(106);
  });

  it.each([
    { name: 'gameStarted carries no tile order', create: gameStarted },
    { name: 'gameReset carries no tile order', create: gameReset },
    { name: 'newGameStarted carries no tile order', create: newGameStarted },
  ])("$name: the deal is the seats' masked deck", ({ create }) => {
    expect(create(actor(1)).payload).toEqual(actor(1));
  });

  it('carries nothing but the seat with a seat taken: the deal is the masked deck, no secret is committed to', () => {
    expect(seatTaken({ ...actor(1), seatId: 1 }).payload).toEqual({ ...actor(1), seatId: 1 });
  });

  it('deals the chosen rack when the order is chosen', () => {
    const store = makeStore();
    store.dispatch(seatTaken({ ...actor(1), seatId: 1 }));
    store.dispatch(seatTaken({ ...actor(2), seatId: 2 }));
    const first = ['red7-0', 'black1-1', 'blue2-0'];
    store.dispatch({ type: gameStarted.type, payload: { ...actor(1), order: orderWith(first) } });
    const seat = selectSeatOfUser(store.getState(), 'user1');
    expect(store.getState().okey.okeyTile?.id).toBe('red7-0');
    expect(seat?.hand.slice(0, 2).map((t) => t?.id)).toEqual(['black1-1', 'blue2-0']);
  });

  it('leaves the state untouched when an action is refused', () => {
    const store = makeStore();
    store.dispatch(seatTaken({ ...actor(1), seatId: 1 }));
    const before = store.getState().okey;
    store.dispatch(tileDiscarded({ ...actor(1), tileId: 'red1-0' }));
    store.dispatch(seatTaken({ ...actor(2), seatId: 1 }));
    expect(store.getState().okey).toBe(before);
  });

  it('shows the not-enough-players message when one player starts', () => {
    const store = makeStore();
    store.dispatch(seatTaken({ ...actor(1), seatId: 1 }));
    store.dispatch(gameStarted(actor(1)));
    expect(inEnglish(selectMessage(store.getState()))).toBe('not enough players to start the game');
    expect(selectSeatOfUser(store.getState(), 'user9')).toBeNull();
  });
});
