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

async function tab(network: TestNetwork, id: string, roomName: string): Promise<Tab> {
  const repo = createRoomRepo({ network: [network.adapter()], peerId: id as PeerId });
  const room = await openRoom({ repo, roomName, gameNames: ['claims'] });
  const user = { id: `user-${id}`, name: id.toUpperCase(), color: 'red' };
  const presence = new RoomPresence({ roomName, peerId: id, room, user, storage: memoryStorage() });
  await presence.keyed;
  const t = { repo, room, presence };
  tabs.push(t);
  return t;
}

// Each page's client id is made from its own key: the tabs are told apart by their users' names.
const names = (t: Tab) => [...t.presence.getStates().values()].map((s) => s.user.name).sort();
const idOf = (t: Tab) => t.presence.clientId!;

beforeEach(() => {
  // WebCrypto signs and verifies outside the timers: only the timers presence keeps are faked.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
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
    const a = await tab(network, 'a', 'presence-1');
    const b = await tab(network, 'b', 'presence-1');
    const c = await tab(network, 'c', 'presence-1');
    for (const t of [a, b, c]) await vi.waitFor(() => expect(names(t)).toEqual(['A', 'B', 'C']));
    expect(a.presence.getStates().get(idOf(b))?.user.name).toBe('B');
    expect(a.presence.peerIdOf(idOf(c))).toBe('c');

    const seen: (number | null)[] = [];
    b.presence.subscribe(() => seen.push(b.presence.getStates().get(idOf(a))!.x));
    a.presence.setLocal({ x: 40, y: 7 });
    await vi.waitFor(() => expect(b.presence.getStates().get(idOf(a))).toMatchObject({ x: 40, y: 7 }));
    expect(seen).toContain(40);
  });

  it('removes a participant not heard from for 30 s, and keeps one that refreshes every 15 s', async () => {
    const network = new TestNetwork({ autoDeliver: true });
    const a = await tab(network, 'a', 'presence-2');
    const b = await tab(network, 'b', 'presence-2');
    const c = await tab(network, 'c', 'presence-2');
    await vi.waitFor(() => expect(names(a)).toEqual(['A', 'B', 'C']));
    // Each 15 s B's page says it is still here (its heartbeat). A verifies it outside the timers, and takes what it
    // hears in order: once C's next change shows on A, B's heartbeat before it has been taken.
    let heartbeats = 0;
    a.room.handle.on('ephemeral-message', ({ senderId }) => void (senderId === 'b' && heartbeats++));
    for (let step = 1; step <= 4; step++) {
      const before = heartbeats;
      await vi.advanceTimersByTimeAsync(15_000);
      await vi.waitFor(() => expect(heartbeats).toBeGreaterThan(before));
      c.presence.setLocal({ x: step, y: 0 });
      await vi.waitFor(() => expect(a.presence.getStates().get(idOf(c))).toMatchObject({ x: step }));
    }
    expect(names(a)).toEqual(['A', 'B', 'C']);
    network.partition([['a' as PeerId], ['b' as PeerId, 'c' as PeerId]]);
    // B keeps hearing C. The clock must not run past what B has taken of C: advanced 29 s at once, it once outran the
    // verification of C's heartbeat on a loaded machine, and B dropped C.
    await vi.advanceTimersByTimeAsync(15_000);
    c.presence.setLocal({ x: 5, y: 0 });
    await vi.waitFor(() => expect(b.presence.getStates().get(idOf(c))).toMatchObject({ x: 5 }));
    await vi.advanceTimersByTimeAsync(14_000);
    expect(names(a)).toEqual(['A', 'B', 'C']);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(names(a)).toEqual(['A']);
    expect(names(b)).toEqual(['B', 'C']);
  });

  it('removes a tab at once when it says goodbye', async () => {
    const network = new TestNetwork({ autoDeliver: true });
    const a = await tab(network, 'a', 'presence-3');
    const b = await tab(network, 'b', 'presence-3');
    await vi.waitFor(() => expect(names(a)).toEqual(['A', 'B']));
    b.presence.dispose();
    await vi.waitFor(() => expect(names(a)).toEqual(['A']));
  });
});
