import type { PeerId } from '@automerge/automerge-repo';
import { MemoryStorageAdapter } from '../../helpers/MemoryStorageAdapter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as A from '@automerge/automerge';
import { openRoom } from '../../../src/sync/document/RoomDocument';
import { genesisBinary, roomDocumentId } from '../../../src/sync/document/roomIdentity';
import { createRoomRepo } from '../../../src/sync/document/roomRepo';
import { GameBridge } from '../../../src/sync/log/GameBridge';
import { claimsGame, claimsSlice, TEST_GAME_NAMES } from '../../helpers/claimsGame';
import { makeClaimsStore } from '../../helpers/roomPeers';

const { seatClaimed, counted } = claimsSlice.actions;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('opening a room document', () => {
  it('logs an error and returns the first document when the same room is opened twice', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const repo = createRoomRepo({ network: [] });
    const first = await openRoom({ repo, roomName: 'twice', gameNames: TEST_GAME_NAMES });
    const second = await openRoom({ repo, roomName: 'twice', gameNames: TEST_GAME_NAMES });
    expect(second).toBe(first);
    expect(error).toHaveBeenCalledTimes(1);
    first.dispose();
    expect(await openRoom({ repo, roomName: 'twice', gameNames: TEST_GAME_NAMES })).not.toBe(first);
    await repo.shutdown();
  });

  it('restores the log from storage after a reload, with no peer to ask', async () => {
    const storage = new MemoryStorageAdapter();
    const before = createRoomRepo({ network: [], storage, peerId: 'tab-1' as PeerId });
    const room = await openRoom({ repo: before, roomName: 'reload', gameNames: TEST_GAME_NAMES });
    let bridge: GameBridge | null = null;
    const store = makeClaimsStore(() => bridge);
    bridge = new GameBridge({ room, dispatch: store.dispatch });
    bridge.addGame(claimsGame);
    store.dispatch(seatClaimed({ seat: 3, by: 'ann' }));
    store.dispatch(counted({ by: 'ann', amount: 4 }));
    // As a closing page does (connectRoom's flush): the last action's change, waiting for its task, is written first.
    bridge.flushWrites();
    await before.flush();
    await before.shutdown();

    const after = createRoomRepo({ network: [], storage, peerId: 'tab-2' as PeerId });
    const reopened = await openRoom({ repo: after, roomName: 'reload', gameNames: TEST_GAME_NAMES });
    const store2 = makeClaimsStore(() => null);
    const bridge2 = new GameBridge({ room: reopened, dispatch: store2.dispatch });
    bridge2.addGame(claimsGame);
    expect(bridge2.logLength('claims')).toBe(2);
    expect(store2.getState().claims).toMatchObject({ seats: [null, null, null, 'ann'], total: 4 });
    expect(reopened.actorId()).not.toBe(room.actorId());
    await after.shutdown();
  });

  it('merges a stored document that did not grow from the genesis instead of taking it whole', async () => {
    const storage = new MemoryStorageAdapter();
    const before = createRoomRepo({ network: [], storage, peerId: 'tab-1' as PeerId });
    const docId = await roomDocumentId('foreign');
    before.import(A.save(A.from({ note: 'written elsewhere' })), { docId });
    await before.flush();
    await before.shutdown();

    const after = createRoomRepo({ network: [], storage, peerId: 'tab-2' as PeerId });
    const reopened = await openRoom({ repo: after, roomName: 'foreign', gameNames: TEST_GAME_NAMES });
    const genesisHeads = A.getHeads(A.load(genesisBinary(TEST_GAME_NAMES)));
    expect(A.hasHeads(reopened.doc(), genesisHeads)).toBe(true);
    expect((reopened.doc() as unknown as { note: string }).note).toBe('written elsewhere');
    await after.shutdown();
  });
});
