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
import { shuffledTileIds } from '../../../../src/games/okey/rules/tiles';
import { actor, orderWith } from './okeyTables';

const makeStore = () => configureStore({ reducer: { okey: okeySlice.reducer } });
const fixedRandom = () => 0.5;

describe('okeySlice', () => {
  it('starts from the deterministic genesis state', () => {
    const store = makeStore();
    expect(selectGameState(store.getState())).toBe('start');
    expect(selectDrawPileCount(store.getState())).toBe(106);
  });

  it.each([
    { name: 'gameStarted draws the shuffle in prepare', create: gameStarted },
    { name: 'gameReset draws the shuffle in prepare', create: gameReset },
    { name: 'newGameStarted draws the shuffle in prepare', create: newGameStarted },
  ])('$name', ({ create }) => {
    const action = create(actor(1), fixedRandom);
    expect(action.payload).toEqual({ ...actor(1), order: shuffledTileIds(fixedRandom) });
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
    store.dispatch(gameStarted(actor(1), fixedRandom));
    expect(selectMessage(store.getState())).toBe('not enough players to start the game');
    expect(selectSeatOfUser(store.getState(), 'user9')).toBeNull();
  });
});
