import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrangeRack } from '../../src/games/okey/rules/arrange';
import { checkFinish } from '../../src/games/okey/rules/finish';
import { RACK_SIZE } from '../../src/games/okey/rules/hand';
import { createTileSet } from '../../src/games/okey/rules/tiles';
import type { Tile } from '../../src/games/okey/rules/types';
import { fcSettings } from '../helpers/fcSettings';
import { winningHand } from '../helpers/okeyHands';

const ids = (rack: readonly (Tile | null)[]) =>
  rack
    .filter((t): t is Tile => t !== null)
    .map((t) => t.id)
    .sort();
const names = (rack: readonly (Tile | null)[]) => rack.map((t) => t?.name ?? '.').join(' ');

/** A winning hand laid out anyhow: its tiles shuffled over the 26 slots. */
const shuffledWinner = winningHand.chain(({ rack, indicator }) =>
  fc
    .shuffledSubarray(
      Array.from({ length: RACK_SIZE }, (_, i) => i),
      { minLength: RACK_SIZE, maxLength: RACK_SIZE },
    )
    .map((order) => {
      const tiles = rack.filter((t): t is Tile => t !== null);
      const shuffled: (Tile | null)[] = Array.from({ length: RACK_SIZE }, () => null);
      tiles.forEach((tile, i) => (shuffled[order[i]] = tile));
      return { rack: shuffled, indicator };
    }),
);

describe('arrangeRack', () => {
  it('lays any shuffled winning hand out as one the finish check accepts, in either mode of runs', () => {
    fc.assert(
      fc.property(shuffledWinner, ({ rack, indicator }) => {
        const arranged = arrangeRack(rack, indicator, 'runs');
        expect(arranged).toHaveLength(RACK_SIZE);
        expect(ids(arranged)).toEqual(ids(rack));
        expect(checkFinish(arranged, indicator), `${names(rack)} -> ${names(arranged)}`).toEqual({
          ok: true,
        });
      }),
      fcSettings(20261126, 300),
    );
  });

  it('never loses, adds or repeats a tile, in both modes, for any rack of up to 15 tiles', () => {
    const set = createTileSet();
    const anyRack = fc
      .tuple(fc.shuffledSubarray(set, { minLength: 0, maxLength: 15 }), fc.constantFrom(...set.slice(0, 104)))
      .map(([tiles, indicator]) => ({
        rack: [...tiles, ...Array.from({ length: RACK_SIZE - tiles.length }, () => null)],
        indicator,
      }));
    fc.assert(
      fc.property(
        anyRack,
        fc.constantFrom('runs' as const, 'pairs' as const),
        ({ rack, indicator }, mode) => {
          const arranged = arrangeRack(rack, indicator, mode);
          expect(arranged).toHaveLength(RACK_SIZE);
          expect(ids(arranged)).toEqual(ids(rack));
        },
      ),
      fcSettings(20261127, 300),
    );
  });
});
