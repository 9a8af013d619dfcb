import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isSignedByItsPage,
  signPresence,
  type PresenceMessage,
} from '../../../src/sync/presence/presenceMessage';
import { openRoom, type RoomDocument } from '../../../src/sync/document/RoomDocument';
import { PRESENCE_TOPIC, RoomPresence } from '../../../src/sync/presence/RoomPresence';
import { createRoomRepo } from '../../../src/sync/document/roomRepo';
import { clientIdOfKey } from '../../../src/sync/signing/keyIdentity';
import { makeSigningKey, signerOf } from '../../../src/sync/signing/signingKey';
import type { PageSigner } from '../../../src/sync/signing/signatures';

const ann = { id: 'ann00000000000000000000000', name: 'Ann', color: 'red' };
const bob = { id: 'bob00000000000000000000000', name: 'Bob', color: 'blue' };
const ROOM = 'presence-unit';
let room: RoomDocument;
let n = 0;
const data = new Map<string, string>();
const storage = {
  getItem: (k: string) => data.get(k) ?? null,
  setItem: (k: string, v: string) => void data.set(k, v),
};

const newSigner = async (): Promise<PageSigner> => signerOf(await makeSigningKey());

/** Another page of the room as its own code would speak: its key, its client id and its signed messages. */
async function otherPage(peerId: string, user = bob, roomName = ROOM) {
  const signer = await newSigner();
  const clientId = clientIdOfKey(signer.key);
  return {
    signer,
    clientId,
    peerId,
    state: (x: number | null = null, seq = 0) =>
      signPresence(signer, roomName, {
        type: 'state',
        clientId,
        seq,
        peerId,
        state: { x, y: null, user, color: 'blue' },
        key: signer.key,
      }),
    bye: (inRoom = roomName) => signPresence(signer, inRoom, { type: 'bye', clientId, key: signer.key }),
  };
}
type OtherPage = Awaited<ReturnType<typeof otherPage>>;

beforeEach(async () => {
  data.clear();
  room = await openRoom({
    repo: createRoomRepo({ network: [] }),
    roomName: `${ROOM}-${n++}`,
    gameNames: ['a'],
  });
});
afterEach(async () => {
  room.dispose();
  await room.repo.shutdown();
});

describe('RoomPresence', () => {
  it('keeps the presence colour while the stored user id stays the same', () => {
    const first = new RoomPresence({
      roomName: ROOM,
      peerId: 'ann-tab',
      room,
      user: ann,
      storage,
      random: () => 0.3,
    });
    first.dispose();
    const again = new RoomPresence({
      roomName: ROOM,
      peerId: 'ann-tab',
      room,
      user: ann,
      storage,
      random: () => 0.9,
    });
    expect(again.local.color).toBe(first.local.color);
    again.setLocal({ user: bob });
    expect(again.local.color).toBe('green');
    again.dispose();
  });

  it('lists itself under the client id its key makes, once the key is made, and keeps the map until a change', async () => {
    const signer = await newSigner();
    const presence = new RoomPresence({
      roomName: ROOM,
      peerId: 'ann-tab',
      room,
      user: ann,
      storage,
      signer: Promise.resolve(signer),
    });
    expect(presence.clientId).toBeNull();
    expect(presence.getStates().size).toBe(0);
    const clientId = await presence.keyed;
    expect(clientId).toBe(clientIdOfKey(signer.key));
    expect(presence.clientId).toBe(clientId);
    const states = presence.getStates();
    expect([...states.keys()]).toEqual([clientId]);
    expect(presence.getStates()).toBe(states);
    presence.setLocal({ x: 3, y: 4 });
    expect(presence.getStates()).not.toBe(states);
    expect(presence.getStates().get(clientId)).toMatchObject({ x: 3, y: 4, user: ann });
    expect(presence.peerIdOf(clientId)).toBe('ann-tab');
    presence.dispose();
  });

  it('makes a key of its own on each page: two pages of one user are two client ids', async () => {
    const one = new RoomPresence({ roomName: ROOM, peerId: 'a', user: ann, storage });
    const two = new RoomPresence({ roomName: ROOM, peerId: 'b', user: ann, storage });
    const [a, b] = await Promise.all([one.keyed, two.keyed]);
    expect(a).not.toBe(b);
    expect(Number.isInteger(a) && a >= 0 && a < 2 ** 32).toBe(true);
    one.dispose();
    two.dispose();
  });
});

