import { describe, expect, it } from 'vitest';
import { turnNumber } from '../../../../../src/games/okey/rules/turn';
import { actor, dealt, must, orderWith, reasonOf } from '../okeyTables';

const timed = (seconds: number) => must(dealt(2), 'turnTimerSet', { ...actor(1), seconds });

describe('the turn timer', () => {
  it('is off by default and takes 15, 30 or 60 seconds only', () => {
    expect(dealt(2).turnSeconds).toBe(0);
    expect(timed(30).turnSeconds).toBe(30);
    expect(reasonOf(dealt(2), 'turnTimerSet', { ...actor(1), seconds: 5 })).toBe('Invalid turn timer');
  });

  it('plays a timed-out turn for the player once: the last tile of a full rack goes', () => {
    const game = timed(15);
    const before = game.players[0].hand.filter((t) => t !== null);
    const after = must(game, 'turnTimedOut', { ...actor(1), seatId: 1, turn: 0 });
    expect(after.players[0].discardPile.map((t) => t.id)).toEqual([before[before.length - 1].id]);
    expect(after.currentPlayer).toBe(2);
    expect(turnNumber(after)).toBe(1);
    expect(reasonOf(after, 'turnTimedOut', { ...actor(1), seatId: 1, turn: 0 })).toBe('Turn already over');
  });

  it('draws from the pile and discards the drawn tile for a player who had not drawn', () => {
    const second = must(timed(15), 'tileDiscarded', { ...actor(1), tileId: 'red2-0' });
    const top = second.drawPile[0].id;
    const after = must(second, 'turnTimedOut', { ...actor(2), seatId: 2, turn: 1 });
    expect(after.players[1].discardPile.map((t) => t.id)).toEqual([top]);
    expect(after.players[1].hand.filter((t) => t !== null)).toHaveLength(14);
    expect(after.drawPile).toHaveLength(second.drawPile.length - 1);
    expect(after.currentPlayer).toBe(1);
  });

  it('refuses a timeout with the timer off, for another seat, or for a turn already played', () => {
    expect(reasonOf(dealt(2), 'turnTimedOut', { ...actor(1), seatId: 1, turn: 0 })).toBe('Turn already over');
    expect(reasonOf(timed(15), 'turnTimedOut', { ...actor(1), seatId: 2, turn: 0 })).toBe(
      'Turn already over',
    );
    expect(reasonOf(timed(15), 'turnTimedOut', { ...actor(1), seatId: 1, turn: 3 })).toBe(
      'Turn already over',
    );
  });

  it("refuses a timeout of a held seat's turn from anyone but that seat's player, and takes one for an empty seat", () => {
    const game = timed(15);
    expect(reasonOf(game, 'turnTimedOut', { ...actor(2), seatId: 1, turn: 0 })).toBe(
      "Only the player's own page times out their turn",
    );
    expect(reasonOf(game, 'turnTimedOut', { ...actor(4), seatId: 1, turn: 0 })).toBe(
      "Only the player's own page times out their turn",
    );
    const left = must(game, 'seatLeft', actor(1));
    expect(must(left, 'turnTimedOut', { ...actor(2), seatId: 1, turn: 0 }).currentPlayer).toBe(2);
  });

  it('keeps the setting through New Game and Reset Game', () => {
    const game = timed(60);
    expect(must(game, 'newGameStarted', { ...actor(1), order: orderWith([]) }).turnSeconds).toBe(60);
    expect(must(game, 'gameReset', { ...actor(1), order: orderWith([]) }).turnSeconds).toBe(60);
  });
});
