import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useMe, useRoomEphemeral, type Me } from '../../../src/app/hooks';
import { makeStore } from '../../../src/app/store';
import { loggedIn } from '../../../src/app/session/sessionSlice';
import { roomJoined, statusChanged } from '../../../src/app/room/roomSlice';
import { RoomContext } from '../../../src/app/room/roomContext';
import type { RoomConnection } from '../../../src/app/room/roomContext';

function readChannel(into: { seen?: unknown }) {
  return function ReadsTheChannel() {
    into.seen = useRoomEphemeral();
    return null;
  };
}

describe('useRoomEphemeral', () => {
  it('gives null outside a room', () => {
    const into: { seen?: unknown } = {};
    const Reader = readChannel(into);
    renderToString(<Reader />);
    expect(into.seen).toBeNull();
  });

  it('gives null while the room connects', () => {
    const into: { seen?: unknown } = {};
    const Reader = readChannel(into);
    renderToString(
      <RoomContext.Provider value={null}>
        <Reader />
      </RoomContext.Provider>,
    );
    expect(into.seen).toBeNull();
  });

  it("gives the connected room's ephemeral channel", () => {
    const ephemeral = { broadcast() {}, subscribe: () => () => {} };
    const connection = { ephemeral } as unknown as RoomConnection;
    const into: { seen?: unknown } = {};
    const Reader = readChannel(into);
    renderToString(
      <RoomContext.Provider value={connection}>
        <Reader />
      </RoomContext.Provider>,
    );
    expect(into.seen).toBe(ephemeral);
  });
});

describe('useMe', () => {
  function meAfter(...actions: UnknownAction[]) {
    const store = makeStore();
    store.dispatch(loggedIn('Ann'));
    for (const action of actions) store.dispatch(action);
    const into: { me?: Me | null } = {};
    function ReadsMe() {
      into.me = useMe();
      return null;
    }
    renderToString(
      <Provider store={store}>
        <ReadsMe />
      </Provider>,
    );
    return into.me;
  }

  it('is null while presence has given the client id but the room document is not open yet', () => {
    expect(meAfter(roomJoined({ roomId: 'r', clientId: 7 }))).toBeNull();
  });

  it('names the user and the client id once the room is connected', () => {
    const me = meAfter(roomJoined({ roomId: 'r', clientId: 7 }), statusChanged('online'));
    expect(me).toMatchObject({ by: { name: 'Ann' }, clientId: 7 });
  });
});
