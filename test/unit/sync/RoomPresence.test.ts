import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPresenceMessage } from '../../../src/sync/presence/presenceMessage';
import { openRoom, type RoomDocument } from '../../../src/sync/document/RoomDocument';
import { PRESENCE_TOPIC, RoomPresence } from '../../../src/sync/presence/RoomPresence';
import { createRoomRepo } from '../../../src/sync/document/roomRepo';

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
        roomPresence: { type: 'state', clientId: 5, seq: 0, state: { x: 1, y: 2, user: ann, color: 'blue' } },
      },
      ok: true,
    },
    { name: 'a goodbye', message: { roomPresence: { type: 'bye', clientId: 5 } }, ok: true },
    {
      name: 'a colour outside the four',
      message: {
        roomPresence: { type: 'state', clientId: 5, seq: 0, state: { x: 1, y: 2, user: ann, color: 'red' } },
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
  const bobState = (x: number | null = null, seq = 0) => ({
    roomPresence: { type: 'state', clientId: 9, seq, state: { x, y: null, user: bob, color: 'blue' } },
  });
  // A message of Bob's page that reaches this one over the room (the Repo's ephemeral messages).
  const fromBobOverRoom = (message: unknown) =>
    room.handle.emit('ephemeral-message', { handle: room.handle, senderId: 'bob-tab' as never, message });
  afterEach(() => vi.useRealTimers());

  it('greets with its state from the start and after each change', () => {
    const greetings = fakeGreetings();
    const presence = new RoomPresence({ greetings, user: ann, storage, clientId: 4 });
    expect(greetings.sent).toEqual([
      { roomPresence: { type: 'state', clientId: 4, seq: 0, state: presence.local } },
    ]);
    presence.setLocal({ x: 1, y: 2 });
    expect(greetings.sent.at(-1)).toMatchObject({ roomPresence: { seq: 1, state: { x: 1, y: 2 } } });
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
      { roomPresence: { type: 'state', clientId: 5, seq: 0, state: presence.local } },
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
      roomPresence: { type: 'state', clientId: 7, seq: 0, state: { ...bobState().roomPresence.state } },
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
      { roomPresence: { type: 'state', clientId: 4, seq: 1, state: presence.local } },
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
    const overRoom = (x: number) => fromBobOverRoom(bobState(x, x));
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
  it('numbers its state messages in the order it sends them, greetings and heartbeats included', () => {
    vi.useFakeTimers();
    const greetings = fakeGreetings();
    const presence = new RoomPresence({ greetings, user: ann, storage, clientId: 4, heartbeatMs: 1000 });
    presence.setLocal({ x: 1, y: 2 });
    vi.advanceTimersByTime(2000);
    const numbers = greetings.notes.map((n) => (n as { roomPresence: { seq: number } }).roomPresence.seq);
    expect(numbers).toEqual([1, 2, 3]);
    // A link opened now is greeted with the last message sent, not an older one.
    expect(greetings.sent.at(-1)).toMatchObject({ roomPresence: { seq: 3 } });
    presence.dispose();
  });

  it('drops a late copy a peer passes on after its sender left, and anything after a goodbye', () => {
    const greetings = fakeGreetings();
    const presence = new RoomPresence({ greetings, user: ann, storage, clientId: 4 });
    presence.attach(room);
    const overRoom = (x: number, seq: number) => fromBobOverRoom(bobState(x, seq));
    overRoom(1, 5);
    greetings.greet('bob-tab', null);
    expect([...presence.getStates().keys()]).toEqual([4]);
    // Another peer passes on Bob's message 5 (or an older one) after his link closed: he stays unlisted.
    overRoom(1, 5);
    overRoom(0, 3);
    expect([...presence.getStates().keys()]).toEqual([4]);
    // His next message shows he is still in the room through another peer.
    overRoom(2, 6);
    expect(presence.getStates().get(9)).toMatchObject({ x: 2 });
    // An older state coming after a newer one changes nothing.
    overRoom(9, 4);
    expect(presence.getStates().get(9)).toMatchObject({ x: 2 });
    // After his goodbye even a newer number is a copy sent before it: Bob's page leaves with this client id for good.
    fromBobOverRoom({ roomPresence: { type: 'bye', clientId: 9 } });
    overRoom(3, 7);
    greetings.greet('bob-tab', bobState(3, 8));
    expect([...presence.getStates().keys()]).toEqual([4]);
    presence.dispose();
  });

  it("takes no page's word about another page: neither a state in its client id nor its goodbye", () => {
    vi.useFakeTimers();
    const greetings = fakeGreetings();
    const presence = new RoomPresence({ greetings, user: ann, storage, clientId: 4, timeoutMs: 30_000 });
    greetings.note('bob-tab', bobState(1, 3));
    // Another page claims Bob's client id with a far higher number, then says goodbye for him: neither is taken.
    greetings.note('eve-tab', bobState(66, 1_000_000));
    greetings.note('eve-tab', { roomPresence: { type: 'bye', clientId: 9 } });
    expect(presence.getStates().get(9)).toMatchObject({ x: 1 });
    greetings.note('bob-tab', bobState(2, 4));
    expect(presence.getStates().get(9)).toMatchObject({ x: 2 });
    // A goodbye for a page not heard yet hides nothing either: the page is listed when it speaks.
    greetings.note('eve-tab', { roomPresence: { type: 'bye', clientId: 12 } });
    greetings.note('cem-tab', {
      roomPresence: { type: 'state', clientId: 12, seq: 0, state: { ...bobState().roomPresence.state } },
    });
    expect([...presence.getStates().keys()]).toEqual([4, 9, 12]);
    // Bob's own goodbye is taken.
    greetings.note('bob-tab', { roomPresence: { type: 'bye', clientId: 9 } });
    expect([...presence.getStates().keys()]).toEqual([4, 12]);
    presence.dispose();
  });

  it('lists a peer again when a new link greets with the last number heard', () => {
    const greetings = fakeGreetings();
    const presence = new RoomPresence({ greetings, user: ann, storage, clientId: 4 });
    greetings.greet('bob-tab', bobState(1, 3));
    greetings.greet('bob-tab', null);
    expect([...presence.getStates().keys()]).toEqual([4]);
    // Bob's page greets a new link with its last message: he is there, since the link just opened.
    greetings.greet('bob-tab', bobState(1, 3));
    expect([...presence.getStates().keys()]).toEqual([4, 9]);
    // A greeting older than what was heard keeps the newer state.
    greetings.greet('bob-tab', bobState(0, 2));
    expect(presence.getStates().get(9)).toMatchObject({ x: 1 });
    presence.dispose();
  });
});
