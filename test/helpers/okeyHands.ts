import fc from 'fast-check';
import { RACK_SIZE } from '../../src/games/okey/rules/hand';
import { COLOR_NAMES, JOKER, MAX_RANK, createTile, okeyValueOf } from '../../src/games/okey/rules/tiles';
import type { ColorName, Rank, Tile } from '../../src/games/okey/rules/types';

/** Winning Okey hands for property tests, built from random valid groups (the hands are not in the repo). */

/** A tile as the generator thinks of it before copies are given out. */
type Face = { color: ColorName; rank: Rank };

export const color = fc.constantFrom(...COLOR_NAMES);
export const rank = fc.integer({ min: 1, max: MAX_RANK });

/** A set: one rank in 3 or 4 different colours, in any order. */
const set = fc
  .tuple(rank, fc.shuffledSubarray([...COLOR_NAMES], { minLength: 3, maxLength: 4 }))
  .map(([r, colors]): Face[] => colors.map((c) => ({ color: c, rank: r })));

/** A run: 3 to 8 consecutive ranks of one colour, rising or falling, possibly wrapping 12-13-1 at its top. */
const run = fc
  .tuple(color, fc.integer({ min: 3, max: 8 }), fc.nat(MAX_RANK), fc.boolean(), fc.boolean())
  .map(([c, length, start, wraps, falling]): Face[] => {
    const first = wraps ? MAX_RANK - length + 2 : 1 + (start % (MAX_RANK - length + 1));
    const ranks = Array.from({ length }, (_, i) => ((first + i - 1) % MAX_RANK) + 1);
    return (falling ? ranks.reverse() : ranks).map((r) => ({ color: c, rank: r }));
  });

/** Groups of 14 tiles in all, as the generator first picks them (any surplus is dropped from the last group). */
const groups = fc.array(fc.oneof(set, run), { minLength: 2, maxLength: 5 }).filter((gs) => {
  const sizes = gs.map((g) => g.length);
  let total = 0;
  for (const size of sizes) {
    if (total === 14) return false;
    total += size;
  }
  return total >= 14 && 14 - (total - sizes[sizes.length - 1]) >= 3;
});

/**
 * A winning hand: valid groups of 14 tiles, some tiles swapped for an okey (wild) or, where they have the okey's
 * value, a joker; laid into the rack in any order with any gaps (none at all included) between whole groups.
 */
export const winningHand = fc
  .record({
    groups,
    indicator: fc.record({ color, rank }),
    wilds: fc.array(fc.nat(13), { maxLength: 2 }),
    jokers: fc.boolean(),
    gaps: fc.array(fc.nat(3), { minLength: 6, maxLength: 6 }),
    lead: fc.nat(4),
  })
  .map(({ groups: gs, indicator, wilds, jokers, gaps, lead }) => {
    let left = 14;
    const cut = gs
      .map((g) => {
        const part = g.slice(0, left);
        left -= part.length;
        return part;
      })
      .filter((g) => g.length > 0);
    const okey = okeyValueOf(createTile(indicator.color, indicator.rank, 0));
    const okeyFace: Face = {
      color: COLOR_NAMES.find((name) => createTile(name, 1, 0).color === okey.color) as ColorName,
      rank: okey.rank,
    };
    const faces = cut.flat();
    if (jokers) {
      faces.forEach((face, i) => {
        if (face.color === okeyFace.color && face.rank === okeyFace.rank && i % 2 === 0)
          faces[i] = { color: 'yellow', rank: JOKER };
      });
    }
    for (const at of wilds) faces[at % faces.length] = okeyFace;
    // Copies: each colour and rank exists twice; a hand needing a third is not a hand the set can deal.
    const used = new Map<string, number>();
    const tiles = faces.map((face) => {
      const key = `${face.color}${face.rank}`;
      const copy = used.get(key) ?? 0;
      used.set(key, copy + 1);
      return copy < 2 ? createTile(face.color, face.rank, copy) : null;
    });
    const rack: (Tile | null)[] = Array.from({ length: lead }, () => null);
    let next = 0;
    cut.forEach((g, i) => {
      rack.push(...tiles.slice(next, next + g.length));
      next += g.length;
      rack.push(...Array.from({ length: gaps[i] ?? 0 }, () => null));
    });
    const dealable = tiles.every((t) => t !== null) && rack.length <= RACK_SIZE;
    while (rack.length < RACK_SIZE) rack.push(null);
    return {
      rack: rack.slice(0, RACK_SIZE),
      indicator: createTile(indicator.color, indicator.rank, 0),
      dealable,
    };
  })
  .filter((hand) => hand.dealable);