/** Link greetings and notes as a test drives them: what this page greets and notes, and what its links hear. */
function fakeGreetings() {
  let listener: ((peerId: string, greeting: unknown) => void) | null = null;
  let noteListener: ((peerId: string, note: unknown) => void) | null = null;
  const sent: PresenceMessage[] = [];
  const notes: PresenceMessage[] = [];
  const farewells: PresenceMessage[] = [];
  return {
    sent,
    notes,
    farewells,
    setFarewell: (topic: string, body: unknown) =>
      void (topic === PRESENCE_TOPIC && farewells.push(body as PresenceMessage)),
    setGreeting: (topic: string, greeting: unknown) =>
      void (topic === PRESENCE_TOPIC && sent.push(greeting as PresenceMessage)),
    onGreeting: (topic: string, l: (peerId: string, greeting: unknown) => void) => {
      expect(topic).toBe(PRESENCE_TOPIC);
      listener = l;
      return () => (listener = null);
    },
    broadcastNote: (topic: string, note: unknown) =>
      void (topic === PRESENCE_TOPIC && notes.push(note as PresenceMessage)),
    onNote: (topic: string, l: (peerId: string, note: unknown) => void) => {
      expect(topic).toBe(PRESENCE_TOPIC);
      noteListener = l;
      return () => (noteListener = null);
    },
    greet: (peerId: string, greeting: unknown) => listener?.(peerId, greeting),
    note: (peerId: string, note: unknown) => noteListener?.(peerId, note),
  };
}

