import { describe, expect, it } from 'vitest';
import { applyOkeyAction, type OkeyPayloads } from '../../../../../src/games/okey/rules/actions';
import { botMove } from '../../../../../src/games/okey/rules/bot';
import { nextSeat, previousSeat } from '../../../../../src/games/okey/rules/seats';
import type { OkeyState } from '../../../../../src/games/okey/rules/types';
import { actor, dealt, must, reasonOf, seated, snapshot } from '../okeyTables';
import { inEnglish } from '../../../../helpers/english';
import { englishText } from '../../../../../src/i18n/reasons';

type Event = 'seatTaken' | 'seatLeft' | 'seatRebound' | 'playerDeparted' | 'tileMoved' | 'tileFlipped';
type Row = {
  name: string;
  before: OkeyState;
  event: Event;
  payload: OkeyPayloads[Event];
  expected: string | ((after: OkeyState) => void);
};

const nameless = { by: { id: 'user9', name: '' }, clientId: 109 };
const withNameless = must(seated(1), 'seatTaken', { ...nameless, seatId: 3 });
const game = dealt(2);
const p1Hand = game.players[0].hand;

describe('seats and own-hand actions', () => {
  it.each<Row>([
    {
      name: 'sit takes an empty seat, sets user and userKey and clears the message',
      before: { ...seated(0), message: { key: 'left', values: { name: 'Name5' } } },
      event: 'seatTaken',
      payload: { ...actor(1), seatId: 2 },
      expected: (after) => {
        expect(inEnglish(after.players[1])).toMatchObject({
          user: { id: 'user1', name: 'Name1' },
          userKey: 101,
        });
        expect(after.message).toBeNull();
      },
    },
    {
      name: 'sit on a taken seat is refused',
      before: seated(1),
      event: 'seatTaken',
      payload: { ...actor(2), seatId: 1 },
      expected: 'Seat not free',
    },
    {
      name: 'sit while already seated is refused',
      before: seated(1),
      event: 'seatTaken',
      payload: { ...actor(1), seatId: 2 },
      expected: 'Already seated',
    },
    {
      name: 'sit on a seat that does not exist is refused',
      before: seated(0),
      event: 'seatTaken',
      payload: { ...actor(1), seatId: 7 },
      expected: 'Seat not free',
    },
    {
      name: 'stand clears the seat and says who left',
      before: seated(2),
      event: 'seatLeft',
      payload: actor(2),
      expected: (after) => {
        expect(after.players[1]).toMatchObject({ user: null, userKey: null });
        expect(inEnglish(after.message)).toBe('Name2 left');
      },
    },
    {
      name: 'stand without a name says Someone left',
      before: withNameless,
      event: 'seatLeft',
      payload: nameless,
      expected: (after) => expect(inEnglish(after.message)).toBe('Someone left'),
    },
    {
      name: 'stand while not seated is refused',
      before: seated(1),
      event: 'seatLeft',
      payload: actor(2),
      expected: 'Not seated',
    },
    {
      name: 'stand during play keeps the hand on the table for whoever sits next',
      before: game,
      event: 'seatLeft',
      payload: actor(2),
      expected: (after) => expect(after.players[1].hand).toEqual(game.players[1].hand),
    },
    {
      name: "departure on the player's own word clears only the seat whose userKey is the departed client",
      before: seated(3),
      event: 'playerDeparted',
      payload: { clientId: 102, by: actor(2).by },
      expected: (after) => {
        expect(after.players.map((s) => s.user?.id ?? null)).toEqual(['user1', null, 'user3', null]);
        expect(inEnglish(after.message)).toBe('Name2 left');
      },
    },
    {
      name: 'departure of a client holding no seat is refused',
      before: seated(2),
      event: 'playerDeparted',
      payload: { clientId: 555, by: actor(1).by },
      expected: 'No seat for this client',
    },
    {
      name: 'a returning user keeps the seat and hand and the userKey follows the new tab',
      before: game,
      event: 'seatRebound',
      payload: { ...actor(2), clientId: 777 },
      expected: (after) => expect(after.players[1]).toEqual({ ...game.players[1], userKey: 777 }),
    },
    {
      name: 'rebinding while not seated is refused',
      before: game,
      event: 'seatRebound',
      payload: actor(3),
      expected: 'Not seated',
    },
    {
      name: 'moving within the hand swaps two slots',
      before: game,
      event: 'tileMoved',
      payload: { ...actor(1), fromSlot: 0, toSlot: 20 },
      expected: (after) => {
        expect(after.players[0].hand[20]).toEqual(p1Hand[0]);
        expect(after.players[0].hand[0]).toBeNull();
      },
    },
    {
      name: 'moving from an empty slot is refused',
      before: game,
      event: 'tileMoved',
      payload: { ...actor(1), fromSlot: 20, toSlot: 0 },
      expected: "Can't move other players tiles",
    },
    {
      name: 'moving while not seated is refused',
      before: game,
      event: 'tileMoved',
      payload: { ...actor(3), fromSlot: 0, toSlot: 1 },
      expected: "Can't move other players tiles",
    },
    {
      name: 'moving to a slot off the rack is refused',
      before: game,
      event: 'tileMoved',
      payload: { ...actor(1), fromSlot: 0, toSlot: 26 },
      expected: 'Invalid slot',
    },
    {
      name: 'hide toggles a tile of the own hand face-down',
      before: game,
      event: 'tileFlipped',
      payload: { ...actor(1), tileId: p1Hand[3]!.id },
      expected: (after) => expect(after.players[0].hand[3]).toEqual({ ...p1Hand[3], hidden: true }),
    },
    {
      name: 'reveal toggles a hidden tile face-up again',
      before: must(game, 'tileFlipped', { ...actor(1), tileId: p1Hand[3]!.id }),
      event: 'tileFlipped',
      payload: { ...actor(1), tileId: p1Hand[3]!.id },
      expected: (after) => expect(after).toEqual(game),
    },
    {
      name: "flipping another player's tile is refused",
      before: game,
      event: 'tileFlipped',
      payload: { ...actor(2), tileId: p1Hand[3]!.id },
      expected: "Can't move other players tiles",
    },
  ])('$name', ({ before, event, payload, expected }) => {
    const copy = snapshot(before);
    const result = applyOkeyAction(before, { type: `okey/${event}`, payload });
    if (typeof expected === 'string') expect(inEnglish(result)).toEqual({ ok: false, reason: expected });
    else if (result.ok) expected(result.state);
    else expect.fail(`refused: ${englishText(result.reason)}`);
    expect(before).toEqual(copy);
  });
});

