import { describe, expect, it } from 'vitest';
import { startPosition } from '../../../../../src/games/backgammon/rules/board';
import { applyMove } from '../../../../../src/games/backgammon/rules/move';
import { confirmTurn, rollDice } from '../../../../../src/games/backgammon/rules/turn';
import type { BackgammonState, From, To } from '../../../../../src/games/backgammon/rules/types';
import { bruno, carla, inPlay, layout, must, wendy } from '../positions';
import { inEnglish } from '../../../../helpers/english';

const moveRows: { name: string; state: BackgammonState; from: From; to: To; reason: string }[] = [
  {
    name: 'a watcher moves',
    state: inPlay(startPosition(), 'white', [3, 1]),
    from: 8,
    to: 5,
    reason: 'Not your turn',
  },
  {
    name: 'before the roll',
    state: inPlay(startPosition(), 'white'),
    from: 8,
    to: 5,
    reason: 'Roll the dice first',
  },
  {
    name: 'from an empty point',
    state: inPlay(startPosition(), 'white', [3, 1]),
    from: 7,
    to: 4,
    reason: 'No checker of yours there',
  },
  {
    name: 'from an opposing checker',
    state: inPlay(startPosition(), 'white', [3, 1]),
    from: 1,
    to: 4,
    reason: 'No checker of yours there',
  },
  {
    name: 'to a point off the board',
    state: inPlay(startPosition(), 'white', [3, 1]),
    from: 8,
    to: 30,
    reason: 'No such point',
  },
  {
    name: 'with no die of that size',
    state: inPlay(startPosition(), 'white', [3, 1]),
    from: 8,
    to: 2,
    reason: 'No die matches that move',
  },
  {
    name: 'backwards',
    state: inPlay(startPosition(), 'white', [3, 1]),
    from: 8,
    to: 11,
    reason: 'No die matches that move',
  },
  {
    name: 'onto a closed point',
    state: inPlay(startPosition(), 'white', [5, 1]),
    from: 6,
    to: 1,
    reason: 'That point is closed',
  },
  {
    name: 'while a checker waits on the bar',
    state: inPlay(layout({ white: { bar: 1, 13: 2 } }), 'white', [3, 1]),
    from: 13,
    to: 10,
    reason: 'Enter your checkers from the bar first',
  },
  {
    name: 'entering on a closed point',
    state: inPlay(layout({ white: { bar: 1 }, black: { 22: 2 } }), 'white', [3, 1]),
    from: 'bar',
    to: 22,
    reason: 'That point is closed',
  },
  {
    name: 'bearing off with a checker outside home',
    state: inPlay(layout({ white: { 7: 1, 2: 1 } }), 'white', [2, 1]),
    from: 2,
    to: 'off',
    reason: 'Bear off only with all 15 checkers in your home board',
  },
  {
    name: 'bearing off by a higher die past a rearward checker',
    state: inPlay(layout({ white: { 3: 1, 1: 1 } }), 'white', [6, 5]),
    from: 1,
    to: 'off',
    reason: 'Bear off with a higher die only when no checker stands further back',
  },
  {
    name: 'bearing off with dice too small',
    state: inPlay(layout({ white: { 6: 1 } }), 'white', [2, 1]),
    from: 6,
    to: 'off',
    reason: 'No die matches that move',
  },
];

describe('applyMove', () => {
  it.each(moveRows)('is refused $name', ({ state, from, to, reason }) => {
    const actor = reason === 'Not your turn' ? carla : wendy;
    const before = structuredClone(state);
    expect(inEnglish(applyMove(state, { ...actor, from, to }))).toEqual({ ok: false, reason });
    expect(state).toEqual(before);
  });

  it('hits a blot, and the hit checker must enter first', () => {
    const state = inPlay(layout({ white: { 13: 1, 6: 2 }, black: { 9: 1, 19: 2 } }), 'white', [4, 1]);
    const hit = must(applyMove(state, { ...wendy, from: 13, to: 9 }));
    expect(hit.board.bar.black).toBe(1);
    const done = must(confirmTurn(must(applyMove(hit, { ...wendy, from: 6, to: 5 })), wendy));
    expect(inEnglish(done.record)).toEqual(['White 4-1: 13/9* 6/5']);
    const rolled = must(rollDice(done, { ...bruno, dice: [5, 2] }));
    expect(inEnglish(applyMove(rolled, { ...bruno, from: 19, to: 21 }))).toEqual({
      ok: false,
      reason: 'Enter your checkers from the bar first',
    });
    const entered = must(applyMove(rolled, { ...bruno, from: 'bar', to: 5 }));
    expect(entered.board.bar.black).toBe(0);
    expect(entered.board.bar.white).toBe(1);
    expect(entered.played).toEqual([{ from: 'bar', to: 5, die: 5, hit: true }]);
  });

  it('bears off the rearmost checker with a higher die', () => {
    const state = inPlay(layout({ white: { 3: 1, 1: 1 } }), 'white', [6, 5]);
    const after = must(applyMove(state, { ...wendy, from: 3, to: 'off' }));
    expect(after.played).toEqual([{ from: 3, to: 'off', die: 5, hit: false }]);
    expect(after.board.off.white).toBe(14);
  });

  it.each([
    { name: 'a single game when the loser bore some off', black: { 12: 1 }, kind: 'single', points: 2 },
    { name: 'a gammon when the loser bore none off', black: { 12: 15 }, kind: 'gammon', points: 4 },
    {
      name: 'a backgammon with a loser in the winner’s home board',
      black: { 12: 14, 3: 1 },
      kind: 'backgammon',
      points: 6,
    },
    {
      name: 'a backgammon with a loser on the bar',
      black: { 12: 14, bar: 1 },
      kind: 'backgammon',
      points: 6,
    },
  ] as { name: string; black: Record<string, number>; kind: string; points: number }[])(
    'ends the game on the last checker off: $name',
    ({ black, kind, points }) => {
      const cube = { value: 2, owner: 'white' as const, offeredBy: null };
      const state = inPlay(layout({ white: { 2: 1 }, black }), 'white', [4, 1], { cube });
      const before = structuredClone(state);
      const after = must(applyMove(state, { ...wendy, from: 2, to: 'off' }));
      expect(after).toMatchObject({
        phase: 'finished',
        turn: null,
        result: { winner: 'white', kind, points },
      });
      expect(inEnglish(after.record)).toEqual(['White 4-1: 2/off']);
      expect(state).toEqual(before);
    },
  );
});