describe('RoomPresence greetings (before the room document is open)', () => {
  type Greetings = ReturnType<typeof fakeGreetings>;
  // A message that reaches this page over the room (the Repo's ephemeral messages), passed on by `senderId`.
  const overRoom = (message: unknown, senderId = 'bob-tab') =>
    room.handle.emit('ephemeral-message', { handle: room.handle, senderId: senderId as never, message });

  let greetings: Greetings;
  let presence: RoomPresence;
  let me: number;
  let bobPage: OtherPage;
  async function join(options: { announce?: boolean; heartbeatMs?: number } = {}) {
    greetings = fakeGreetings();
    presence = new RoomPresence({
      roomName: ROOM,
      peerId: 'ann-tab',
      greetings,
      user: ann,
      storage,
      ...options,
    });
    me = await presence.keyed;
    bobPage = await otherPage('bob-tab');
  }
  const listed = () => [...presence.getStates().keys()];
  // Messages are taken in the order they came, each once its signature is checked: once this one's effect shows,
  // everything heard before it has been judged.
  const untilListed = (...ids: number[]) => vi.waitFor(() => expect(listed()).toEqual(ids));
  const stateOf = (clientId: number) => presence.getStates().get(clientId);
  afterEach(() => {
    presence.dispose();
    vi.useRealTimers();
  });

  it('greets with its signed state once its key is made, and after each change', async () => {
    await join();
    await vi.waitFor(() => expect(greetings.sent).toHaveLength(1));
    expect(greetings.sent[0]).toMatchObject({
      roomPresence: { type: 'state', clientId: me, seq: 0, peerId: 'ann-tab', state: presence.local },
    });
    expect(await isSignedByItsPage(ROOM, greetings.sent[0])).toBe(true);
    expect(await isSignedByItsPage('another-room', greetings.sent[0])).toBe(false);
    presence.setLocal({ x: 1, y: 2 });
    await vi.waitFor(() =>
      expect(greetings.sent.at(-1)).toMatchObject({ roomPresence: { seq: 1, state: { x: 1, y: 2 } } }),
    );
    expect(presence.peerIdOf(me)).toBe('ann-tab');
  });

  it('tells links opened before it (announce) its state at once', async () => {
    await join({ announce: true });
    await vi.waitFor(() => expect(greetings.notes).toHaveLength(1));
    expect(greetings.notes[0]).toMatchObject({ roomPresence: { type: 'state', clientId: me, seq: 0 } });
  });

  it('lists a greeting peer before the room is attached, and drops it when its link closes', async () => {
    await join();
    let changes = 0;
    presence.subscribe(() => changes++);
    greetings.greet('bob-tab', await bobPage.state());
    greetings.greet('eve-tab', { roomPresence: { type: 'state', clientId: 9 } });
    greetings.greet('eve-tab', 'nonsense');
    await untilListed(me, bobPage.clientId);
    expect(presence.peerIdOf(bobPage.clientId)).toBe('bob-tab');
    greetings.greet('bob-tab', null);
    await untilListed(me);
    expect(changes).toBe(2);
  });

  it('says its goodbye, signed, on the links before the room is attached, and takes a peer goodbye', async () => {
    await join();
    const cem = await otherPage('cem-tab');
    greetings.greet('bob-tab', await bobPage.state());
    greetings.greet('cem-tab', await cem.state());
    greetings.note('cem-tab', 'nonsense');
    await untilListed(me, bobPage.clientId, cem.clientId);
    greetings.note('cem-tab', await cem.bye());
    await untilListed(me, bobPage.clientId);
    presence.dispose();
    presence.dispose();
    expect(greetings.notes).toHaveLength(1);
    expect(greetings.notes[0]).toMatchObject({ roomPresence: { type: 'bye', clientId: me } });
    expect(await isSignedByItsPage(ROOM, greetings.notes[0])).toBe(true);
    // The same goodbye is its farewell, set as its key was made: posted through the server too as the page closes.
    expect(greetings.farewells).toEqual([greetings.notes[0]]);
    // Disposed: what comes after is not heard.
    greetings.note('bob-tab', await bobPage.bye());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(listed()).toEqual([me, bobPage.clientId]);
  });

  it('sends its changes as notes on the links until the room is attached, then over the room', async () => {
    await join();
    const sentOverRoom: unknown[] = [];
    const broadcast = room.handle.broadcast.bind(room.handle);
    room.handle.broadcast = (message: unknown) => {
      sentOverRoom.push(message);
      broadcast(message);
    };
    presence.setLocal({ x: 1, y: 2 });
    await vi.waitFor(() => expect(greetings.notes).toHaveLength(1));
    expect(greetings.notes[0]).toMatchObject({
      roomPresence: { type: 'state', clientId: me, state: { x: 1, y: 2 } },
    });
    presence.attach(room);
    presence.setLocal({ x: 3, y: 4 });
    await vi.waitFor(() =>
      expect(sentOverRoom.at(-1)).toMatchObject({ roomPresence: { state: { x: 3, y: 4 } } }),
    );
    expect(greetings.notes).toHaveLength(1);
    // The goodbye goes both ways: a linked peer hears it even when its Repo does not sync with this one yet.
    presence.dispose();
    expect(greetings.notes.at(-1)).toMatchObject({ roomPresence: { type: 'bye', clientId: me } });
    expect(sentOverRoom.at(-1)).toMatchObject({ roomPresence: { type: 'bye', clientId: me } });
  });

  it('drops a participant heard over the room when its link closes, and lists it again when the room hears it', async () => {
    await join();
    greetings.greet('bob-tab', await bobPage.state());
    presence.attach(room);
    overRoom(await bobPage.state(5, 5));
    await vi.waitFor(() => expect(stateOf(bobPage.clientId)).toMatchObject({ x: 5 }));
    // A closing page's goodbye may never leave it: its link closing is enough.
    greetings.greet('bob-tab', null);
    await untilListed(me);
    expect(presence.peerIdOf(bobPage.clientId)).toBeUndefined();
    // Still in the room through another peer: its next state lists it again.
    overRoom(await bobPage.state(6, 6), 'cem-tab');
    await vi.waitFor(() => expect(stateOf(bobPage.clientId)).toMatchObject({ x: 6 }));
    expect(presence.peerIdOf(bobPage.clientId)).toBe('bob-tab');
  });

  it('numbers its state messages in the order it sends them, greetings and heartbeats included', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await join({ heartbeatMs: 1000 });
    await vi.waitFor(() => expect(greetings.sent).toHaveLength(1));
    presence.setLocal({ x: 1, y: 2 });
    await vi.waitFor(() => expect(greetings.notes).toHaveLength(1));
    vi.advanceTimersByTime(1000);
    await vi.waitFor(() => expect(greetings.notes).toHaveLength(2));
    vi.advanceTimersByTime(1000);
    await vi.waitFor(() => expect(greetings.notes).toHaveLength(3));
    expect(greetings.notes.map((m) => m.roomPresence.type === 'state' && m.roomPresence.seq)).toEqual([
      1, 2, 3,
    ]);
    // A link opened now is greeted with the last message sent, not an older one.
    expect(greetings.sent.at(-1)).toMatchObject({ roomPresence: { seq: 3 } });
  });

  it('drops a page silent for 30 s (a crashed page says no goodbye), and keeps one heard within them', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await join();
    greetings.greet('bob-tab', await bobPage.state());
    await untilListed(me, bobPage.clientId);
    vi.advanceTimersByTime(29_000);
    expect(listed()).toEqual([me, bobPage.clientId]);
    vi.advanceTimersByTime(2_000);
    expect(listed()).toEqual([me]);
  });

  it('drops a late copy a peer passes on after its sender left, and anything after a goodbye', async () => {
    await join();
    presence.attach(room);
    const copy = await bobPage.state(1, 5);
    overRoom(copy);
    await untilListed(me, bobPage.clientId);
    greetings.greet('bob-tab', null);
    await untilListed(me);
    // Another peer passes on Bob's message 5 (or an older one) after his link closed: he stays unlisted.
    overRoom(copy, 'cem-tab');
    overRoom(await bobPage.state(0, 3), 'cem-tab');
    // His next message shows he is still in the room through another peer.
    overRoom(await bobPage.state(2, 6), 'cem-tab');
    await vi.waitFor(() => expect(stateOf(bobPage.clientId)).toMatchObject({ x: 2 }));
    // An older state coming after a newer one changes nothing.
    overRoom(await bobPage.state(9, 4), 'cem-tab');
    // After his goodbye even a newer number is a copy sent before it: Bob's page leaves with this client id for good.
    overRoom(await bobPage.bye());
    overRoom(await bobPage.state(3, 7));
    greetings.greet('bob-tab', await bobPage.state(3, 8));
    const cem = await otherPage('cem-tab');
    overRoom(await cem.state(), 'cem-tab');
    await untilListed(me, cem.clientId);
  });

  it('lists a peer again when a new link greets with the last number heard', async () => {
    await join();
    greetings.greet('bob-tab', await bobPage.state(1, 3));
    await untilListed(me, bobPage.clientId);
    greetings.greet('bob-tab', null);
    await untilListed(me);
    // Bob's page greets a new link with its last message: he is there, since the link just opened.
    greetings.greet('bob-tab', await bobPage.state(1, 3));
    await untilListed(me, bobPage.clientId);
    // A greeting older than what was heard keeps the newer state.
    greetings.greet('bob-tab', await bobPage.state(0, 2));
    greetings.greet('bob-tab', await bobPage.state(4, 4));
    await vi.waitFor(() => expect(stateOf(bobPage.clientId)).toMatchObject({ x: 4 }));
  });
});

