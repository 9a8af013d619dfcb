import { describe, expect, it } from 'vitest';
import { checkRound, type OpenedToOne } from '../../../../../src/games/shared/maskedDeck/round';
import {
  composedOrder,
  openToAll,
  openToOne,
  readOpenTile,
  readOwnTile,
  revealToAll,
  shuffledRound,
  tableSeats,
  withOpenings,
} from '../../../../helpers/maskedDeckTable';

const OKEY_TILES = 106;
// A four-seat round is some 3,000 curve operations: 4 s alone here, several times that beside a whole test run.
const ROUND_TIMEOUT_MS = 120_000;

describe('a round of hidden tiles', () => {
  it.each([
    { name: 'two seats', seats: ['north', 'east'], deal: [15, 14] },
    { name: 'three seats', seats: ['north', 'east', 'south'], deal: [15, 14, 14] },
    { name: 'four seats', seats: ['north', 'east', 'south', 'west'], deal: [15, 14, 14, 14] },
  ])(
    '$name: every tile ends where the shuffles put it, for its receiver and then for all',
    ({ seats, deal }) => {
      const round = shuffledRound(tableSeats(seats), OKEY_TILES);
      const order = composedOrder(round.seats, OKEY_TILES);
      let position = 0;
      const dealt: OpenedToOne[] = [];
      for (const [i, count] of deal.entries())
        for (let k = 0; k < count; k++) dealt.push(openToOne(round, position++, seats[i]));
      const indicator = openToAll(round, position++);
      const draw = openToOne(round, position, seats[1]);
      for (const opening of [...dealt, draw])
        expect(readOwnTile(round, opening)).toBe(order[opening.position]);
      expect(readOpenTile(round, indicator)).toBe(order[indicator.position]);

      const discard = revealToAll(round, dealt[0]);
      expect(readOpenTile(round, discard)).toBe(order[0]);
      const hands = [...dealt.slice(1), draw].map((o) => revealToAll(round, o));
      const check = checkRound(withOpenings(round, [indicator, discard, ...hands]));

      const opened = Object.fromEntries(
        [indicator, discard, ...hands].map((o) => [o.position, order[o.position]]),
      );
      expect(check).toEqual({ ok: true, opened });
    },
    ROUND_TIMEOUT_MS,
  );
});
