import { describe, expect, it } from 'vitest';
import {
  allHome,
  applyStep,
  checkerTotal,
  pipCountOf,
  singleMoves,
  startPosition,
} from '../../../../../src/games/backgammon/rules/board';
import type { Position, Side } from '../../../../../src/games/backgammon/rules/types';
import { layout } from '../positions';

describe('the starting position', () => {
  it.each([{ side: 'white' as const }, { side: 'black' as const }])(
    'gives $side 15 checkers and 167 pips',
    ({ side }) => {
      const start = startPosition();
      expect(checkerTotal(start, side)).toBe(15);
      expect(pipCountOf(start, side)).toBe(167);
    },
  );

  it('stands 2 on the 24, 5 on the 13, 3 on the 8 and 5 on the 6 for each side, mirrored', () => {
    const points = startPosition().points;
    expect([points[23], points[12], points[7], points[5]]).toEqual([2, 5, 3, 5]);
    expect([points[0], points[11], points[16], points[18]]).toEqual([-2, -5, -3, -5]);
  });
});

const moves = (position: Position, side: Side, die: number) =>
  singleMoves(position, side, die).map(({ from, to, hit }) => ({ from, to, hit }));

describe('singleMoves', () => {
  it.each([
    {
      name: 'a point held by two opposing checkers is closed',
      position: layout({ white: { 13: 1 }, black: { 9: 2 } }),
      side: 'white' as const,
      die: 4,
      expected: [],
    },
    {
      name: 'a lone opposing checker is hit',
      position: layout({ white: { 13: 1 }, black: { 9: 1 } }),
      side: 'white' as const,
      die: 4,
      expected: [{ from: 13, to: 9, hit: true }],
    },
    {
      name: 'Black moves up the board',
      position: layout({ black: { 1: 1 } }),
      side: 'black' as const,
      die: 5,
      expected: [{ from: 1, to: 6, hit: false }],
    },
    {
      name: 'a checker on the bar must enter before any other moves',
      position: layout({ white: { bar: 1, 13: 2 } }),
      side: 'white' as const,
      die: 3,
      expected: [{ from: 'bar', to: 22, hit: false }],
    },
    {
      name: 'Black enters on White’s home board',
      position: layout({ black: { bar: 1 }, white: { 4: 1 } }),
      side: 'black' as const,
      die: 4,
      expected: [{ from: 'bar', to: 4, hit: true }],
    },
    {
      name: 'entry onto a closed point is blocked',
      position: layout({ white: { bar: 1 }, black: { 22: 2 } }),
      side: 'white' as const,
      die: 3,
      expected: [],
    },
    {
      name: 'bearing off needs every checker home',
      position: layout({ white: { 7: 1, 2: 1 } }),
      side: 'white' as const,
      die: 2,
      expected: [{ from: 7, to: 5, hit: false }],
    },
    {
      name: 'an exact die bears off',
      position: layout({ white: { 5: 1, 2: 1 } }),
      side: 'white' as const,
      die: 2,
      expected: [
        { from: 2, to: 'off', hit: false },
        { from: 5, to: 3, hit: false },
      ],
    },
    {
      name: 'a higher die bears off the rearmost checker only',
      position: layout({ white: { 4: 1, 2: 1 } }),
      side: 'white' as const,
      die: 6,
      expected: [{ from: 4, to: 'off', hit: false }],
    },
    {
      name: 'Black bears off from its own 1-point, White’s 24',
      position: layout({ black: { 24: 1, 20: 1 } }),
      side: 'black' as const,
      die: 1,
      expected: [
        { from: 20, to: 21, hit: false },
        { from: 24, to: 'off', hit: false },
      ],
    },
  ])('$name', ({ position, side, die, expected }) => {
    const before = structuredClone(position);
    expect(moves(position, side, die)).toEqual(expected);
    expect(position).toEqual(before);
  });
});

describe('applyStep and counting', () => {
  it('sends a hit checker to its owner’s bar and keeps every checker', () => {
    const position = layout({ white: { 13: 1 }, black: { 9: 1 } });
    const before = structuredClone(position);
    const after = applyStep(position, 'white', { from: 13, to: 9, die: 4, hit: true });
    expect(after.points[8]).toBe(1);
    expect(after.bar.black).toBe(1);
    expect([checkerTotal(after, 'white'), checkerTotal(after, 'black')]).toEqual([15, 15]);
    expect(position).toEqual(before);
  });

  it.each([
    { name: 'a checker on the bar is not home', position: layout({ white: { bar: 1 } }), home: false },
    { name: 'all on points 1 to 6 are home', position: layout({ white: { 6: 3, 1: 2 } }), home: true },
    { name: 'one on the 7 is not home', position: layout({ white: { 7: 1, 1: 2 } }), home: false },
  ])('allHome: $name', ({ position, home }) => {
    expect(allHome(position, 'white')).toBe(home);
  });

  it('counts a checker on the bar as 25 pips', () => {
    expect(pipCountOf(layout({ black: { bar: 1, 24: 2 } }), 'black')).toBe(27);
  });
});
