import { describe, expect, it } from 'vitest';
import { checkInvariants, findDuplicateTiles } from '../../../../../src/games/okey/rules/integrity';
import { createInitialState } from '../../../../../src/games/okey/rules/setup';
import type { OkeyState } from '../../../../../src/games/okey/rules/types';
import { dealt, snapshot, tile } from '../okeyTables';

const game = dealt(3);
const withExtraInHand = (state: OkeyState, name: string): OkeyState => ({
  ...state,
  players: state.players.map((s, i) =>
    i === 0 ? { ...s, hand: s.hand.map((t, slot) => (slot === 20 ? tile(name, 1) : t)) } : s,
  ),
});

describe('findDuplicateTiles', () => {
  it.each([
    { name: 'a fresh table has no duplicates', state: createInitialState(), expected: [] },
    { name: 'a dealt game has no duplicates', state: game, expected: [] },
    { name: 'a third red5 is reported', state: withExtraInHand(game, 'red5'), expected: ['red5'] },
    {
      name: 'a third copy counts wherever it lies, the indicator included',
      state: { ...game, drawPile: [...game.drawPile, tile(game.okeyTile!.name, 1)] },
      expected: [game.okeyTile!.name],
    },
  ])('$name', ({ state, expected }) => {
    const copy = snapshot(state);
    expect(findDuplicateTiles(state)).toEqual(expected);
    expect(state).toEqual(copy);
  });
});

describe('checkInvariants', () => {
  it.each([
    { name: 'a dealt game is sound', state: game, expected: [] },
    {
      name: 'a missing tile is reported',
      state: { ...game, drawPile: game.drawPile.slice(1) },
      expected: ['105 tiles on the table, expected 106'],
    },
    {
      name: 'a hand of 13 in play is reported',
      state: {
        ...game,
        drawPile: [...game.drawPile, game.players[1].hand[0]!],
        players: game.players.map((s, i) =>
          i === 1 ? { ...s, hand: s.hand.map((t, slot) => (slot === 0 ? null : t)) } : s,
        ),
      },
      expected: ['seat 2 holds 13 tiles in play'],
    },
  ])('$name', ({ state, expected }) => {
    expect(checkInvariants(state as OkeyState)).toEqual(expected);
  });
});
