import type { PeerId, Repo } from '@automerge/automerge-repo';
import * as A from '@automerge/automerge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openRoom, type RoomDocument } from '../../../src/sync/document/RoomDocument';
import { DocumentList } from '../../../src/sync/document/DocumentList';
import { genesisBinary, listChange } from '../../../src/sync/document/roomIdentity';
import { createRoomRepo } from '../../../src/sync/document/roomRepo';
import { MemoryStorageAdapter } from '../../helpers/MemoryStorageAdapter';
import { TestNetwork } from '../../helpers/TestNetwork';
import { settle } from '../../helpers/roomPeers';

type Tab = { repo: Repo; room: RoomDocument; list: DocumentList };
let tabs: Tab[] = [];

async function tab(
  network: TestNetwork | null,
  id: string,
  roomName: string,
  storage?: MemoryStorageAdapter,
) {
  const repo = createRoomRepo({ network: network ? [network.adapter()] : [], peerId: id as PeerId, storage });
  const room = await openRoom({ repo, roomName, gameNames: ['claims'], lists: ['notes'] });
  const t = { repo, room, list: new DocumentList(room, 'notes') };
  tabs.push(t);
  return t;
}

afterEach(async () => {
  for (const t of tabs) {
    t.list.dispose();
    t.room.dispose();
  }
  await Promise.all(tabs.map((t) => t.repo.shutdown()));
  tabs = [];
  vi.useRealTimers();
});

describe('a bounded list in the room document', () => {
  it('is made by a change every page makes byte for byte the same, on the genesis alone', () => {
    const genesis = genesisBinary(['claims']);
    const change = listChange(genesis, 'notes');
    expect(Buffer.from(listChange(genesis, 'notes')).equals(Buffer.from(change))).toBe(true);
    expect(Buffer.from(listChange(genesis, 'other')).equals(Buffer.from(change))).toBe(false);
    const [doc] = A.applyChanges(A.load(genesis), [change, change]);
    expect((A.toJS(doc) as Record<string, unknown>)['notes-list']).toEqual([]);
    expect(A.getHeads(doc)).toEqual([A.decodeChange(change).hash]);
  });

  it('keeps every append of two pages, and only the last items beyond the bound', async () => {
    vi.useFakeTimers();
    const network = new TestNetwork({ autoDeliver: false });
    const a = await tab(network, 'a', 'list-1');
    const b = await tab(network, 'b', 'list-1');
    let told = 0;
    b.list.subscribe(() => told++);
    for (let i = 0; i < 3; i++) a.list.append(`a${i}`, 4);
    for (let i = 0; i < 3; i++) b.list.append(`b${i}`, 4);
    await settle(network);
    const seen = a.list.texts(100);
    expect(b.list.texts(100)).toEqual(seen);
    // Appends made apart both stay: the list may pass its bound until the next append, and readers bound what they take.
    expect([...seen].sort()).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'b2']);
    expect(told).toBeGreaterThan(0);
    a.list.append('a3', 4);
    await settle(network);
    expect(b.list.texts(100)).toHaveLength(4);
    expect(b.list.texts(2)).toEqual(a.list.texts(2));
  });

  it('is still there, with its items, after a reload from storage', async () => {
    const storage = new MemoryStorageAdapter();
    const first = await tab(null, 'tab-1', 'list-2', storage);
    first.list.append('hello', 100);
    await first.repo.flush();
    const second = await tab(null, 'tab-2', 'list-2', storage);
    expect(second.list.texts(100)).toEqual(['hello']);
  });

  it('tells no listener about a change outside the list', async () => {
    const t = await tab(null, 'solo', 'list-3');
    let told = 0;
    t.list.subscribe(() => told++);
    t.room.handle.change((d) => {
      d.logs.claims.push(new A.ImmutableString('x'));
    });
    expect(told).toBe(0);
    t.list.append('x', 100);
    expect(told).toBe(1);
  });
});
