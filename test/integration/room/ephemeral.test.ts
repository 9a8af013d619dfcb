import type { PeerId, Repo } from '@automerge/automerge-repo';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openRoom, type RoomDocument } from '../../../src/sync/document/RoomDocument';
import { RoomEphemeral } from '../../../src/sync/presence/RoomEphemeral';
import { createRoomRepo } from '../../../src/sync/document/roomRepo';
import { TestNetwork } from '../../helpers/TestNetwork';

type Tab = { repo: Repo; room: RoomDocument; ephemeral: RoomEphemeral };
let tabs: Tab[] = [];

async function tab(network: TestNetwork, id: string, roomName: string): Promise<Tab> {
  const repo = createRoomRepo({ network: [network.adapter()], peerId: id as PeerId });
  const room = await openRoom({ repo, roomName, gameNames: ['claims'] });
  const t = { repo, room, ephemeral: new RoomEphemeral(room) };
  tabs.push(t);
  return t;
}

afterEach(async () => {
  for (const t of tabs) {
    t.ephemeral.dispose();
    t.room.dispose();
  }
  await Promise.all(tabs.map((t) => t.repo.shutdown()));
  tabs = [];
  vi.useRealTimers();
});

describe('the room ephemeral channel', () => {
  it('delivers a message to every other peer of the room and stores nothing', async () => {
    vi.useFakeTimers();
    const network = new TestNetwork({ autoDeliver: true });
    const a = await tab(network, 'a', 'ephemeral-1');
    const b = await tab(network, 'b', 'ephemeral-1');
    const c = await tab(network, 'c', 'ephemeral-1');
    await vi.advanceTimersByTimeAsync(50);
    const seenByB: unknown[] = [];
    const seenByC: unknown[] = [];
    b.ephemeral.subscribe((m) => seenByB.push(m));
    const stopC = c.ephemeral.subscribe((m) => seenByC.push(m));
    const before = a.room.byteSize();
    a.ephemeral.broadcast({ avatar: { x: 1, y: 2 } });
    await vi.advanceTimersByTimeAsync(10);
    expect(seenByB).toContainEqual({ avatar: { x: 1, y: 2 } });
    expect(seenByC).toContainEqual({ avatar: { x: 1, y: 2 } });
    stopC();
    a.ephemeral.broadcast({ avatar: { x: 3, y: 4 } });
    await vi.advanceTimersByTimeAsync(10);
    expect(seenByB).toContainEqual({ avatar: { x: 3, y: 4 } });
    expect(seenByC).not.toContainEqual({ avatar: { x: 3, y: 4 } });
    expect(a.room.byteSize()).toBe(before);
  });

  it('keeps delivering when one listener throws, and sends nothing after dispose', async () => {
    vi.useFakeTimers();
    const network = new TestNetwork({ autoDeliver: true });
    const a = await tab(network, 'a', 'ephemeral-2');
    const b = await tab(network, 'b', 'ephemeral-2');
    await vi.advanceTimersByTimeAsync(50);
    const seen: unknown[] = [];
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    b.ephemeral.subscribe(() => {
      throw new Error('boom');
    });
    b.ephemeral.subscribe((m) => seen.push(m));
    a.ephemeral.broadcast('hello');
    await vi.advanceTimersByTimeAsync(10);
    expect(seen).toContain('hello');
    expect(error).toHaveBeenCalled();
    a.ephemeral.dispose();
    a.ephemeral.broadcast('after');
    await vi.advanceTimersByTimeAsync(10);
    expect(seen).not.toContain('after');
    error.mockRestore();
  });
});
