import { configureStore } from '@reduxjs/toolkit';
import type { Repo } from '@automerge/automerge-repo';
import { afterEach, beforeEach, vi } from 'vitest';
import { GameBridge, type CaughtUpLogs } from '../../src/sync/log/GameBridge';
import { openRoom, type RoomDocument } from '../../src/sync/document/RoomDocument';
import { createRoomRepo } from '../../src/sync/document/roomRepo';
import {
  createSyncMiddleware,
  withFoldRestore,
  type LocalActionSink,
} from '../../src/sync/log/syncMiddleware';
import { claimsGame, claimsSlice, TEST_GAME_NAMES, type ClaimsState } from './claimsGame';
import type { SyncedGame } from '../../src/sync/log/SyncedGame';
import type { TestNetwork } from './TestNetwork';
import type { PeerId } from '@automerge/automerge-repo';
import { englishText } from '../../src/i18n/reasons';

/** A store holding only the claims slice, wired to a bridge through the sync middleware. */
export function makeClaimsStore(getBridge: () => LocalActionSink | null) {
  return configureStore({
    reducer: { claims: withFoldRestore('claims', claimsSlice.reducer) },
    middleware: (gdm) =>
      gdm({ serializableCheck: false, immutableCheck: false }).concat(createSyncMiddleware(getBridge)),
  });
}

/** One simulated participant: a repo on the network, the room, a store and its bridge, and what it was told. */
export type ClaimsPeer = {
  id: PeerId;
  repo: Repo;
  room: RoomDocument;
  bridge: GameBridge;
  store: ReturnType<typeof makeClaimsStore>;
  rejected: string[];
  dispatched: string[];
};

/** Builds a peer on the network and opens the room with the claims game served. */
export async function claimsPeer(
  network: TestNetwork,
  id: string,
  roomName: string,
  { catchUp, game = claimsGame }: { catchUp?: CaughtUpLogs; game?: SyncedGame<ClaimsState> } = {},
): Promise<ClaimsPeer> {
  const repo = createRoomRepo({ network: [network.adapter()], peerId: id as PeerId });
  const room = await openRoom({ repo, roomName, gameNames: TEST_GAME_NAMES });
  let bridge: GameBridge | null = null;
  const store = makeClaimsStore(() => bridge);
  const rejected: string[] = [];
  const dispatched: string[] = [];
  const dispatch = (a: Parameters<typeof store.dispatch>[0]) => {
    const meta = (a as { meta?: { entryId?: string } }).meta;
    if (meta?.entryId) dispatched.push(meta.entryId);
    return store.dispatch(a);
  };
  bridge = new GameBridge({
    room,
    dispatch,
    onRejected: (reason) => rejected.push(englishText(reason)),
    catchUp,
  });
  bridge.addGame(game);
  return { id: id as PeerId, repo, room, bridge, store, rejected, dispatched };
}

/** Releases messages in an order pick chooses and runs the repos' throttled timers until the network is quiet. */
export async function settle(network: TestNetwork, pick: (count: number) => number = () => 0): Promise<void> {
  let quiet = 0;
  while (quiet < 3) {
    let delivered = false;
    while (network.deliverNext(pick)) {
      delivered = true;
      await vi.advanceTimersByTimeAsync(0);
    }
    await vi.advanceTimersByTimeAsync(250);
    quiet = delivered || network.pending > 0 ? 0 : quiet + 1;
  }
}

/** Shuts every peer down. */
export async function closePeers(peers: readonly ClaimsPeer[]): Promise<void> {
  for (const p of peers) {
    p.bridge.dispose();
    p.room.dispose();
  }
  await Promise.all(peers.map((p) => p.repo.shutdown()));
}

/** Call once at a file's top: fake timers in each test, and every peer pushed onto the returned list closed after it. */
export function peersClosedAfterEach(): ClaimsPeer[] {
  const peers: ClaimsPeer[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(async () => {
    await closePeers(peers.splice(0));
    vi.useRealTimers();
  });
  return peers;
}
