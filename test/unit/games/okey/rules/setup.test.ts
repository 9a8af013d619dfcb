import { describe, expect, it } from 'vitest';
import { applyOkeyAction, isToastReason } from '../../../../../src/games/okey/rules/actions';
import { tileCount } from '../../../../../src/games/okey/rules/hand';
import { createInitialState } from '../../../../../src/games/okey/rules/setup';
import { createTileSet } from '../../../../../src/games/okey/rules/tiles';
import type { OkeyState } from '../../../../../src/games/okey/rules/types';
import { actor, dealt, must, orderWith, reasonOf, seated, snapshot } from '../okeyTables';
import { englishText } from '../../../../../src/i18n/reasons';
import { MESSAGES } from '../../../../../src/games/okey/rules/messages';
import { inEnglish } from '../../../../helpers/english';

const ids = (n: number, from: number) =>
  createTileSet()
    .slice(from, from + n)
    .map((t) => t.id);
const reversed = createTileSet()
  .map((t) => t.id)
  .reverse();

describe('the default initial state', () => {
  it('has four empty seats, gameState start, the full hidden pile and an empty message', () => {
    const state = createInitialState();
    expect(
      inEnglish(
        state.players.map((s) => [s.id, s.user, s.userKey, tileCount(s.hand), s.hand.length, s.discardPile]),
      ),
    ).toEqual([1, 2, 3, 4].map((id) => [id, null, null, 0, 26, []]));
    expect(inEnglish(state)).toMatchObject({
      gameState: 'start',
      okeyTile: null,
      currentPlayer: null,
      message: null,
    });
    expect(state.drawPile).toEqual(createTileSet());
  });

  it('is the same on every call, so every peer starts from the same genesis', () => {
    expect(createInitialState()).toEqual(createInitialState());
  });
});

type Row = {
  name: string;
  before: OkeyState;
  event: 'gameStarted' | 'gameReset' | 'newGameStarted';
  order?: unknown;
  check: (after: OkeyState, before: OkeyState) => void;
};

describe('start, reset and new game', () => {
  it.each<Row>([
    {
      name: 'start with no players only sets the message',
      before: seated(0),
      event: 'gameStarted',
      check: (after, before) =>
        expect(inEnglish(after)).toEqual({ ...before, message: 'not enough players to start the game' }),
    },
    {
      name: 'start with 1 player only sets the message',
      before: seated(1),
      event: 'gameStarted',
      check: (after, before) =>
        expect(inEnglish(after)).toEqual({ ...before, message: 'not enough players to start the game' }),
    },
    {
      name: 'start drops the empty seats and gives the turn to the first seated player',
      before: seated(2, [2, 4]),
      event: 'gameStarted',
      check: (after) => {
        expect(inEnglish(after.players.map((s) => s.id))).toEqual([2, 4]);
        expect(inEnglish(after)).toMatchObject({ gameState: 'play', currentPlayer: 2, message: null });
      },
    },
    {
      name: 'start turns the first non-joker up as indicator and deals 15 then 14 into the first slots',
      before: seated(3),
      event: 'gameStarted',
      order: orderWith(['yellow👌-0', 'red5-0']),
      check: (after) => {
        expect(after.okeyTile).toMatchObject({ id: 'red5-0', hidden: false });
        const rest = orderWith(['yellow👌-0', 'red5-0']).filter((id) => id !== 'red5-0');
        after.players.forEach((seat, i) => {
          const count = i === 0 ? 15 : 14;
          const start = i === 0 ? 0 : 15 + (i - 1) * 14;
          expect(seat.hand.slice(0, count).map((t) => t?.id)).toEqual(rest.slice(start, start + count));
          expect(seat.hand.slice(count).every((t) => t === null)).toBe(true);
          expect(
            seat.hand.slice(0, count).every((t) => t?.hidden === false && t.source === `hand-${seat.id}`),
          ).toBe(true);
        });
        expect(after.drawPile.map((t) => t.id)).toEqual(rest.slice(43));
        expect(after.drawPile.every((t) => t.hidden && t.source === 'draw-pile')).toBe(true);
      },
    },
    {
      name: 'start with 4 players leaves 48 tiles in the draw pile',
      before: seated(4),
      event: 'gameStarted',
      check: (after) => {
        expect(after.players.map((s) => tileCount(s.hand))).toEqual([15, 14, 14, 14]);
        expect(after.drawPile).toHaveLength(48);
      },
    },
    {
      name: 'reset restores four empty seats and the pile in the new order, once every player asks',
      before: must(must(dealt(3), 'gameReset', actor(2)), 'gameReset', actor(3)),
      event: 'gameReset',
      order: reversed,
      check: (after) =>
        expect(after).toEqual({
          ...createInitialState(),
          drawPile: reversed.map((id) => createTileSet().find((t) => t.id === id)),
        }),
    },
    {
      name: 'new game keeps the seated users in their seats and empties hands and piles, once every player asks',
      before: must(
        must(dealt(2, [], [1, 3]), 'tileDiscarded', { ...actor(1), tileId: ids(1, 1)[0] }),
        'newGameStarted',
        actor(2),
      ),
      event: 'newGameStarted',
      check: (after) => {
        expect(after.players.map((s) => [s.id, s.user?.id ?? null, s.userKey])).toEqual([
          [1, 'user1', 101],
          [2, null, null],
          [3, 'user2', 102],
          [4, null, null],
        ]);
        expect(
          inEnglish(after.players.every((s) => tileCount(s.hand) === 0 && s.discardPile.length === 0)),
        ).toBe(true);
        expect(inEnglish(after)).toMatchObject({
          gameState: 'start',
          okeyTile: null,
          currentPlayer: null,
          message: null,
        });
        expect(after.drawPile).toHaveLength(106);
      },
    },
  ])('$name', ({ before, event, order, check }) => {
    const copy = snapshot(before);
    const result = applyOkeyAction(before, {
      type: `okey/${event}`,
      payload: { ...actor(1), order: order ?? orderWith([]) },
    });
    expect(result.ok).toBe(true);
    if (result.ok) check(result.state, before);
    expect(before).toEqual(copy);
  });

  it.each([
    {
      name: 'a second start is refused',
      before: dealt(2),
      event: 'gameStarted',
      order: orderWith([]),
      reason: 'Game already started',
    },
    {
      name: 'an order missing a tile is refused',
      before: seated(2),
      event: 'gameStarted',
      order: orderWith([]).slice(1),
      reason: 'Invalid tile order',
    },
    {
      name: 'an order naming a tile twice is refused',
      before: seated(2),
      event: 'gameReset',
      order: ['red1-0', ...orderWith([]).slice(1, 105), 'red1-0'],
      reason: 'Invalid tile order',
    },
    {
      name: 'an order naming an unknown tile is refused',
      before: seated(2),
      event: 'newGameStarted',
      order: ['green1-0', ...orderWith([]).slice(1)],
      reason: 'Invalid tile order',
    },
  ])('$name', ({ before, event, order, reason }) => {
    const copy = snapshot(before);
    expect(
      inEnglish(applyOkeyAction(before, { type: `okey/${event}`, payload: { ...actor(1), order } })),
    ).toEqual({
      ok: false,
      reason,
    });
    expect(before).toEqual(copy);
  });
});

