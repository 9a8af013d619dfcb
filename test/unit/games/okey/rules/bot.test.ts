import { describe, expect, it } from 'vitest';
import { applyOkeyAction } from '../../../../../src/games/okey/rules/actions';
import { coveredCount } from '../../../../../src/games/okey/rules/arrange';
import { botMove } from '../../../../../src/games/okey/rules/bot';
import { botUser, isBot } from '../../../../../src/games/okey/rules/seats';
import { checkInvariants } from '../../../../../src/games/okey/rules/integrity';
import { createInitialState } from '../../../../../src/games/okey/rules/setup';
import { openRack, shuffledTileIds } from '../../../../../src/games/okey/rules/tiles';
import type { OkeyState } from '../../../../../src/games/okey/rules/types';
import { actor, must, orderWith, reasonOf } from '../okeyTables';
import { englishText } from '../../../../../src/i18n/reasons';
import { inEnglish } from '../../../../helpers/english';
import { seededRandom } from '../../../../helpers/seeded';

/** A table of bots in these seats (and persons 1.. in the others), dealt in this order. */
function botsDealt(bots: number[], order: string[], people = 0): OkeyState {
  let state = createInitialState();
  for (let n = 1; n <= people; n++) state = must(state, 'seatTaken', { ...actor(n), seatId: n });
  for (const seatId of bots) state = must(state, 'botAdded', { ...actor(9), seatId });
  return must(state, 'gameStarted', { ...actor(9), order });
}

/** The tile a bot lets go after weighing every one: the first whose loss keeps the most tiles in groups. */
function weighedDiscard(state: OkeyState, seatId: number): string {
  const tiles = openRack(state.players.find((s) => s.id === seatId)!.hand)!.filter((t) => t !== null);
  const kept = tiles.map((tile) =>
    coveredCount(
      tiles.filter((t) => t !== tile),
      state.okeyTile!,
    ),
  );
  return tiles[kept.indexOf(Math.max(...kept))].id;
}

/** Lets the bots play until the round ends (or maxMoves); returns the end state and the moves made. */
function playOut(start: OkeyState, maxMoves = 2000): { state: OkeyState; moves: number } {
  let state = start;
  let moves = 0;
  let previous = '';
  while (state.gameState === 'play' && moves < maxMoves) {
    const seatId = state.currentPlayer as number;
    const move = botMove(state, seatId);
    if (!move) break;
    // A move made twice running changed nothing the bot looks at: on a page, that bot would stall its table.
    expect(JSON.stringify(move)).not.toBe(previous);
    previous = JSON.stringify(move);
    // The bot stops weighing once a tile's loss keeps every tile in groups: it lets the same tile go as a full weighing.
    if (move.event === 'tileDiscarded') expect(move.payload.tileId).toBe(weighedDiscard(state, seatId));
    const seat = state.players.find((s) => s.id === seatId)!;
    const result = applyOkeyAction(state, {
      type: `okey/${move.event}`,
      payload: { by: seat.user, clientId: 7, ...move.payload },
    });
    if (!result.ok) throw new Error(`${move.event} refused: ${englishText(result.reason)}`);
    state = result.state;
    expect(checkInvariants(state)).toEqual([]);
    moves++;
  }
  return { state, moves };
}

describe('bot seats', () => {
  it('anyone adds a bot to an empty seat, and removes it, which frees the seat with its rack', () => {
    const withBot = must(createInitialState(), 'botAdded', { ...actor(1), seatId: 3 });
    expect(withBot.players[2].user).toEqual(botUser(3));
    expect(isBot(withBot.players[2].user)).toBe(true);
    expect(withBot.players[2].userKey).toBeNull();
    expect(reasonOf(withBot, 'botAdded', { ...actor(2), seatId: 3 })).toBe('Seat not free');
    expect(reasonOf(withBot, 'seatTaken', { ...actor(2), seatId: 3 })).toBe('Seat not free');
    const removed = must(withBot, 'botRemoved', { ...actor(2), seatId: 3 });
    expect(removed.players[2].user).toBeNull();
    expect(inEnglish(removed.message)).toBe('Bot 3 left');
    expect(reasonOf(removed, 'botRemoved', { ...actor(2), seatId: 3 })).toBe('Not a bot');
  });
});

