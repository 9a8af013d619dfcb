import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFinish } from '../../src/games/okey/rules/finish';
import { RACK_SIZE } from '../../src/games/okey/rules/hand';
import { JOKER, createTile } from '../../src/games/okey/rules/tiles';
import type { Rank, Tile } from '../../src/games/okey/rules/types';
import { color, rank, winningHand } from '../helpers/okeyHands';
import { fcSettings } from '../helpers/fcSettings';
import { englishText } from '../../src/i18n/reasons';

const SEED = 20261125;
const params = fcSettings(SEED, 400);

const names = (rack: (Tile | null)[]) => rack.map((t) => t?.name ?? '.').join(' ');

describe('checkFinish over generated hands', () => {
  it('accepts any hand of valid groups, laid with or without gaps between them', () => {
    fc.assert(
      fc.property(winningHand, ({ rack, indicator }) => {
        expect(checkFinish(rack, indicator), `${names(rack)} (indicator ${indicator.name})`).toEqual({
          ok: true,
        });
      }),
      params,
    );
  });

  it('names in every refusal two tiles that lie side by side, or a tile before a gap or the end', () => {
    const anyTile = fc
      .record({ color, rank: fc.oneof(rank, fc.constant(JOKER as Rank)), copy: fc.nat(1) })
      .map(({ color: c, rank: r, copy }) => createTile(r === JOKER ? 'yellow' : c, r, copy));
    const rack = fc.array(fc.option(anyTile, { freq: 3 }), { minLength: RACK_SIZE, maxLength: RACK_SIZE });
    fc.assert(
      fc.property(rack, anyTile, (slots, indicator) => {
        const verdict = checkFinish(slots, indicator);
        if (verdict.ok) return;
        const sideBySide = slots.slice(1).map((t, i) => `Invalid sequence ${slots[i]?.name}>${t?.name}`);
        const beforeGap = slots.map(
          (t, i) => `Unfinished sequence ${t?.name}>...` + (slots[i + 1] ? '!' : ''),
        );
        expect([...sideBySide, ...beforeGap]).toContain(englishText(verdict.error));
      }),
      params,
    );
  });
});