describe('RoomPresence refuses what a page running other code says about another page', () => {
  // Eve's page runs modified code: it has a key of its own, and passes messages on over the room as a relay does.
  let presence: RoomPresence;
  let me: number;
  let bobPage: OtherPage;
  let eve: OtherPage;
  const overRoom = (message: unknown, senderId: string) =>
    room.handle.emit('ephemeral-message', { handle: room.handle, senderId: senderId as never, message });
  const listed = () => [...presence.getStates().keys()];
  const stateOf = (clientId: number) => presence.getStates().get(clientId);
  // Bob's own next state, after what Eve sent: once it shows, Eve's messages have been judged (taken in order).
  let bobSeq = 1;
  async function bobSpeaks(x: number) {
    overRoom(await bobPage.state(x, bobSeq++), 'bob-tab');
    await vi.waitFor(() => expect(stateOf(bobPage.clientId)).toMatchObject({ x }));
  }
  // Eve's messages in Bob's client id, signed with her own key or with a signature that is not Bob's.
  const signedByEve = (body: object) => signPresence(eve.signer, ROOM, body as never);
  const withSignatureOf = async (message: PresenceMessage, other: PresenceMessage) => ({
    roomPresence: { ...message.roomPresence, signature: other.roomPresence.signature },
  });

  let greetings: ReturnType<typeof fakeGreetings>;
  beforeEach(async () => {
    greetings = fakeGreetings();
    presence = new RoomPresence({ roomName: ROOM, peerId: 'ann-tab', room, greetings, user: ann, storage });
    me = await presence.keyed;
    bobPage = await otherPage('bob-tab');
    eve = await otherPage('eve-tab', { ...bob, name: 'Eve' });
    bobSeq = 1;
    overRoom(await bobPage.state(0, 0), 'bob-tab');
    await vi.waitFor(() => expect(listed()).toEqual([me, bobPage.clientId]));
  });
  afterEach(() => presence.dispose());

  it('takes no goodbye in a page’s client id that its page did not sign, whoever passes it on', async () => {
    // Signed with Eve's own key (which makes another client id), relayed under Bob's peer id and her own.
    const byeWithEvesKey = await signedByEve({
      type: 'bye',
      clientId: bobPage.clientId,
      key: eve.signer.key,
    });
    overRoom(byeWithEvesKey, 'bob-tab');
    overRoom(byeWithEvesKey, 'eve-tab');
    // Naming Bob's key, with a signature that is not his (Eve's signature of the same text).
    const byeNamingBobsKey = await signedByEve({
      type: 'bye',
      clientId: bobPage.clientId,
      key: bobPage.signer.key,
    });
    overRoom(byeNamingBobsKey, 'bob-tab');
    // Bob's own goodbye signed for another room.
    overRoom(await bobPage.bye('another-room'), 'bob-tab');
    await bobSpeaks(1);
    expect(listed()).toEqual([me, bobPage.clientId]);
    // Bob's own goodbye is taken, by whatever path it comes.
    overRoom(await bobPage.bye(), 'eve-tab');
    await vi.waitFor(() => expect(listed()).toEqual([me]));
  });

  it('takes no state in a page’s client id that its page did not sign: it can neither move nor silence it', async () => {
    // A far higher number would make Bob's own next messages look like late copies, and so hide him.
    const high = {
      type: 'state',
      clientId: bobPage.clientId,
      seq: 1_000_000,
      peerId: 'eve-tab',
      state: { x: 66, y: null, user: bob, color: 'blue' },
    };
    overRoom(await signedByEve({ ...high, key: eve.signer.key }), 'eve-tab');
    overRoom(await signedByEve({ ...high, key: bobPage.signer.key }), 'bob-tab');
    // Bob's own message, altered on its way.
    const genuine = await bobPage.state(7, bobSeq++);
    overRoom({ roomPresence: { ...genuine.roomPresence, seq: 1_000_000 } }, 'eve-tab');
    overRoom(await withSignatureOf(await bobPage.state(66, 1_000_001), genuine), 'eve-tab');
    await bobSpeaks(2);
    expect(stateOf(bobPage.clientId)).toMatchObject({ x: 2 });
    // An altered copy that comes first, with Bob's signature, does not shadow his own message that follows.
    const next = await bobPage.state(11, bobSeq++);
    const sent = next.roomPresence as Extract<PresenceMessage['roomPresence'], { type: 'state' }>;
    const altered = { ...sent, state: { ...sent.state, x: 66 } };
    overRoom({ roomPresence: altered }, 'eve-tab');
    overRoom(next, 'bob-tab');
    await vi.waitFor(() => expect(stateOf(bobPage.clientId)).toMatchObject({ x: 11 }));
  });

  it('takes no client id a key does not make, 0 included, even signed', async () => {
    const claim = (clientId: number) =>
      signedByEve({
        type: 'state',
        clientId,
        seq: 0,
        peerId: 'eve-tab',
        state: { x: null, y: null, user: { ...bob, name: 'Eve' }, color: 'blue' },
        key: eve.signer.key,
      });
    overRoom(await claim(0), 'eve-tab');
    overRoom(await claim(1), 'eve-tab');
    overRoom(await claim(eve.clientId + 1), 'eve-tab');
    await bobSpeaks(3);
    expect(listed()).toEqual([me, bobPage.clientId]);
    // Her own client id, made from her key, is taken.
    overRoom(await eve.state(), 'eve-tab');
    await vi.waitFor(() => expect(listed()).toEqual([me, bobPage.clientId, eve.clientId]));
  });

  it('drops a page only when its own link closes, whoever passed its messages on', async () => {
    // Eve passes Bob's signed state on as if it came from her: the peer he speaks through is in what he signed.
    overRoom(await bobPage.state(4, bobSeq++), 'eve-tab');
    await vi.waitFor(() => expect(stateOf(bobPage.clientId)).toMatchObject({ x: 4 }));
    expect(presence.peerIdOf(bobPage.clientId)).toBe('bob-tab');
    // Eve's link closing leaves Bob listed; his own closing drops him.
    greetings.greet('eve-tab', null);
    await bobSpeaks(5);
    greetings.greet('bob-tab', null);
    await vi.waitFor(() => expect(listed()).toEqual([me]));
  });

  it('takes on a link only the state of the page at its other end', async () => {
    // Eve greets and notes with Bob's own signed state, naming his peer: a page speaks on its links for itself alone.
    greetings.greet('eve-tab', await bobPage.state(8, 1_000));
    greetings.note('eve-tab', await bobPage.state(8, 1_001));
    await bobSpeaks(6);
    expect(stateOf(bobPage.clientId)).toMatchObject({ x: 6 });
  });
});
