import { describe, expect, it } from 'vitest';
import {
  createTile,
  createTileSet,
  okeyValueOf,
  shuffledTileIds,
} from '../../../../../src/games/okey/rules/tiles';
import { tile } from '../okeyTables';

describe('createTile', () => {
  it.each([
    {
      name: 'red shows pure red',
      color: 'red',
      rank: 5,
      copy: 0,
      hex: '#FF0000',
      id: 'red5-0',
      tileName: 'red5',
    },
    {
      name: 'black shows black',
      color: 'black',
      rank: 13,
      copy: 1,
      hex: '#000000',
      id: 'black13-1',
      tileName: 'black13',
    },
    {
      name: 'blue shows dodger blue',
      color: 'blue',
      rank: 1,
      copy: 0,
      hex: '#1E90FF',
      id: 'blue1-0',
      tileName: 'blue1',
    },
    {
      name: 'yellow shows orange',
      color: 'yellow',
      rank: 7,
      copy: 1,
      hex: '#FFA500',
      id: 'yellow7-1',
      tileName: 'yellow7',
    },
    {
      name: 'a joker is yellow with the joker symbol',
      color: 'yellow',
      rank: '👌',
      copy: 0,
      hex: '#FFA500',
      id: 'yellow👌-0',
      tileName: 'yellow👌',
    },
  ] as const)('$name', ({ color, rank, copy, hex, id, tileName }) => {
    expect(createTile(color, rank, copy)).toEqual({
      color: hex,
      rank,
      id,
      name: tileName,
      source: 'draw-pile',
      hidden: true,
    });
  });
});

describe('the tile set', () => {
  const set = createTileSet();

  it('holds 106 tiles with distinct ids', () => {
    expect(set).toHaveLength(106);
    expect(new Set(set.map((t) => t.id)).size).toBe(106);
  });

  it('holds every colour and rank twice and two jokers', () => {
    const counts = new Map<string, number>();
    for (const t of set) counts.set(t.name, (counts.get(t.name) ?? 0) + 1);
    expect(counts.size).toBe(53);
    expect([...counts.values()].every((n) => n === 2)).toBe(true);
    expect(counts.get('yellow👌')).toBe(2);
  });

  it('starts hidden in the draw pile', () => {
    expect(set.every((t) => t.hidden && t.source === 'draw-pile')).toBe(true);
  });
});

describe('okeyValueOf', () => {
  it.each([
    {
      name: 'the okey is the indicator rank plus one',
      indicator: 'red5',
      expected: { color: '#FF0000', rank: 6 },
    },
    { name: '13 wraps to 1', indicator: 'black13', expected: { color: '#000000', rank: 1 } },
  ])('$name', ({ indicator, expected }) => {
    expect(okeyValueOf(tile(indicator))).toEqual(expected);
  });
});

describe('shuffledTileIds', () => {
  it('is a permutation of the set decided by the random source', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const ids = shuffledTileIds(random);
    expect([...ids].sort()).toEqual(
      createTileSet()
        .map((t) => t.id)
        .sort(),
    );
    seed = 7;
    expect(shuffledTileIds(random)).toEqual(ids);
  });
});
