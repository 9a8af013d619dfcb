import fc from 'fast-check';
import { configureStore } from '@reduxjs/toolkit';
import type { PeerId } from '@automerge/automerge-repo';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BLOCK_TYPES,
  blockAt,
  inBounds,
  minecraftGame,
  type MinecraftState,
} from '../../src/games/minecraft';
import { chunkKey, parseKey, storedCells } from '../../src/games/minecraft/rules/world';
import { blockPlaced, blockRemoved } from '../../src/games/minecraft/slice';
import { GameBridge } from '../../src/sync/log/GameBridge';
import { toPlain } from '../../src/sync/log/patchSnapshot';
import { openRoom } from '../../src/sync/document/RoomDocument';
import { createRoomRepo } from '../../src/sync/document/roomRepo';
import type { LoggedAction } from '../../src/sync/log/SyncedGame';
import { createSyncMiddleware, withFoldRestore } from '../../src/sync/log/syncMiddleware';
import { settle } from '../helpers/roomPeers';
import { TestNetwork } from '../helpers/TestNetwork';
import { foldStep, refusalOf } from '../../src/sync/log/SyncedGame';
import { fcSettings } from '../helpers/fcSettings';

const people = [1, 2, 3].map((n) => ({ by: { id: `user${n}`, name: `User ${n}` }, clientId: n }));
// A few cells (one of them in the floor) so that random actions keep colliding on the same keys.
const CELLS = [
  [4, 0, 4],
  [4, 1, 4],
  [4, 2, 4],
  [5, 1, 4],
] as const;

const move = fc.record({
  who: fc.nat(2),
  place: fc.boolean(),
  cell: fc.nat(CELLS.length - 1),
  block: fc.constantFrom(...BLOCK_TYPES),
});
type Move = typeof move extends fc.Arbitrary<infer T> ? T : never;

const toAction = ({ who, place, cell, block }: Move): LoggedAction => {
  const [x, y, z] = CELLS[cell];
  const actor = people[who];
  return place ? blockPlaced({ ...actor, x, y, z, block }) : blockRemoved({ ...actor, x, y, z });
};
const fold = (log: readonly LoggedAction[]) =>
  log.reduce(foldStep(minecraftGame), minecraftGame.initialState);

/** What every folded world satisfies: cells in their chunk, no empty chunk, cells inside the world, air only where the floor was dug, no stored floor grass. */
function expectWellFormed(state: MinecraftState) {
  for (const [where, chunk] of Object.entries(state.chunks)) {
    expect(Object.keys(chunk).length).toBeGreaterThan(0);
    for (const key of Object.keys(chunk)) {
      const at = parseKey(key);
      expect(at && chunkKey(at[0], at[2])).toBe(where);
    }
  }
  for (const [key, cell] of Object.entries(storedCells(state))) {
    const at = parseKey(key);
    expect(at && inBounds(...at)).toBe(true);
    if (cell === 'air' || cell === 'grass') expect(at?.[1] === 0).toBe(cell === 'air');
  }
}

describe('the world fold', () => {
  it('replays the same log to the same world, keeps it well formed, and never refuses what it applied', () => {
    fc.assert(
      fc.property(fc.array(move, { maxLength: 60 }), (moves) => {
        const log = moves.map(toAction);
        const once = fold(log);
        expect(fold(log)).toEqual(once);
        expectWellFormed(once);
        let state = minecraftGame.initialState;
        for (const action of log) {
          const reason = refusalOf(minecraftGame, state, action);
          const next = foldStep(minecraftGame)(state, action);
          expect(reason === null).toBe(next !== state);
          state = next;
        }
      }),
      fcSettings(424242, 200),
    );
  });

  it('two concurrent actions on one cell end, in either order, with at most one block there and the first placement winning', () => {
    fc.assert(
      fc.property(move, move, fc.boolean(), (m1, m2, swap) => {
        const cell = CELLS[m1.cell];
        const [a, b] = [toAction(m1), toAction({ ...m2, cell: m1.cell })];
        const log = swap ? [b, a] : [a, b];
        const world = fold(log);
        const first = swap ? { ...m2, cell: m1.cell } : m1;
        const second = swap ? m1 : { ...m2, cell: m1.cell };
        const generated = cell[1] === 0 ? 'grass' : null;
        const afterFirst = first.place ? (generated ?? first.block) : null;
        const expected = second.place ? (afterFirst ?? second.block) : null;
        expect(blockAt(world, cell[0], cell[1], cell[2])).toBe(expected);
        expectWellFormed(world);
      }),
      fcSettings(424242, 200),
    );
  });
});

describe('the world between peers over the room document', () => {
  let run = 0;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function peer(network: TestNetwork, id: string, roomName: string) {
    const repo = createRoomRepo({ network: [network.adapter()], peerId: id as PeerId });
    const room = await openRoom({ repo, roomName, gameNames: ['minecraft'] });
    let bridge: GameBridge | null = null;
    const store = configureStore({
      reducer: {
        minecraft: withFoldRestore<MinecraftState>(
          'minecraft',
          (state = minecraftGame.initialState, action) => foldStep(minecraftGame)(state, action),
        ),
      },
      middleware: (gdm) =>
        gdm({ serializableCheck: false, immutableCheck: false }).concat(createSyncMiddleware(() => bridge)),
    });
    bridge = new GameBridge({ room, dispatch: store.dispatch });
    bridge.addGame(minecraftGame);
    return { repo, room, bridge, store };
  }

  it('peers building on the same cells at once all end with the same world, and a late joiner gets it whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(move, { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        async (moves, picks) => {
          const network = new TestNetwork();
          const roomName = `mc-${++run}`;
          const peers = await Promise.all(['a', 'b', 'c'].map((id) => peer(network, id, roomName)));
          await settle(network);
          for (const m of moves) peers[m.who].store.dispatch(toAction(m));
          let i = 0;
          await settle(network, (count) => (picks[i++ % Math.max(picks.length, 1)] ?? 0) % count);
          const late = await peer(network, 'late', roomName);
          await settle(network);
          const worlds = [...peers, late].map((p) => p.store.getState().minecraft);
          for (const world of worlds) expect(world).toEqual(worlds[0]);
          // No snapshot is written until some action was valid.
          const snapshot = late.room.doc()['minecraft-state']?.['game-state'];
          expect(snapshot === undefined ? minecraftGame.initialState : toPlain(snapshot)).toEqual(worlds[0]);
          expectWellFormed(worlds[0]);
          for (const p of [...peers, late]) {
            p.bridge.dispose();
            p.room.dispose();
          }
          await Promise.all([...peers, late].map((p) => p.repo.shutdown()));
        },
      ),
      fcSettings(424242, 8),
    );
  });
});
