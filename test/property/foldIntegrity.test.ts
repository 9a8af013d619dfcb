import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { okeyGame } from '../../src/games/okey/index';
import { checkInvariants } from '../../src/games/okey/rules/integrity';
import { GameFold } from '../../src/sync/GameFold';
import { entryText } from '../../src/sync/logEntry';
import type { LoggedAction } from '../../src/sync/SyncedGame';
import { fcSettings } from '../helpers/fcSettings';
import { actor, orderWith } from '../unit/games/okey/okeyTables';

/** An honest Okey start: two players sit and the deal is made. */
const honest: LoggedAction[] = [
  { type: 'okey/seatTaken', payload: { ...actor(1), seatId: 1 } },
  { type: 'okey/seatTaken', payload: { ...actor(2), seatId: 2 } },
  { type: 'okey/gameStarted', payload: { ...actor(1), order: orderWith([]) } },
  { type: 'okey/tileDiscarded', payload: { ...actor(1), tileId: 'red2-0' } },
];

/** What a peer running other code may put in the log: any JSON, a whole forged state, or a huge entry. */
const junk = fc.oneof(
  fc.json().map((text) => text),
  fc
    .record({ id: fc.constant('eve000000000:9'), action: fc.anything(), base: fc.anything() })
    .map((e) => JSON.stringify(e)),
  fc
    .record({
      type: fc.constantFrom('okey/tileDiscarded', 'okey/gameStarted', 'okey/seatTaken', 'okey/tileFlipped'),
      payload: fc.anything(),
    })
    .map((action) =>
      JSON.stringify({ id: 'eve000000000:7', action, base: { ...okeyGame.initialState, message: 'forged' } }),
    ),
  fc
    .nat(40_000)
    .map((n) =>
      entryText({ id: 'eve000000000:8', action: { type: 'okey/seatLeft', payload: 'x'.repeat(n) } }),
    ),
);

const fold = (texts: readonly string[]) => {
  const fold = new GameFold(okeyGame);
  fold.update(texts);
  return fold.state;
};

describe('the fold over entries a lying peer wrote', () => {
  it('moves the state only by valid actions: junk between honest entries changes nothing they did', () => {
    const honestTexts = honest.map((action, i) => entryText({ id: `ann000000000:${i + 1}`, action }));
    const expected = fold(honestTexts);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(honest.length), junk), { maxLength: 6 }), (insertions) => {
        const texts = [...honestTexts];
        for (const [at, text] of [...insertions].sort((a, b) => b[0] - a[0])) texts.splice(at, 0, text);
        const state = fold(texts);
        expect(checkInvariants(state)).toEqual([]);
        expect(state.message).not.toBe('forged');
        // Junk is refused or, where it happens to be a valid move of a seated player, cannot be one: eve sits nowhere.
        expect(state).toEqual(expected);
      }),
      fcSettings(20261125, 100),
    );
  });
});
