import type { PeerId, Repo } from '@automerge/automerge-repo';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openRoom, type RoomDocument } from '../../../src/sync/document/RoomDocument';
import { RoomPresence } from '../../../src/sync/presence/RoomPresence';
import { createRoomRepo } from '../../../src/sync/document/roomRepo';
import { TestNetwork } from '../../helpers/TestNetwork';

type Tab = { repo: Repo; room: RoomDocument; presence: RoomPresence };
let tabs: Tab[] = [];

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

async function tab(network: TestNetwork, id: string, roomName: string, clientId: number): Promise<Tab> {
  const repo = createRoomRepo({ network: [network.adapter()], peerId: id as PeerId });
  const room = await openRoom({ repo, roomName, gameNames: ['claims'] });
  const user = { id: `user-${id}`, name: id.toUpperCase(), color: 'red' };
  const presence = new RoomPresence({ room, user, clientId, storage: memoryStorage() });
  const t = { repo, room, presence };
  tabs.push(t);
  return t;
}

const ids = (t: Tab) => [...t.presence.getStates().keys()].sort();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(async () => {
  for (const t of tabs) {
    t.presence.dispose();
    t.room.dispose();
  }
  await Promise.all(tabs.map((t) => t.repo.shutdown()));
  tabs = [];
  vi.useRealTimers();
});

describe('room presence', () => {
  it('shows every tab to every other once they meet, and each state change at once', async () => {
    const network = new TestNetwork({ autoDeliver: true });
    const a = await tab(network, 'a', 'presence-1', 1);
    const b = await tab(network, 'b', 'presence-1', 2);
    await vi.advanceTimersByTimeAsync(50);
    const c = await tab(network, 'c', 'presence-1', 3);
    await vi.advanceTimersByTimeAsync(50);
    for (const t of [a, b, c]) expect(ids(t)).toEqual([1, 2, 3]);
    expect(a.presence.getStates().get(2)?.user.name).toBe('B');
    expect(a.presence.peerIdOf(3)).toBe('c');

    const seen: (number | null)[] = [];
    b.presence.subscribe(() => seen.push(b.presence.getStates().get(1)!.x));
    a.presence.setLocal({ x: 40, y: 7 });
    await vi.advanceTimersByTimeAsync(0);
    expect(b.presence.getStates().get(1)).toMatchObject({ x: 40, y: 7 });
    expect(seen).toContain(40);
  });

  it('removes a participant not heard from for 30 s, and keeps one that refreshes every 15 s', async () => {
    const network = new TestNetwork({ autoDeliver: true });
    const a = await tab(network, 'a', 'presence-2', 1);
    const b = await tab(network, 'b', 'presence-2', 2);
    await vi.advanceTimersByTimeAsync(50);
    expect(ids(a)).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(ids(a)).toEqual([1, 2]);
    network.partition([['a' as PeerId], ['b' as PeerId]]);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(ids(a)).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(ids(a)).toEqual([1]);
    expect(ids(b)).toEqual([2]);
  });

  it('removes a tab at once when it says goodbye', async () => {
    const network = new TestNetwork({ autoDeliver: true });
    const a = await tab(network, 'a', 'presence-3', 1);
    const b = await tab(network, 'b', 'presence-3', 2);
    await vi.advanceTimersByTimeAsync(50);
    expect(ids(a)).toEqual([1, 2]);
    b.presence.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(ids(a)).toEqual([1]);
  });
});
