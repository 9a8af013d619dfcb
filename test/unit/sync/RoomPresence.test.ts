import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPresenceMessage } from '../../../src/sync/presenceMessage';
import { openRoom, type RoomDocument } from '../../../src/sync/RoomDocument';
import { RoomPresence } from '../../../src/sync/RoomPresence';
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
