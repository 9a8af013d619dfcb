import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyBackgammonAction } from '../../src/games/backgammon/slice';
import { setup } from '../../src/games/backgammon/rules/game';
import { diceFrom } from '../../src/games/backgammon/rules/luck';
import type { BackgammonState } from '../../src/games/backgammon/rules/types';
import { commitmentTo } from '../../src/games/shared/sharedLuck';
import { toBase64 } from '../../src/sync/mesh/roomCrypto';
import { fcSettings } from '../helpers/fcSettings';
import { actor } from '../unit/games/okey/okeyTables';

const secretOf = (bytes: number[]) => toBase64(Uint8Array.from(bytes));
const secretArb = fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 32, maxLength: 32 }).map(secretOf);

/** A reveal as a lying page may send it: the secret, another 32 bytes, or text of any shape. */
const lie = fc.oneof(
  secretArb,
  fc.string(),
  fc.constant(''),
  fc.base64String({ minLength: 44, maxLength: 44 }),
);

// Okey's deal is its masked deck (okeyMaskedDeal.test.ts); Backgammon's dice are drawn from the seats' secrets.
describe('luck drawn from every seat', () => {
  it("never rolls Backgammon's dice on a wrong reveal", () => {
    const wendy = actor(1);
    const bruno = actor(2);
    fc.assert(
      fc.property(
        secretArb,
        secretArb,
        fc.array(fc.tuple(fc.boolean(), lie), { maxLength: 6 }),
        (w, b, lies) => {
          let state: BackgammonState = setup();
          for (const [who, side, secret] of [
            [wendy, 'white', w],
            [bruno, 'black', b],
          ] as const) {
            const result = applyBackgammonAction(state, {
              type: 'backgammon/seatTaken',
              payload: { ...who, side, commitment: commitmentTo(secret) },
            });
            if (result.ok) state = result.state;
          }
          for (const who of [wendy, bruno]) {
            const result = applyBackgammonAction(state, {
              type: 'backgammon/openingDieRolled',
              payload: who,
            });
            if (result.ok) state = result.state;
          }
          for (const [white, reveal] of lies) {
            const result = applyBackgammonAction(state, {
              type: 'backgammon/diceRevealed',
              payload: { ...(white ? wendy : bruno), reveal },
            });
            if (result.ok) {
              expect(reveal).toBe(white ? w : b);
              state = result.state;
            }
          }
          for (const [who, reveal] of [
            [wendy, w],
            [bruno, b],
          ] as const) {
            const result = applyBackgammonAction(state, {
              type: 'backgammon/diceRevealed',
              payload: { ...who, reveal },
            });
            if (result.ok) state = result.state;
          }
          // The opening dice are the true secrets' draw (a tie asks both to roll again).
          const [white, black] = diceFrom({ white: w, black: b });
          expect(state.opening).toEqual(white === black ? { white: null, black: null } : { white, black });
        },
      ),
      fcSettings(20261128, 100),
    );
  });
});
