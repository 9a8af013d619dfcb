import { describe, expect, it } from 'vitest';
import { actor, dealt, must, orderWith, reasonOf } from '../okeyTables';
import type { OkeyState } from '../../../../../src/games/okey/rules/types';
import { inEnglish } from '../../../../helpers/english';

const points = (state: OkeyState) => state.match.points;

// Indicator blue3 (the okey is blue4); seat 1 holds red 1-3, red 5-7, red 9-13 and the set of 5s, and black7.
const RUNS = [
  'blue3-0',
  ...[
    'red1',
    'red2',
    'red3',
    'red5',
    'red6',
    'red7',
    'red9',
    'red10',
    'red11',
    'red12',
    'red13',
    'blue5',
    'yellow5',
    'black5',
    'black7',
  ].map((n) => `${n}-0`),
];
// Indicator blue3, seat 1: seven pairs and black7.
const PAIRS = [
  'blue3-0',
  ...['red1', 'blue7', 'black9', 'yellow2', 'red13', 'black1', 'red6'].flatMap((n) => [`${n}-0`, `${n}-1`]),
  'black7-0',
];

describe('the match on the 20-point table', () => {
  it('starts every seat at 20 and keeps the points through the deal', () => {
    expect(points(dealt(3))).toEqual({ 1: 20, 2: 20, 3: 20, 4: 20 });
  });

  it('takes 2 from each other player when someone finishes', () => {
    const won = must(dealt(3, RUNS), 'finishDeclared', { ...actor(1), tileId: 'black7-0' });
    expect(inEnglish(won.message)).toBe('Name1 wins!');
    expect(points(won)).toEqual({ 1: 20, 2: 18, 3: 18, 4: 20 });
  });

  it('takes 4 from each other player when the finishing tile is the okey', () => {
    const withOkey = [...RUNS.slice(0, -1), 'blue4-0'];
    const won = must(dealt(2, withOkey), 'finishDeclared', { ...actor(1), tileId: 'blue4-0' });
    expect(points(won)).toEqual({ 1: 20, 2: 16, 3: 20, 4: 20 });
  });

  it('takes 4 from each other player for seven pairs', () => {
    const won = must(dealt(3, PAIRS), 'finishDeclared', { ...actor(1), tileId: 'black7-0' });
    expect(points(won)).toEqual({ 1: 20, 2: 16, 3: 16, 4: 20 });
  });

  it("takes 1 from each other player when the first player shows the indicator's twin on the first turn, once", () => {
    const game = dealt(3, ['blue3-0', 'blue3-1']);
    expect(reasonOf(game, 'indicatorShown', { ...actor(1), tileId: 'red1-0' })).toBe(
      'Only the first turn may show the indicator',
    );
    const shown = must(game, 'indicatorShown', { ...actor(1), tileId: 'blue3-1' });
    expect(points(shown)).toEqual({ 1: 20, 2: 19, 3: 19, 4: 20 });
    expect(inEnglish(shown.message)).toBe('Name1 shows the indicator');
    expect(reasonOf(shown, 'indicatorShown', { ...actor(1), tileId: 'blue3-1' })).toBe(
      'Only the first turn may show the indicator',
    );
    expect(reasonOf(shown, 'indicatorShown', { ...actor(2), tileId: 'blue3-1' })).toBe('Not your turn');
  });

  it('refuses a show after the first turn is over', () => {
    const game = dealt(2, ['blue3-0', 'blue3-1']);
    const later = must(game, 'tileDiscarded', { ...actor(1), tileId: 'red1-0' });
    const back = must(
      must(later, 'tileDrawn', { ...actor(2), tileId: later.drawPile[0].id, toSlot: 20 }),
      'tileDiscarded',
      { ...actor(2), tileId: later.drawPile[0].id },
    );
    expect(reasonOf(back, 'tileDrawn', { ...actor(1), tileId: back.drawPile[0].id, toSlot: 20 })).toBe(
      'accepted',
    );
    const drawn = must(back, 'tileDrawn', { ...actor(1), tileId: back.drawPile[0].id, toSlot: 20 });
    expect(reasonOf(drawn, 'indicatorShown', { ...actor(1), tileId: 'blue3-1' })).toBe(
      'Only the first turn may show the indicator',
    );
  });

  it('keeps the points for the next round, ends the match at 0 with the most points winning, then starts a new one', () => {
    let state = dealt(2, PAIRS);
    for (let round = 1; round <= 5; round++) {
      state = must(state, 'finishDeclared', { ...actor(1), tileId: 'black7-0' });
      expect(points(state)[2]).toBe(20 - 4 * round);
      if (round < 5) {
        expect(state.match.winner).toBeNull();
        state = must(must(state, 'newGameStarted', { ...actor(2), order: orderWith([]) }), 'gameStarted', {
          ...actor(1),
          order: orderWith(PAIRS),
        });
      }
    }
    expect(state.match.winner).toBe(1);
    const next = must(state, 'newGameStarted', { ...actor(2), order: orderWith(PAIRS) });
    expect(points(next)).toEqual({ 1: 20, 2: 20, 3: 20, 4: 20 });
    expect(next.match.winner).toBeNull();
  });

  it('starts a new match on Reset Game', () => {
    const won = must(dealt(3, PAIRS), 'finishDeclared', { ...actor(1), tileId: 'black7-0' });
    expect(points(must(won, 'gameReset', { ...actor(2), order: orderWith(PAIRS) }))).toEqual({
      1: 20,
      2: 20,
      3: 20,
      4: 20,
    });
  });
});
