import { describe, expect, it } from 'vitest';
import { legalTargets } from '../../../../../src/games/backgammon/rules/game';
import {
  canConfirmTurn,
  diceToPlay,
  maxDiceUsage,
  movesAvailable,
  remainingDice,
} from '../../../../../src/games/backgammon/rules/mustPlay';
import { applyMove } from '../../../../../src/games/backgammon/rules/move';
import type { BackgammonState, From, To } from '../../../../../src/games/backgammon/rules/types';
import { inPlay, layout, wendy } from '../positions';
import { englishText } from '../../../../../src/i18n/reasons';
import { inEnglish } from '../../../../helpers/english';

// White moves down the board; every position has White's other checkers borne off unless placed.
const POSITIONS = {
  largerOnly: inPlay(layout({ white: { 13: 1 }, black: { 2: 2 } }), 'white', [5, 6]),
  smallerOnly: inPlay(layout({ white: { 13: 1 }, black: { 7: 2, 5: 2 } }), 'white', [6, 2]),
  bothOneOrder: inPlay(layout({ white: { 13: 1, 9: 1 }, black: { 11: 2, 3: 2 } }), 'white', [4, 2]),
  doublesTwoOnly: inPlay(layout({ white: { 13: 1 }, black: { 4: 2 } }), 'white', [3, 3]),
  lastChecker: inPlay(layout({ white: { 2: 1 }, black: { 12: 15 } }), 'white', [4, 1]),
  doublesThreeOnly: inPlay(layout({ white: { 13: 1 }, black: { 1: 2 } }), 'white', [3, 3]),
};

describe('maxDiceUsage', () => {
  it.each([
    { name: 'either die but not both', state: POSITIONS.largerOnly, most: 1 },
    { name: 'only the smaller die', state: POSITIONS.smallerOnly, most: 1 },
    { name: 'both dice in one order only', state: POSITIONS.bothOneOrder, most: 2 },
    { name: 'doubles blocked after two', state: POSITIONS.doublesTwoOnly, most: 2 },
    { name: 'doubles blocked after three', state: POSITIONS.doublesThreeOnly, most: 3 },
  ])('finds the most dice playable: $name', ({ state, most }) => {
    const before = structuredClone(state);
    expect(maxDiceUsage(state.board, 'white', diceToPlay(state.dice))).toBe(most);
    expect(state).toEqual(before);
  });
});

type Row = { name: string; state: BackgammonState; from: From; targets: To[] };

describe('legalTargets follows the must-play rules', () => {
  it.each<Row>([
    {
      name: 'only the larger of two dice when either but not both',
      state: POSITIONS.largerOnly,
      from: 13,
      targets: [7],
    },
    {
      name: 'the smaller die when the larger cannot move',
      state: POSITIONS.smallerOnly,
      from: 13,
      targets: [11],
    },
    {
      name: 'a move that blocks the other die is left out',
      state: POSITIONS.bothOneOrder,
      from: 9,
      targets: [7],
    },
    { name: 'the other checker may use either die', state: POSITIONS.bothOneOrder, from: 13, targets: [9] },
    {
      name: 'doubles move while a die can be played',
      state: POSITIONS.doublesTwoOnly,
      from: 13,
      targets: [10],
    },
    {
      name: 'the last checker may go off with one die, though both dice could be played',
      state: POSITIONS.lastChecker,
      from: 2,
      targets: ['off', 1],
    },
    { name: 'nothing from an empty point', state: POSITIONS.largerOnly, from: 12, targets: [] },
    { name: 'nothing before the roll', state: { ...POSITIONS.largerOnly, dice: [] }, from: 13, targets: [] },
  ])('$name', ({ state, from, targets }) => {
    const before = structuredClone(state);
    expect(legalTargets(state, from)).toEqual(targets);
    expect(state).toEqual(before);
  });
});

const play = (state: BackgammonState, ...moves: [From, To][]): BackgammonState =>
  moves.reduce((s, [from, to]) => {
    const result = applyMove(s, { ...wendy, from, to });
    if (!result.ok) throw new Error(englishText(result.reason));
    return result.state;
  }, state);

describe('applyMove refuses a move that breaks the must-play rules', () => {
  it.each([
    {
      name: 'the smaller die when only the larger may play',
      state: POSITIONS.largerOnly,
      from: 13,
      to: 8,
      reason: 'You must play the larger die',
    },
    {
      name: 'a move that leaves the other die unplayable',
      state: POSITIONS.bothOneOrder,
      from: 9,
      to: 5,
      reason: 'You must use as many dice as you can',
    },
  ])('$name', ({ state, from, to, reason }) => {
    const before = structuredClone(state);
    expect(inEnglish(applyMove(state, { ...wendy, from, to }))).toEqual({ ok: false, reason });
    expect(state).toEqual(before);
  });
});

describe('canConfirmTurn', () => {
  it.each([
    { name: 'not before a move when one can be played', state: POSITIONS.largerOnly, can: false },
    { name: 'after the one playable die', state: play(POSITIONS.largerOnly, [13, 7]), can: true },
    { name: 'not after one die of two playable', state: play(POSITIONS.bothOneOrder, [13, 9]), can: false },
    { name: 'after both dice', state: play(POSITIONS.bothOneOrder, [13, 9], [9, 7]), can: true },
    {
      name: 'after doubles played as far as they go',
      state: play(POSITIONS.doublesTwoOnly, [13, 10], [10, 7]),
      can: true,
    },
    {
      name: 'not after one of three playable doubles',
      state: play(POSITIONS.doublesThreeOnly, [13, 10]),
      can: false,
    },
    { name: 'not before the roll', state: { ...POSITIONS.largerOnly, dice: [] }, can: false },
  ])('$name', ({ state, can }) => {
    const before = structuredClone(state);
    expect(canConfirmTurn(state)).toBe(can);
    expect(state).toEqual(before);
  });
});

describe('remainingDice and movesAvailable', () => {
  it('plays doubles four times and counts them down', () => {
    const state = play(POSITIONS.doublesThreeOnly, [13, 10]);
    expect(remainingDice(state)).toEqual([3, 3, 3]);
    expect(movesAvailable(state)).toEqual([{ from: 10, to: 7, die: 3, hit: false }]);
  });

  it('offers nothing once the game is not being played', () => {
    expect(movesAvailable({ ...POSITIONS.bothOneOrder, phase: 'finished' })).toEqual([]);
  });
});
