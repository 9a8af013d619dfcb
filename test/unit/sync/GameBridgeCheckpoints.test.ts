import { afterEach, describe, expect, it } from 'vitest';
import type { UnknownAction } from '@reduxjs/toolkit';
import { GameBridge } from '../../../src/sync/log/GameBridge';
import { openRoom, type RoomDocument } from '../../../src/sync/document/RoomDocument';
import { createRoomRepo } from '../../../src/sync/document/roomRepo';
import {
  CHECKPOINT_TAIL,
  restorableFold,
  type FoldCheckpoint,
  type FoldCheckpoints,
} from '../../../src/sync/log/foldCheckpoints';
import type { SyncedGame } from '../../../src/sync/log/SyncedGame';
import { claimsGame, claimsSlice, TEST_GAME_NAMES, type ClaimsState } from '../../helpers/claimsGame';
import { makeClaimsStore } from '../../helpers/roomPeers';

const { counted } = claimsSlice.actions;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Checkpoints kept in memory, as IndexedDB keeps them (structured clones), for the browser's real one see e2e. */
function memoryCheckpoints(): FoldCheckpoints & { kept: Map<string, FoldCheckpoint> } {
  const kept = new Map<string, FoldCheckpoint>();
  return {
    kept,
    read: async (game) => structuredClone(kept.get(game) ?? null),
    write: async (game, checkpoint) => void kept.set(game, structuredClone(checkpoint)),
  };
}

/** The claims game, counting how many entries its rules judged. */
function countingGame(): SyncedGame<ClaimsState> & { judged: number } {
  const game = {
    ...claimsGame,
    judged: 0,
    apply(state: ClaimsState, action: UnknownAction) {
      game.judged++;
      return claimsGame.apply(state, action);
    },
  };
  return game;
}

async function page(room: RoomDocument, checkpoints: FoldCheckpoints) {
  let bridge: GameBridge | null = null;
  const store = makeClaimsStore(() => bridge!);
  bridge = new GameBridge({ room, dispatch: (a) => store.dispatch(a), checkpoints });
  cleanups.push(() => bridge!.dispose());
  return { bridge, store };
}

/** A room where a page counted `amount` sixty times and kept its fold, then closed. */
async function sixtyCounted(roomName: string, amount: number) {
  const repo = createRoomRepo({ network: [] });
  const room = await openRoom({ repo, roomName, gameNames: TEST_GAME_NAMES });
  cleanups.push(
    () => repo.shutdown(),
    () => room.dispose(),
  );
  const checkpoints = memoryCheckpoints();
  const first = await page(room, checkpoints);
  first.bridge.addGame(claimsGame);
  for (let i = 0; i < 60; i++) first.store.dispatch(counted({ by: 'ann', amount }));
  first.bridge.flushWrites(true);
  await expect.poll(() => checkpoints.kept.size, { timeout: 10_000 }).toBe(1);
  first.bridge.dispose();
  return { room, checkpoints };
}

describe('GameBridge keeping its folds', () => {
  it('keeps its fold as the log grows, and a reload folds on from it, judging only the entries after', async () => {
    const { room, checkpoints } = await sixtyCounted('kept-folds', 1);
    expect(checkpoints.kept.get('claims')?.count).toBe(60 - CHECKPOINT_TAIL);
    const log = room.doc().logs?.claims ?? [];
    const restored = await restorableFold(checkpoints, 'claims', log);
    expect(restored?.count).toBe(60 - CHECKPOINT_TAIL);
    const game = countingGame();
    const second = await page(room, checkpoints);
    second.bridge.addGame(game, restored);
    expect(game.judged).toBe(CHECKPOINT_TAIL);
    expect(second.store.getState().claims.total).toBe(60);
  });

  it('folds the whole log when the kept fold is of other entries: another digest, or a log that changed since', async () => {
    const { room, checkpoints } = await sixtyCounted('stale-folds', 2);
    const log = room.doc().logs?.claims ?? [];

    const forged = checkpoints.kept.get('claims')!;
    checkpoints.kept.set('claims', { ...forged, digest: 'another' });
    expect(await restorableFold(checkpoints, 'claims', log)).toBeNull();
    checkpoints.kept.set('claims', forged);

    // Matched against a log whose first entry is another one: the bridge folds the document's log whole.
    const restored = await restorableFold(checkpoints, 'claims', log);
    const game = countingGame();
    const second = await page(room, checkpoints);
    second.bridge.addGame(game, { ...restored!, log: ['another entry', ...log.slice(1)] });
    expect(game.judged).toBe(60);
    expect(second.store.getState().claims.total).toBe(120);
  });
});
