import { describe, expect, it } from 'vitest';
import { arrangeRack } from '../../../../../src/games/okey/rules/arrange';
import { checkFinish } from '../../../../../src/games/okey/rules/finish';
import { arrangeHand } from '../../../../../src/games/okey/rules/seats';
import { actor, dealt, rack, tile } from '../okeyTables';
import { inEnglish } from '../../../../helpers/english';

const names = (slots: readonly ({ name: string } | null)[]) =>
  slots
    .map((t) => t?.name ?? '.')
    .join(' ')
    .replace(/( \.)+$/, '');

describe('arrangeRack', () => {
  it('lays runs and sets out with a gap between groups and the leftovers at the end', () => {
    const hand = rack('black9 red3 blue5 red1 yellow5 red2 black5 yellow11 red4');
    expect(names(arrangeRack(hand, tile('blue13'), 'runs'))).toBe(
      'black5 blue5 yellow5 . red1 red2 red3 red4 . black9 yellow11',
    );
  });

  it('puts the okey (wild) where it completes a group', () => {
    // Indicator blue3: blue4 is the okey; it stands in for red3.
    const laid = arrangeRack(rack('red4 black9 blue4 red2 red5'), tile('blue3'), 'runs');
    expect(names(laid)).toBe('red2 blue4 red4 red5 . black9');
  });

  it('finds the layout that holds the most tiles, not the first it meets', () => {
    // Greedy 1-2-3-4 would leave blue4 and black4 out; 1-2-3 and the set of 4s hold all six.
    const laid = arrangeRack(rack('red4 black4 red1 blue4 red3 red2'), tile('yellow7'), 'runs');
    expect(checkFinish(laid, tile('yellow7'))).toEqual({ ok: true });
  });

  it('keeps the fifteenth tile apart, so the fourteen in groups win once it is played', () => {
    const fifteen = rack(
      'red1 red2 red3 blue4 blue5 blue6 blue7 blue8 black2 black3 black4 yellow4 yellow5 yellow6 red9',
    );
    const laid = arrangeRack(fifteen, tile('black12'), 'runs');
    expect(names(laid).endsWith('. red9')).toBe(true);
    expect(
      checkFinish(
        laid.map((t) => (t?.name === 'red9' ? null : t)),
        tile('black12'),
      ),
    ).toEqual({ ok: true });
  });

  it('starts the bottom row with a group that would run over the end of the top row', () => {
    // 4 + gap + 4 + gap + 4 would put the third run in slots 10-13: it starts the bottom row (slots 13-16).
    const hand = rack('red1 red2 red3 red4 blue5 blue6 blue7 blue8 black9 black10 black11 black12');
    const laid = arrangeRack(hand, tile('yellow1'), 'runs');
    expect(names(laid.slice(0, 13))).toBe('black9 black10 black11 black12 . blue5 blue6 blue7 blue8');
    expect(laid.slice(9, 13)).toEqual([null, null, null, null]);
    expect(names(laid.slice(13))).toBe('red1 red2 red3 red4');
    expect(checkFinish(laid, tile('yellow1'))).toEqual({ ok: true });
  });

  it('lays pairs side by side, each after a gap, and seven pairs win', () => {
    const hand = rack(
      'red1 blue7 red1 black9 blue7 yellow2 black9 red13 yellow2 black1 red13 black1 red6 red6',
    );
    const laid = arrangeRack(hand, tile('blue3'), 'pairs');
    expect(names(laid)).toBe(
      // red13's pair would straddle the rows (slots 12 and 13): it starts the bottom row.
      'black1 black1 . black9 black9 . blue7 blue7 . red1 red1 . . red13 red13 . red6 red6 . yellow2 yellow2',
    );
    expect(checkFinish(laid, tile('blue3'))).toEqual({ ok: true });
  });
});

describe('arrangeHand (the rackArranged move)', () => {
  const game = dealt(2);
  const seat = game.players[0];
  const ids = seat.hand.map((t) => t?.id ?? null);

  it("lays the player's own tiles out as asked", () => {
    const reversed = [...ids.slice(0, 15).reverse(), ...ids.slice(15)];
    const result = arrangeHand(game, { ...actor(1), slots: reversed });
    expect(result.ok && result.state.players[0].hand.map((t) => t?.id ?? null)).toEqual(reversed);
  });

  it.each([
    {
      name: 'a tile the player does not hold',
      slots: [...ids.slice(0, 14), 'yellow13-1', ...ids.slice(15)],
      reason: "Can't move other players tiles",
    },
    { name: 'a tile twice', slots: [...ids.slice(0, 14), ids[0], ...ids.slice(15)], reason: 'Invalid slot' },
    { name: 'a tile left out', slots: [...ids.slice(0, 14), null, ...ids.slice(15)], reason: 'Invalid slot' },
    { name: 'a rack of the wrong size', slots: ids.slice(0, 20), reason: 'Invalid slot' },
  ])('refuses $name', ({ slots, reason }) => {
    expect(inEnglish(arrangeHand(game, { ...actor(1), slots }))).toEqual({ ok: false, reason });
  });

  it('refuses someone who holds no seat', () => {
    expect(inEnglish(arrangeHand(game, { ...actor(9), slots: ids }))).toEqual({
      ok: false,
      reason: "Can't move other players tiles",
    });
  });
});
