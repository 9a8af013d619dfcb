import { describe, expect, it } from 'vitest';
import { placeInSlot, swapSlots, tileCount } from '../../../../../src/games/okey/rules/hand';
import type { Tile } from '../../../../../src/games/okey/rules/types';
import { rack, snapshot, tile } from '../okeyTables';

const names = (hand: (Tile | null)[]) => hand.map((t) => (t ? t.name : '.')).join(' ');
const fullTopRow = 'red1 red2 red3 red4 red5 red6 red7 red8 red9 red10 red11 red12 red13';

describe('placeInSlot', () => {
  it.each([
    {
      name: 'an empty target slot takes the tile',
      hand: rack('red1 . red3'),
      slot: 1,
      expected: 'red1 black9 red3',
    },
    {
      name: 'an occupied slot shifts tiles right to the nearest empty slot',
      hand: rack('red1 red2 red3 . red5'),
      slot: 1,
      expected: 'red1 black9 red2 red3 red5',
    },
    {
      name: 'tiles shift right past the end of the top row into the bottom row',
      hand: rack(`. ${fullTopRow.slice(5)} . red13`),
      slot: 5,
      expected: `. red2 red3 red4 red5 black9 red6 red7 red8 red9 red10 red11 red12 red13 red13`,
    },
    {
      name: 'with no empty slot to the right, tiles shift left',
      hand: rack(
        `. . red3 red4 red5 red6 red7 red8 red9 red10 red11 red12 red13 blue1 blue2 blue3 blue4 blue5 blue6 blue7 blue8 blue9 blue10 blue11 blue12 blue13`,
      ),
      slot: 20,
      expected: `. red3 red4 red5 red6 red7 red8 red9 red10 red11 red12 red13 blue1 blue2 blue3 blue4 blue5 blue6 blue7 blue8 black9 blue9 blue10 blue11 blue12 blue13`,
    },
    {
      name: 'shifting left runs from the bottom row into the top row',
      hand: rack(
        `. ${fullTopRow.slice(5)} blue1 blue2 blue3 blue4 blue5 blue6 blue7 blue8 blue9 blue10 blue11 blue12 blue13`,
      ),
      slot: 15,
      expected: `red2 red3 red4 red5 red6 red7 red8 red9 red10 red11 red12 red13 blue1 blue2 blue3 black9 blue4 blue5 blue6 blue7 blue8 blue9 blue10 blue11 blue12 blue13`,
    },
  ])('$name', ({ hand, slot, expected }) => {
    const before = snapshot(hand);
    const after = placeInSlot(hand, tile('black9'), slot);
    expect(names(after)).toBe(names(rack(expected)));
    expect(after).toHaveLength(26);
    expect(tileCount(after)).toBe(tileCount(hand) + 1);
    expect(hand).toEqual(before);
  });
});

describe('swapSlots', () => {
  it.each([
    { name: 'two tiles trade places', hand: rack('red1 red2'), from: 0, to: 1, expected: 'red2 red1' },
    { name: 'a tile moves into an empty slot', hand: rack('red1 . .'), from: 0, to: 2, expected: '. . red1' },
  ])('$name', ({ hand, from, to, expected }) => {
    const before = snapshot(hand);
    expect(names(swapSlots(hand, from, to))).toBe(names(rack(expected)));
    expect(hand).toEqual(before);
  });
});
