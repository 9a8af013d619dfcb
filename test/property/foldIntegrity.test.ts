import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { okeyGame } from '../../src/games/okey/index';
import { backgammon } from '../../src/games/backgammon/slice';
import { go } from '../../src/games/go/slice';
import { minecraft } from '../../src/games/minecraft/slice';
import { okey } from '../../src/games/okey/slice';
import { tictactoe } from '../../src/games/tictactoe/slice';
import { checkInvariants } from '../../src/games/okey/rules/integrity';
import { GameFold } from '../../src/sync/log/GameFold';
import { entryText } from '../../src/sync/log/logEntry';
import type { LoggedAction, SyncedGame } from '../../src/sync/log/SyncedGame';
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

/** Every game, as the room folds it: its name, its moves and its contract. */
const GAMES = [tictactoe, go, backgammon, minecraft, okey] as unknown as readonly {
  name: string;
  actions: Record<string, unknown>;
  synced: SyncedGame<unknown>;
}[];

/** A move of the game with a payload anything from plausible to absurd, by one of three people or by nobody known. */
const lyingMove = (name: string, moves: readonly string[]) =>
  fc.record({
    type: fc.constantFrom(...moves.map((move) => `${name}/${move}`)),
    payload: fc.oneof(
      fc.anything(),
      fc.record(
        {
          by: fc.constantFrom(
            { id: 'ann', name: 'Ann' },
            { id: 'bob', name: 'Bob' },
            { id: 'eve', name: 'Eve' },
          ),
          clientId: fc.constantFrom(1, 2, 3),
          seatId: fc.integer({ min: -1, max: 5 }),
          index: fc.integer({ min: -1, max: 9 }),
          square: fc.integer({ min: -1, max: 9 }),
          point: fc.integer({ min: -1, max: 400 }),
          x: fc.integer({ min: -1, max: 64 }),
          y: fc.integer({ min: -1, max: 32 }),
          z: fc.integer({ min: -1, max: 64 }),
          block: fc.constantFrom('wood', 'glass', 'diamond'),
          color: fc.constantFrom('white', 'black', 'red'),
          size: fc.constantFrom(9, 13, 19, 4),
          text: fc.string({ maxLength: 40 }),
        },
        { requiredKeys: ['by', 'clientId'] },
      ),
    ),
  });

describe("every game's fold over a log a lying peer wrote", () => {
  for (const { name, actions, synced } of GAMES) {
    it(`${name}: a refused entry never moves the state, and the invariants hold after every step`, () => {
      const entry = fc.oneof(
        { weight: 3, arbitrary: lyingMove(name, Object.keys(actions)).map((action) => ({ action })) },
        { weight: 1, arbitrary: fc.record({ action: fc.anything(), base: fc.anything() }) },
        {
          weight: 1,
          arbitrary: fc.nat(40_000).map((n) => ({ action: { type: `${name}/x`, payload: 'x'.repeat(n) } })),
        },
      );
      fc.assert(
        fc.property(fc.array(entry, { maxLength: 30 }), (entries) => {
          const texts = entries.map((e, i) => JSON.stringify({ id: `eve000000000:${i + 1}`, ...e }));
          const fold = new GameFold(synced);
          let before = fold.state;
          for (let i = 0; i < texts.length; i++) {
            const [step] = fold.update(texts.slice(0, i + 1)).steps;
            if (step.rejection !== null) expect(fold.state).toBe(before);
            expect(synced.invariants?.(fold.state) ?? []).toEqual([]);
            before = fold.state;
          }
        }),
        fcSettings(2026112528, 60),
      );
    });
  }
});