describe('botMove', () => {
  it('makes no move for a person, or out of its turn', () => {
    const state = botsDealt([2], orderWith([]), 1);
    expect(botMove(state, 1)).toBeNull();
    expect(botMove(state, 2)).toBeNull();
  });

  it('finishes when its hand wins as it lies: drops the tile left over', () => {
    // Indicator blue3; the bot in seat 1 is dealt seven pairs and black7: pairs win in any order.
    const pairs = ['red1', 'blue7', 'black9', 'yellow2', 'red13', 'black1', 'red6'].flatMap((n) => [
      `${n}-0`,
      `${n}-1`,
    ]);
    const state = botsDealt([1, 2], orderWith(['blue3-0', ...pairs, 'black7-0']));
    const { state: end, moves } = playOut(state);
    expect(moves).toBe(1);
    expect(inEnglish(end.message)).toBe('Bot 1 wins!');
  });

  it('lays a winning hand out into its groups first, then finishes from that layout', () => {
    // Indicator blue3; seat 1 is dealt runs red1-5, black7-9, yellow10-12 and blue5-7 shuffled, and black1.
    const dealt = [
      'red1',
      'black8',
      'yellow12',
      'blue5',
      'red4',
      'black1',
      'red2',
      'yellow10',
      'blue7',
      'red5',
    ]
      .concat(['black7', 'red3', 'blue6', 'yellow11', 'black9'])
      .map((n) => `${n}-0`);
    const state = botsDealt([1, 2], orderWith(['blue3-0', ...dealt]));
    expect(botMove(state, 1)?.event).toBe('rackArranged');
    const { state: end, moves } = playOut(state);
    expect(moves).toBe(2);
    expect(inEnglish(end.message)).toBe('Bot 1 wins!');
    expect(end.drawPile[0].id).toBe('black1-0');
  });

  it('draws on its turn: the previous seat\u2019s discard when it completes a group, else the pile top', () => {
    // Indicator blue3; the bot in seat 2 holds red4 red5 and more; the person in seat 1 discards red6.
    const order = orderWith([
      'blue3-0',
      ...[
        'red6',
        'yellow9',
        'black11',
        'blue1',
        'yellow2',
        'black3',
        'red8',
        'yellow10',
        'black12',
        'blue13',
        'yellow4',
        'black6',
        'blue8',
        'yellow13',
        'black2',
      ].map((n) => `${n}-0`),
      ...[
        'red4',
        'red5',
        'black9',
        'blue11',
        'yellow1',
        'blue2',
        'yellow3',
        'black4',
        'blue10',
        'yellow12',
        'black13',
        'blue6',
        'yellow7',
        'black7',
      ].map((n) => `${n}-1`),
    ]);
    const state = botsDealt([2], order, 1);
    const afterDiscard = must(state, 'tileDiscarded', { ...actor(1), tileId: 'red6-0' });
    expect(botMove(afterDiscard, 2)).toEqual({
      event: 'tileDrawn',
      payload: { tileId: 'red6-0', toSlot: 14 },
    });
    const useless = must(state, 'tileDiscarded', { ...actor(1), tileId: 'yellow9-0' });
    expect(botMove(useless, 2)).toEqual({
      event: 'tileDrawn',
      payload: { tileId: useless.drawPile[0].id, toSlot: 14 },
    });
  });

  it('four bots play rounds to their end, never repeating a move, keeping every invariant', () => {
    const random = seededRandom(11);
    for (let round = 0; round < 10; round++) {
      const { state } = playOut(botsDealt([1, 2, 3, 4], shuffledTileIds(random)));
      expect(state.gameState).toBe('finish');
      const message = state.message ? englishText(state.message) : '';
      expect(message === 'No tiles left' || message.endsWith(' wins!')).toBe(true);
    }
  });
});

describe("a bot's seat (docs/fair-play.md)", () => {
  it('takes only the move the bot makes: the page driving it chooses nothing', () => {
    const state = botsDealt([1, 2], orderWith([]));
    const bot = { by: state.players[0].user!, clientId: 7 };
    const move = botMove(state, 1)!;
    const seat = state.players[0];
    const held = seat.hand.filter((t) => t !== null);
    // With 15 tiles the bot discards (or arranges, or finishes): another tile of its rack is refused.
    const other = held.find((t) => move.event !== 'tileDiscarded' || t.id !== move.payload.tileId)!;
    expect(reasonOf(state, 'tileDiscarded', { ...bot, tileId: other.id })).toBe("Not the bot's move");
    const from = seat.hand.findIndex((t) => t !== null);
    expect(reasonOf(state, 'tileMoved', { ...bot, fromSlot: from, toSlot: seat.hand.indexOf(null) })).toBe(
      "Not the bot's move",
    );
    expect(reasonOf(state, 'indicatorShown', { ...bot, tileId: other.id })).toBe("Not the bot's move");
    const played = must(state, move.event, { ...bot, ...move.payload });
    expect(played).not.toEqual(state);
  });
});
