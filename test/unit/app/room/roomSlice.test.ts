import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../../src/app/store';
import { loggedIn } from '../../../../src/app/session/sessionSlice';
import {
  clientIdMade,
  presenceChanged,
  roomJoined,
  roomLeft,
  type RoomParticipant,
} from '../../../../src/app/room/roomSlice';
import { selectParticipantsPanel } from '../../../../src/app/room/presenceView';

const participant = (clientId: number, name: string, x: number | null = null): RoomParticipant => ({
  clientId,
  user: { id: `u${clientId}`, name, color: 'red' },
  color: 'blue',
  x,
  y: x,
});

describe('the room in the store', () => {
  it("keeps this tab's client id and who is present, and forgets both on leaving", () => {
    const store = makeStore();
    store.dispatch(roomJoined({ roomId: 'abc123', clientId: 7 }));
    store.dispatch(presenceChanged([participant(7, 'Me'), participant(9, 'Ann', 40)]));
    expect(store.getState().room).toMatchObject({ roomId: 'abc123', clientId: 7 });
    expect(store.getState().room.participants.map((p) => p.clientId)).toEqual([7, 9]);
    store.dispatch(roomLeft());
    expect(store.getState().room).toMatchObject({ roomId: null, clientId: null, participants: [] });
  });

  it('lets a logged-in user act only once the room gave the tab a client id', () => {
    const store = makeStore();
    store.dispatch(loggedIn('Ann'));
    expect(store.getState().room.clientId).toBeNull();
    store.dispatch(roomJoined({ roomId: 'abc123', clientId: 3 }));
    expect(store.getState().room.clientId).toBe(3);
  });

  it("takes the tab's client id once its page key is made, after joining", () => {
    const store = makeStore();
    store.dispatch(roomJoined({ roomId: 'abc123', clientId: null }));
    expect(store.getState().room.clientId).toBeNull();
    store.dispatch(clientIdMade(3));
    expect(store.getState().room).toMatchObject({ roomId: 'abc123', clientId: 3 });
  });

  it('lists the user first, then the others by name, case and accents aside', () => {
    const store = makeStore();
    store.dispatch(roomJoined({ roomId: 'abc123', clientId: 7 }));
    store.dispatch(
      presenceChanged([
        participant(4, 'zoe'),
        participant(7, 'Me'),
        participant(9, 'Ann'),
        participant(2, 'bob'),
        participant(5, 'Ömer'),
        participant(3, 'Ann'),
        participant(6, 'Omar'),
        participant(8, 'Şule'),
      ]),
    );
    expect(selectParticipantsPanel(store.getState()).map((p) => `${p.name} ${p.clientId}`)).toEqual([
      'Me 7',
      'Ann 3',
      'Ann 9',
      'bob 2',
      'Omar 6',
      'Ömer 5',
      'Şule 8',
      'zoe 4',
    ]);
  });

  it('keeps the same list while only pointers move, and a new one when someone arrives', () => {
    const store = makeStore();
    store.dispatch(roomJoined({ roomId: 'abc123', clientId: 7 }));
    store.dispatch(presenceChanged([participant(7, 'Me'), participant(9, 'Ann', 40)]));
    const before = selectParticipantsPanel(store.getState());
    store.dispatch(presenceChanged([participant(7, 'Me', 10), participant(9, 'Ann', 80)]));
    expect(selectParticipantsPanel(store.getState())).toBe(before);
    store.dispatch(presenceChanged([participant(7, 'Me'), participant(9, 'Ann'), participant(3, 'Bo')]));
    expect(selectParticipantsPanel(store.getState()).map((p) => p.name)).toEqual(['Me', 'Ann', 'Bo']);
  });
});
