import { describe, expect, it } from 'vitest';
import { REASONS } from '../../../../../src/games/minecraft/rules/reasons';
import type { BlockType, MinecraftState } from '../../../../../src/games/minecraft/rules/types';
import {
  blockAt,
  blockForKey,
  blockKey,
  inBounds,
  parseKey,
  placeBlock,
  placedCount,
  removeBlock,
  setup,
  storedCells,
  worldOf,
  WORLD,
} from '../../../../../src/games/minecraft/rules/world';

const ann = { by: { id: 'ann', name: 'Ann' }, clientId: 1 };
const place = (x: number, y: number, z: number, block: BlockType = 'dirt') => ({ ...ann, x, y, z, block });
const at = (x: number, y: number, z: number) => ({ ...ann, x, y, z });
const frozen = (state: MinecraftState) => JSON.stringify(state);
const world = worldOf;

describe('the world', () => {
  it('starts as a flat grass floor one block thick at y = 0', () => {
    const state = setup();
    expect(blockAt(state, 0, 0, 0)).toBe('grass');
    expect(blockAt(state, 63, 0, 63)).toBe('grass');
    expect(blockAt(state, 10, 1, 10)).toBeNull();
    expect(blockAt(state, 64, 0, 0)).toBeNull();
    expect(state).toEqual({ chunks: {} });
  });

  it.each([
    { name: 'a corner', at: [0, 0, 0], inside: true },
    { name: 'the far top corner', at: [63, 31, 63], inside: true },
    { name: 'past the width', at: [64, 1, 0], inside: false },
    { name: 'under the floor', at: [5, -1, 5], inside: false },
    { name: 'at the height limit', at: [5, 32, 5], inside: false },
    { name: 'a fraction', at: [1.5, 1, 1], inside: false },
  ])('knows $name is inside the world: $inside', ({ at: [x, y, z], inside }) => {
    expect(inBounds(x, y, z)).toBe(inside);
  });

  it('keys cells as "x,y,z" and reads them back', () => {
    expect(blockKey(3, 4, 5)).toBe('3,4,5');
    expect(parseKey('3,4,5')).toEqual([3, 4, 5]);
    expect(parseKey('3,4')).toBeNull();
    expect(parseKey('a,b,c')).toBeNull();
  });
});

describe('placeBlock', () => {
  it.each([
    { name: 'on the floor', state: setup(), at: [5, 1, 5], block: 'wood' as const, key: '5,1,5' },
    {
      name: 'in a hole dug in the floor',
      state: world({ '5,0,5': 'air' }),
      at: [5, 0, 5],
      block: 'log' as const,
      key: '5,0,5',
    },
    {
      name: 'at the top of the world',
      state: setup(),
      at: [0, 31, 0],
      block: 'glass' as const,
      key: '0,31,0',
    },
  ])('places a block $name', ({ state, at: [x, y, z], block, key }) => {
    const before = frozen(state);
    const result = placeBlock(state, place(x, y, z, block));
    expect(result.ok && storedCells(result.state)[key]).toBe(block);
    expect(result.ok && blockAt(result.state, x, y, z)).toBe(block);
    expect(frozen(state)).toBe(before);
  });

  it('filling a dug hole with grass leaves no trace in the document', () => {
    const result = placeBlock(world({ '5,0,5': 'air' }), place(5, 0, 5, 'grass'));
    expect(result).toEqual({ ok: true, state: { chunks: {} } });
  });

  it.each([
    { name: 'an occupied cell', state: world({ '5,1,5': 'dirt' }), at: [5, 1, 5], reason: REASONS.occupied },
    { name: 'the floor', state: setup(), at: [5, 0, 5], reason: REASONS.occupied },
    { name: 'outside the width', state: setup(), at: [-1, 1, 5], reason: REASONS.outside },
    { name: 'above the height limit', state: setup(), at: [5, WORLD.height, 5], reason: REASONS.outside },
    { name: 'a fractional cell', state: setup(), at: [5.5, 1, 5], reason: REASONS.outside },
  ])('refuses $name', ({ state, at: [x, y, z], reason }) => {
    const before = frozen(state);
    expect(placeBlock(state, place(x, y, z))).toEqual({ ok: false, reason });
    expect(frozen(state)).toBe(before);
  });

  it('refuses a block kind it does not know', () => {
    expect(placeBlock(setup(), place(1, 1, 1, 'diamond' as BlockType))).toEqual({
      ok: false,
      reason: REASONS.unknownBlock,
    });
  });
});

describe('removeBlock', () => {
  it.each([
    { name: 'a placed block', state: world({ '5,1,5': 'dirt' }), at: [5, 1, 5], blocks: {} },
    { name: 'a floor block', state: setup(), at: [5, 0, 5], blocks: { '5,0,5': 'air' } },
    {
      name: 'a block placed in a hole',
      state: world({ '5,0,5': 'log' }),
      at: [5, 0, 5],
      blocks: { '5,0,5': 'air' },
    },
  ])('removes $name', ({ state, at: [x, y, z], blocks }) => {
    const before = frozen(state);
    const result = removeBlock(state, at(x, y, z));
    expect(result.ok && storedCells(result.state)).toEqual(blocks);
    expect(frozen(state)).toBe(before);
  });

  it.each([
    { name: 'air', state: setup(), at: [5, 1, 5], reason: REASONS.empty },
    { name: 'a dug hole', state: world({ '5,0,5': 'air' }), at: [5, 0, 5], reason: REASONS.empty },
    { name: 'the bottom of the world', state: setup(), at: [5, -1, 5], reason: REASONS.outside },
  ])('refuses $name', ({ state, at: [x, y, z], reason }) => {
    expect(removeBlock(state, at(x, y, z))).toEqual({ ok: false, reason });
  });
});

describe('placedCount', () => {
  it('counts placed blocks, not dug holes', () => {
    expect(placedCount(world({ '0,0,0': 'air', '1,1,1': 'dirt', '1,2,1': 'wood' }))).toBe(2);
  });
});

describe('blockForKey', () => {
  it.each([
    { name: '1', key: '1', block: 'dirt' },
    { name: '2', key: '2', block: 'grass' },
    { name: '3', key: '3', block: 'glass' },
    { name: '4', key: '4', block: 'wood' },
    { name: '5', key: '5', block: 'log' },
    { name: '6', key: '6', block: null },
    { name: '0', key: '0', block: null },
    { name: 'a letter', key: 'w', block: null },
  ])('key $name chooses $block', ({ key, block }) => {
    expect(blockForKey(key)).toBe(block);
  });
});
