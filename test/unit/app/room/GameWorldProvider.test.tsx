import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';
import GameWorldProvider from '../../../../src/app/room/GameWorldProvider';
import { makeStore } from '../../../../src/app/store';
import { loggedIn } from '../../../../src/app/session/sessionSlice';
import { presenceChanged, roomJoined, statusChanged } from '../../../../src/app/room/roomSlice';
import { usePeople, useMe, useUserId, type Me, type Person } from '../../../../src/games/world';

const ann = (x: number | null) => ({
  clientId: 7,
  user: { id: 'ann', name: 'Ann', color: 'red' },
  color: 'blue',
  x,
  y: x,
});

/** What a board reads of its world after these actions. */
function worldAfter(...actions: UnknownAction[]) {
  const store = makeStore();
  store.dispatch(loggedIn('Ann'));
  for (const action of actions) store.dispatch(action);
  const seen: { me?: Me | null; userId?: string | null; people?: readonly Person[] } = {};
  function Board() {
    seen.me = useMe();
    seen.userId = useUserId();
    seen.people = usePeople();
    return null;
  }
  renderToString(
    <Provider store={store}>
      <GameWorldProvider>
        <Board />
      </GameWorldProvider>
    </Provider>,
  );
  return { seen, userId: store.getState().session.currentUser?.id };
}

describe('GameWorldProvider', () => {
  it('hands a board the user before the room connects, and no one to act as', () => {
    const { seen, userId } = worldAfter(roomJoined({ roomId: 'r', clientId: 7 }));
    expect(seen.me).toBeNull();
    expect(seen.userId).toBe(userId);
    expect(seen.people).toEqual([]);
  });

  it('hands a connected board who acts and who is present, by name and presence colour', () => {
    const { seen } = worldAfter(
      roomJoined({ roomId: 'r', clientId: 7 }),
      statusChanged('online'),
      presenceChanged([ann(10)]),
    );
    expect(seen.me).toMatchObject({ by: { name: 'Ann' }, clientId: 7 });
    expect(seen.people).toEqual([{ clientId: 7, name: 'Ann', color: 'blue' }]);
  });
});
