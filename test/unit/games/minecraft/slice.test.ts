import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { minecraftGame, QUIET_REASONS, REASONS } from '../../../../src/games/minecraft';
import minecraftModule from '../../../../src/games/minecraft/module';
import {
  applyMinecraftAction,
  blockPlaced,
  blockRemoved,
  minecraftSlice,
  selectChunks,
  selectPlacedCount,
  UNKNOWN_ACTION,
} from '../../../../src/games/minecraft/slice';
import { foldStep, refusalOf } from '../../../../src/sync/log/SyncedGame';

const ann = { by: { id: 'ann', name: 'Ann' }, clientId: 1 };
const bob = { by: { id: 'bob', name: 'Bob' }, clientId: 2 };
const makeStore = () => configureStore({ reducer: { [minecraftSlice.name]: minecraftSlice.reducer } });

describe('minecraftSlice', () => {
  it('places and removes blocks through the store, and selectors read the world', () => {
    const store = makeStore();
    store.dispatch(blockPlaced({ ...ann, x: 1, y: 1, z: 1, block: 'glass' }));
    store.dispatch(blockPlaced({ ...bob, x: 1, y: 2, z: 1, block: 'log' }));
    store.dispatch(blockRemoved({ ...bob, x: 1, y: 1, z: 1 }));
    const root = store.getState();
    expect(selectChunks(root)).toEqual({ '0,0': { '1,2,1': 'log' } });
    expect(selectPlacedCount(root)).toBe(1);
  });

  it('leaves the world unchanged for a refused action', () => {
    const store = makeStore();
    store.dispatch(blockPlaced({ ...ann, x: 1, y: 1, z: 1, block: 'dirt' }));
    const before = store.getState();
    store.dispatch(blockPlaced({ ...bob, x: 1, y: 1, z: 1, block: 'wood' }));
    store.dispatch(blockRemoved({ ...bob, x: 9, y: 9, z: 9 }));
    expect(store.getState()).toBe(before);
  });

  it('keeps each action tiny: who, the cell and the block', () => {
    const action = blockPlaced({ ...ann, x: 1, y: 2, z: 3, block: 'wood' });
    expect(action).toEqual({
      type: 'minecraft/blockPlaced',
      payload: { ...ann, x: 1, y: 2, z: 3, block: 'wood' },
    });
    expect(JSON.stringify(action).length).toBeLessThan(160);
  });
});

describe('applyMinecraftAction', () => {
  it.each([
    {
      name: 'an unknown type',
      action: { type: 'minecraft/blockExploded', payload: { ...ann, x: 1, y: 1, z: 1 } },
    },
    { name: 'another game', action: { type: 'go/stonePlaced', payload: { ...ann, point: 1 } } },
    { name: 'a missing cell', action: { type: 'minecraft/blockRemoved', payload: { ...ann } } },
    {
      name: 'a text coordinate',
      action: { type: 'minecraft/blockRemoved', payload: { ...ann, x: '1', y: 1, z: 1 } },
    },
    {
      name: 'an unknown block',
      action: { type: 'minecraft/blockPlaced', payload: { ...ann, x: 1, y: 1, z: 1, block: 'tnt' } },
    },
    {
      name: 'no actor',
      action: { type: 'minecraft/blockPlaced', payload: { x: 1, y: 1, z: 1, block: 'dirt' } },
    },
  ])('refuses $name as an unknown action', ({ action }) => {
    expect(applyMinecraftAction(minecraftGame.initialState, action)).toEqual({
      ok: false,
      reason: UNKNOWN_ACTION,
    });
  });
});

describe('minecraftGame', () => {
  it('names its log and snapshot as the room expects', () => {
    expect(minecraftGame.name).toBe('minecraft');
    expect(minecraftGame.snapshotPath).toEqual(['minecraft-state', 'game-state']);
    expect(minecraftGame.initialState).toEqual({ chunks: {} });
    expect(minecraftModule.showsCursors).toBe(false);
  });

  it('validates with the rules texts and reduces refused actions to the same state', () => {
    const placed = foldStep(minecraftGame)(
      minecraftGame.initialState,
      blockPlaced({ ...ann, x: 2, y: 1, z: 2, block: 'dirt' }),
    );
    const again = blockPlaced({ ...bob, x: 2, y: 1, z: 2, block: 'glass' });
    expect(refusalOf(minecraftGame, placed, again)).toBe(REASONS.occupied);
    expect(foldStep(minecraftGame)(placed, again)).toBe(placed);
    expect(refusalOf(minecraftGame, placed, blockRemoved({ ...bob, x: 2, y: 1, z: 2 }))).toBeNull();
    expect(QUIET_REASONS).toContain(REASONS.occupied);
  });
});
