import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPresenceMessage } from '../../../src/sync/presenceMessage';
import { openRoom, type RoomDocument } from '../../../src/sync/RoomDocument';
import { PRESENCE_TOPIC, RoomPresence } from '../../../src/sync/RoomPresence';
import { createRoomRepo } from '../../../src/sync/roomRepo';

const ann = { id: 'ann00000000000000000000000', name: 'Ann', color: 'red' };
const bob = { id: 'bob00000000000000000000000', name: 'Bob', color: 'blue' };
let room: RoomDocument;
let n = 0;
const data = new Map<string, string>();
const storage = {
  getItem: (k: string) => data.get(k) ?? null,
  setItem: (k: string, v: string) => void data.set(k, v),
};

beforeEach(async () => {
  data.clear();
  room = await openRoom({
    repo: createRoomRepo({ network: [] }),
    roomName: `presence-unit-${n++}`,
    gameNames: ['a'],
  });
});
afterEach(async () => {
  room.dispose();
  await room.repo.shutdown();
});

describe('RoomPresence', () => {
  it('keeps the presence colour while the stored user id stays the same', () => {
    const first = new RoomPresence({ room, user: ann, storage, random: () => 0.3 });
    first.dispose();
    const again = new RoomPresence({ room, user: ann, storage, random: () => 0.9 });
    expect(again.local.color).toBe(first.local.color);
    again.setLocal({ user: bob });
    expect(again.local.color).toBe('green');
    again.dispose();
  });

  it('lists itself under a 32-bit unsigned client id and returns the same map until something changes', () => {
    const presence = new RoomPresence({ room, user: ann, storage });
    expect(Number.isInteger(presence.clientId) && presence.clientId >= 0 && presence.clientId < 2 ** 32).toBe(
      true,
    );
    const states = presence.getStates();
    expect([...states.keys()]).toEqual([presence.clientId]);
    expect(presence.getStates()).toBe(states);
    presence.setLocal({ x: 3, y: 4 });
    expect(presence.getStates()).not.toBe(states);
    expect(presence.getStates().get(presence.clientId)).toMatchObject({ x: 3, y: 4, user: ann });
    expect(presence.peerIdOf(presence.clientId)).toBe(room.repo.peerId);
    presence.dispose();
  });

  it.each([
    {
      name: 'a state message',
      message: {
        roomPresence: { type: 'state', clientId: 5, state: { x: 1, y: 2, user: ann, color: 'blue' } },
      },
      ok: true,
    },
    { name: 'a goodbye', message: { roomPresence: { type: 'bye', clientId: 5 } }, ok: true },
    {
      name: 'a colour outside the four',
      message: {
        roomPresence: { type: 'state', clientId: 5, state: { x: 1, y: 2, user: ann, color: 'red' } },
      },
      ok: false,
    },
    { name: 'a negative client id', message: { roomPresence: { type: 'bye', clientId: -1 } }, ok: false },
    { name: 'another ephemeral message', message: { __presence: { type: 'heartbeat' } }, ok: false },
  ])('accepts only well-formed messages: $name', ({ message, ok }) => {
    expect(isPresenceMessage(message)).toBe(ok);
  });
});