describe('turn order', () => {
  it.each([
    {
      name: 'with 2 players the next and previous seat are the other one',
      players: 2,
      seat: 1,
      next: 2,
      previous: 2,
    },
    { name: 'with 3 players the last seat passes to the first', players: 3, seat: 3, next: 1, previous: 2 },
    { name: 'with 3 players the first seat follows the last', players: 3, seat: 1, next: 2, previous: 3 },
    {
      name: 'with 4 players the turn goes round in players order',
      players: 4,
      seat: 2,
      next: 3,
      previous: 1,
    },
    { name: 'with 4 players the last seat wraps to the first', players: 4, seat: 4, next: 1, previous: 3 },
  ])('$name', ({ players, seat, next, previous }) => {
    const state = dealt(players);
    expect(nextSeat(state, seat).id).toBe(next);
    expect(previousSeat(state, seat).id).toBe(previous);
  });

  it('follows players order when empty seats were dropped', () => {
    const state = dealt(2, [], [2, 4]);
    expect(nextSeat(state, 4).id).toBe(2);
    expect(previousSeat(state, 2).id).toBe(4);
  });
});

describe('a departed player in a round in play (docs/fair-play.md)', () => {
  // On the other player's word: the only other person seated (shared/departures).
  const departed = () => must(timedTable(), 'playerDeparted', { clientId: 102, by: actor(1).by });
  // Two players, a 15 s turn timer, and the round in play with seat 2 to move.
  function timedTable(): OkeyState {
    const game = must(dealt(2), 'turnTimerSet', { ...actor(1), seconds: 15 });
    const first = game.players[0].hand.find((t) => t !== null)!;
    return must(game, 'tileDiscarded', { ...actor(1), tileId: first.id });
  }

  it('frees the seat but keeps it, its rack and its turn for that player: nobody else sits there, nobody times it out', () => {
    const state = departed();
    expect(state.players[1].user).toBeNull();
    expect(state.departed).toEqual({ 2: 'user2' });
    expect(inEnglish(state.message)).toBe('Name2 left');
    expect(reasonOf(state, 'seatTaken', { ...actor(3), seatId: 2 })).toBe('Seat kept for its player');
    expect(reasonOf(state, 'turnTimedOut', { ...actor(1), seatId: 2, turn: 1 })).toBe(
      'Seat kept for its player',
    );
  });

  it('gives the seat back to its player, from a bot too, and forgets it when the round ends', () => {
    const back = must(departed(), 'seatTaken', { ...actor(2), clientId: 202, seatId: 2 });
    expect(back.players[1].user?.id).toBe('user2');
    expect(back.players[1].userKey).toBe(202);
    expect(back.departed).toBeUndefined();
    const botted = must(departed(), 'botAdded', { ...actor(1), seatId: 2 });
    expect(botted.players[1].user?.id).toBe('bot:2');
    const retaken = must(botted, 'seatTaken', { ...actor(2), seatId: 2 });
    expect(retaken.players[1].user?.id).toBe('user2');
    expect(retaken.players[1].hand).toEqual(botted.players[1].hand);
    // One tile left to draw: the bot's draw and discard end the round.
    const over = { ...departed(), drawPile: departed().drawPile.slice(0, 1) };
    const mover = must(over, 'botAdded', { ...actor(1), seatId: 2 });
    const botPlays = (state: OkeyState) => {
      const move = botMove(state, 2)!;
      return must(state, move.event, { by: { id: 'bot:2', name: 'Bot 2' }, clientId: 101, ...move.payload });
    };
    const ended = botPlays(botPlays(mover));
    expect(ended.gameState).toBe('finish');
    expect(ended.departed).toBeUndefined();
  });

  it('keeps nothing for a player who stood up, or outside a round in play', () => {
    expect(must(timedTable(), 'seatLeft', actor(2)).departed).toBeUndefined();
    expect(must(seated(2), 'playerDeparted', { clientId: 102, by: actor(1).by }).departed).toBeUndefined();
  });
});