describe('ending a round in play early (docs/okey-rules.md)', () => {
  it('records each player asking, names the last to ask, and restarts only once every person seated asked', () => {
    const asked = must(dealt(3), 'newGameStarted', actor(2));
    expect(asked.gameState).toBe('play');
    expect(asked.restart).toEqual({ kind: 'newGame', seats: [2] });
    expect(inEnglish(asked.message)).toBe('Name2 asks for a new game');
    const twice = must(asked, 'newGameStarted', actor(3));
    expect(twice.gameState).toBe('play');
    expect(twice.restart).toEqual({ kind: 'newGame', seats: [2, 3] });
    const done = must(twice, 'newGameStarted', actor(1));
    expect(done.gameState).toBe('start');
    expect(done.restart).toBeUndefined();
    expect(done.players.slice(0, 3).map((s) => s.user?.id)).toEqual(['user1', 'user2', 'user3']);
  });

  it('starts counting again when the other kind is asked for', () => {
    const asked = must(must(dealt(2), 'newGameStarted', actor(2)), 'gameReset', actor(1));
    expect(asked.restart).toEqual({ kind: 'reset', seats: [1] });
    expect(inEnglish(asked.message)).toBe('Name1 asks to reset the game');
    expect(must(asked, 'gameReset', actor(2)).players.every((s) => s.user === null)).toBe(true);
  });

  it('refuses a spectator mid-round, and counts no bot: with bots alone beside them, one player restarts', () => {
    expect(reasonOf(dealt(2), 'gameReset', actor(4))).toBe('Only the players can end a round in play');
    expect(reasonOf(dealt(2), 'newGameStarted', actor(4))).toBe('Only the players can end a round in play');
    // The spectator who pressed it is told why (a toast), as for a move out of turn.
    expect(englishText(MESSAGES.onlyPlayersEndRound)).toBe('Only the players can end a round in play');
    expect(isToastReason(MESSAGES.onlyPlayersEndRound)).toBe(true);
    const withBot = must(seated(1), 'botAdded', { ...actor(1), seatId: 2 });
    const playing = must(withBot, 'gameStarted', { ...actor(1), order: orderWith([]) });
    expect(must(playing, 'newGameStarted', actor(1)).gameState).toBe('start');
  });

  it('lets anyone reset or start anew outside a round in play, as the spec says', () => {
    expect(must(seated(2), 'gameReset', actor(4)).players.every((s) => s.user === null)).toBe(true);
  });

  it('forgets the request once the round has ended', () => {
    let state = must(dealt(2), 'newGameStarted', actor(2));
    state = { ...state, drawPile: [] };
    const first = state.players[0].hand.find((t) => t !== null)!;
    const ended = must(state, 'tileDiscarded', { ...actor(1), tileId: first.id });
    expect(ended.gameState).toBe('finish');
    expect(ended.restart).toBeUndefined();
  });
});