describe('RoomPresence greetings (before the room document is open)', () => {
  function fakeGreetings() {
    let listener: ((peerId: string, greeting: unknown) => void) | null = null;
    let noteListener: ((peerId: string, note: unknown) => void) | null = null;
    const sent: unknown[] = [];
    const notes: unknown[] = [];
    return {
      sent,
      notes,
      setGreeting: (topic: string, greeting: unknown) =>
        void (topic === PRESENCE_TOPIC && sent.push(greeting)),
      onGreeting: (topic: string, l: (peerId: string, greeting: unknown) => void) => {
        expect(topic).toBe(PRESENCE_TOPIC);
        listener = l;
        return () => (listener = null);
      },
      broadcastNote: (topic: string, note: unknown) => void (topic === PRESENCE_TOPIC && notes.push(note)),
      onNote: (topic: string, l: (peerId: string, note: unknown) => void) => {
        expect(topic).toBe(PRESENCE_TOPIC);
        noteListener = l;
        return () => (noteListener = null);
      },
      greet: (peerId: string, greeting: unknown) => listener?.(peerId, greeting),
      note: (peerId: string, note: unknown) => noteListener?.(peerId, note),
    };
  }
  const bobState = (x: number | null = null) => ({
    roomPresence: { type: 'state', clientId: 9, state: { x, y: null, user: bob, color: 'blue' } },
  });

  it('greets with its state from the start and after each change', () => {
    const greetings = fakeGreetings();
    const presence = new RoomPresence({ greetings, user: ann, storage, clientId: 4 });
    expect(greetings.sent).toEqual([{ roomPresence: { type: 'state', clientId: 4, state: presence.local } }]);
    presence.setLocal({ x: 1, y: 2 });
    expect(greetings.sent.at(-1)).toMatchObject({ roomPresence: { state: { x: 1, y: 2 } } });
    expect(presence.peerIdOf(4)).toBeUndefined();
    presence.dispose();
  });

  it('tells links opened before it (announce) its state at once', () => {
    const greetings = fakeGreetings();
    const quiet = new RoomPresence({ greetings, user: ann, storage, clientId: 4 });
    expect(greetings.notes).toEqual([]);
    quiet.dispose();
    greetings.notes.length = 0;
    const presence = new RoomPresence({ greetings, user: ann, announce: true, storage, clientId: 5 });
    expect(greetings.notes).toEqual([
      { roomPresence: { type: 'state', clientId: 5, state: presence.local } },
    ]);
    presence.dispose();
  });

  it('lists a greeting peer before the room is attached, and drops it when its link closes', () => {
    const greetings = fakeGreetings();
    const presence = new RoomPresence({ greetings, user: ann, storage, clientId: 4 });
    let changes = 0;
    presence.subscribe(() => changes++);
    greetings.greet('bob-tab', bobState());
    greetings.greet('eve-tab', { roomPresence: { type: 'state', clientId: 9 } });
    greetings.greet('eve-tab', 'nonsense');
    expect([...presence.getStates().keys()]).toEqual([4, 9]);
    expect(presence.peerIdOf(9)).toBe('bob-tab');
    greetings.greet('bob-tab', null);
    expect([...presence.getStates().keys()]).toEqual([4]);
    expect(changes).toBe(2);
    presence.dispose();
  });

  it('says goodbye on the links before the room is attached, and drops a peer whose goodbye comes on its link', () => {
    const greetings = fakeGreetings();
    const presence = new RoomPresence({ greetings, user: ann, storage, clientId: 4 });
    greetings.greet('bob-tab', bobState());
    greetings.greet('eve-tab', {
      roomPresence: { type: 'state', clientId: 7, state: { ...bobState().roomPresence.state } },
    });
    greetings.note('eve-tab', 'nonsense');
    expect([...presence.getStates().keys()]).toEqual([4, 9, 7]);
    greetings.note('eve-tab', { roomPresence: { type: 'bye', clientId: 7 } });
    expect([...presence.getStates().keys()]).toEqual([4, 9]);
    presence.dispose();
    presence.dispose();
    expect(greetings.notes).toEqual([{ roomPresence: { type: 'bye', clientId: 4 } }]);
    // Disposed: what comes after is not heard.
    greetings.note('bob-tab', { roomPresence: { type: 'bye', clientId: 9 } });
    expect([...presence.getStates().keys()]).toEqual([4, 9]);
  });

  it('sends its changes as notes on the links until the room is attached, then over the room', () => {
    const greetings = fakeGreetings();
    const presence = new RoomPresence({ greetings, user: ann, storage, clientId: 4 });
    const overRoom: unknown[] = [];
    const broadcast = room.handle.broadcast.bind(room.handle);
    room.handle.broadcast = (message: unknown) => {
      overRoom.push(message);
      broadcast(message);
    };
    presence.setLocal({ x: 1, y: 2 });
    expect(greetings.notes).toEqual([
      { roomPresence: { type: 'state', clientId: 4, state: presence.local } },
    ]);
    presence.attach(room);
    presence.setLocal({ x: 3, y: 4 });
    expect(greetings.notes).toHaveLength(1);
    expect(overRoom.at(-1)).toMatchObject({ roomPresence: { state: { x: 3, y: 4 } } });
    // The goodbye goes both ways: a linked peer hears it even when its Repo does not sync with this one yet.
    presence.dispose();
    expect(greetings.notes.at(-1)).toEqual({ roomPresence: { type: 'bye', clientId: 4 } });
    expect(overRoom.at(-1)).toEqual({ roomPresence: { type: 'bye', clientId: 4 } });
  });

  it('drops a participant heard over the room when its link closes, and lists it again when the room hears it', () => {
    const greetings = fakeGreetings();
    const presence = new RoomPresence({ greetings, user: ann, storage, clientId: 4 });
    greetings.greet('bob-tab', bobState());
    presence.attach(room);
    const overRoom = (x: number) =>
      room.handle.emit('ephemeral-message', {
        handle: room.handle,
        senderId: 'bob-tab' as never,
        message: bobState(x),
      });
    overRoom(5);
    expect(presence.getStates().get(9)).toMatchObject({ x: 5 });
    // A closing page's goodbye may never leave it: its link closing is enough.
    greetings.greet('bob-tab', null);
    expect([...presence.getStates().keys()]).toEqual([4]);
    expect(presence.peerIdOf(9)).toBeUndefined();
    // Still in the room through another peer: its next state lists it again.
    overRoom(6);
    expect(presence.getStates().get(9)).toMatchObject({ x: 6 });
    expect(presence.peerIdOf(4)).toBe(room.repo.peerId);
    presence.dispose();
  });
});