describe('departures on evidence (docs/fair-play.md)', () => {
  it("frees a silent seat at a table of three once both others have said it, and not on one's word", () => {
    const table = dealt(3);
    const once = must(table, 'playerDeparted', { clientId: 102, by: actor(1).by });
    expect(once.players[1].user?.id).toBe('user2');
    expect(once.saidGone).toEqual({ 102: ['user1'] });
    const twice = must(once, 'playerDeparted', { clientId: 102, by: actor(3).by });
    expect(twice.players[1].user).toBeNull();
    expect(twice.departed).toEqual({ 2: 'user2' });
    expect(twice.saidGone).toBeUndefined();
  });

  it("refuses a spectator's word, and forgets what was said once the seat's player comes back", () => {
    const table = dealt(3);
    expect(reasonOf(table, 'playerDeparted', { clientId: 102, by: actor(5).by })).toBe(
      'Only the player, their goodbye or most of the others seated can say they left',
    );
    expect(reasonOf(table, 'playerDeparted', { clientId: 102 })).toBe(
      'Only the player, their goodbye or most of the others seated can say they left',
    );
    const once = must(table, 'playerDeparted', { clientId: 102, by: actor(1).by });
    const back = must(once, 'seatRebound', { ...actor(2), clientId: 202 });
    const again = must(back, 'playerDeparted', { clientId: 202, by: actor(3).by });
    expect(again.players[1].user?.id).toBe('user2');
    expect(again.saidGone).toEqual({ 202: ['user3'] });
  });
});
