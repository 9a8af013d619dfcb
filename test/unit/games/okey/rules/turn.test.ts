import { describe, expect, it } from 'vitest';
import { applyOkeyAction, type OkeyPayloads } from '../../../../../src/games/okey/rules/actions';
import { tileCount } from '../../../../../src/games/okey/rules/hand';
import { checkInvariants } from '../../../../../src/games/okey/rules/integrity';
import type { OkeyState } from '../../../../../src/games/okey/rules/types';
import { actor, arranged, dealt, must, orderWith, playTurn, seated, snapshot } from '../okeyTables';
import { inEnglish } from '../../../../helpers/english';
import { englishText } from '../../../../../src/i18n/reasons';

// Default deal for 2: indicator red1-0; person 1 holds red2-0..red13-0, black1-0..black3-0; person 2 black4-0..black13-0,
// blue1-0..blue4-0; the draw pile starts blue5-0, blue6-0.
const game = dealt(2);
const p2Turn = must(game, 'tileDiscarded', { ...actor(1), tileId: 'red2-0' });
const p1Again = playTurn(p2Turn, 'black4-0');
const p2Twice = playTurn(p1Again, 'red3-0');
const three = playTurn(playTurn(dealt(3)));

const WIN = [
  'blue3-0',
  'red1-0',
  'red2-0',
  'red3-0',
  'blue5-0',
  'yellow5-0',
  'black5-0',
  'red9-0',
  'red10-0',
  'red11-0',
  'red12-0',
  'blue13-0',
  'yellow13-0',
  'red13-0',
  'black13-0',
  'black7-0',
];
const winning = arranged(dealt(2, WIN), 1, {
  0: 'red1-0',
  1: 'red2-0',
  2: 'red3-0',
  4: 'blue5-0',
  5: 'yellow5-0',
  6: 'black5-0',
  8: 'red9-0',
  9: 'red10-0',
  10: 'red11-0',
  11: 'red12-0',
  13: 'blue13-0',
  14: 'yellow13-0',
  15: 'red13-0',
  16: 'black13-0',
  25: 'black7-0',
});
const PAIRS = [
  'blue3-0',
  'red1-0',
  'red1-1',
  'blue7-0',
  'blue7-1',
  'black9-0',
  'black9-1',
  'yellow2-0',
  'yellow2-1',
  'red13-0',
  'red13-1',
  'black1-0',
  'black1-1',
  'yellow👌-0',
  'yellow👌-1',
  'black7-0',
];
const pairs = dealt(2, PAIRS);
const nameless = must(
  must(seated(0), 'seatTaken', { by: { id: 'user9', name: '' }, clientId: 109, seatId: 1 }),
  'seatTaken',
  { ...actor(2), seatId: 2 },
);
const namelessWin = must(nameless, 'gameStarted', { ...actor(2), order: orderWith(PAIRS) });

type Event = 'tileDrawn' | 'tileDiscarded' | 'finishDeclared';
type Row = {
  name: string;
  before: OkeyState;
  event: Event;
  payload: OkeyPayloads[Event];
  expected: string | ((after: OkeyState) => void);
};

const hand = (state: OkeyState, seatId: number) => state.players.find((s) => s.id === seatId)!.hand;

describe('draw, discard and finish', () => {
  it.each<Row>([
    {
      name: 'drawing out of turn is refused',
      before: game,
      event: 'tileDrawn',
      payload: { ...actor(2), tileId: 'blue5-0', toSlot: 20 },
      expected: 'Not your turn',
    },
    {
      name: 'drawing while not seated is refused',
      before: game,
      event: 'tileDrawn',
      payload: { ...actor(3), tileId: 'blue5-0', toSlot: 20 },
      expected: 'Not your turn',
    },
    {
      name: 'drawing before the game starts is refused',
      before: seated(2),
      event: 'tileDrawn',
      payload: { ...actor(1), tileId: 'red1-0', toSlot: 20 },
      expected: 'Not your turn',
    },
    {
      name: 'drawing with 15 tiles is refused',
      before: game,
      event: 'tileDrawn',
      payload: { ...actor(1), tileId: 'blue5-0', toSlot: 20 },
      expected: "Can't draw more tiles",
    },
    {
      name: 'drawing the draw pile top puts it face-up in the chosen slot',
      before: p2Turn,
      event: 'tileDrawn',
      payload: { ...actor(2), tileId: 'blue5-0', toSlot: 20 },
      expected: (after) => {
        expect(hand(after, 2)[20]).toMatchObject({ id: 'blue5-0', source: 'hand-2', hidden: false });
        expect(tileCount(hand(after, 2))).toBe(15);
        expect(after.drawPile[0].id).toBe('blue6-0');
      },
    },
    {
      name: 'drawing the previous seat discard top takes it off that pile',
      before: p2Turn,
      event: 'tileDrawn',
      payload: { ...actor(2), tileId: 'red2-0', toSlot: 13 },
      expected: (after) => {
        expect(
          hand(after, 2)
            .slice(13, 15)
            .map((t) => t?.id),
        ).toEqual(['red2-0', 'blue4-0']);
        expect(after.players[0].discardPile).toEqual([]);
      },
    },
    {
      name: 'drawing a deeper draw-pile tile is refused',
      before: p2Turn,
      event: 'tileDrawn',
      payload: { ...actor(2), tileId: 'blue6-0', toSlot: 20 },
      expected: "Can't draw this tile",
    },
    {
      name: 'drawing from below a discard pile top is refused',
      before: p2Twice,
      event: 'tileDrawn',
      payload: { ...actor(2), tileId: 'red2-0', toSlot: 20 },
      expected: "Can't draw this tile",
    },
    {
      name: 'drawing from a discard pile other than the previous seat is refused',
      before: three,
      event: 'tileDrawn',
      payload: { ...actor(3), tileId: 'red2-0', toSlot: 20 },
      expected: "Can't draw this tile",
    },
    {
      name: 'drawing a tile from another hand is refused',
      before: p2Turn,
      event: 'tileDrawn',
      payload: { ...actor(2), tileId: 'red3-0', toSlot: 20 },
      expected: "Can't draw this tile",
    },
    {
      name: 'drawing into a slot off the rack is refused',
      before: p2Turn,
      event: 'tileDrawn',
      payload: { ...actor(2), tileId: 'blue5-0', toSlot: -1 },
      expected: 'Invalid slot',
    },
    {
      name: 'discarding out of turn is refused',
      before: game,
      event: 'tileDiscarded',
      payload: { ...actor(2), tileId: 'black4-0' },
      expected: 'Not your turn',
    },
    {
      name: 'discarding before drawing is refused',
      before: p2Turn,
      event: 'tileDiscarded',
      payload: { ...actor(2), tileId: 'black4-0' },
      expected: "Can't discard before drawing",
    },
    {
      name: 'discarding a tile not from the own hand is refused',
      before: game,
      event: 'tileDiscarded',
      payload: { ...actor(1), tileId: 'black4-0' },
      expected: 'Invalid discard source',
    },
    {
      name: 'discarding puts the tile face-up on the own pile and passes the turn',
      before: game,
      event: 'tileDiscarded',
      payload: { ...actor(1), tileId: 'red2-0' },
      expected: (after) => {
        expect(after.players[0].discardPile).toEqual([
          { ...hand(game, 1)[0], source: 'discard-1', hidden: false },
        ]);
        expect(hand(after, 1)[0]).toBeNull();
        expect(after.currentPlayer).toBe(2);
      },
    },
    {
      name: 'declaring a finish out of turn is refused',
      before: winning,
      event: 'finishDeclared',
      payload: { ...actor(2), tileId: 'black4-0' },
      expected: 'Not your turn',
    },
    {
      name: 'declaring a finish before drawing is refused',
      before: p2Turn,
      event: 'finishDeclared',
      payload: { ...actor(2), tileId: 'black4-0' },
      expected: "Can't discard before drawing",
    },
    {
      name: 'declaring a finish with a tile not in the own hand is refused',
      before: winning,
      event: 'finishDeclared',
      payload: { ...actor(1), tileId: 'blue5-1' },
      expected: "Can't move other players tiles",
    },
    {
      name: 'declaring a finish with a short group is refused',
      before: winning,
      event: 'finishDeclared',
      payload: { ...actor(1), tileId: 'red1-0' },
      expected: 'Unfinished sequence red3>...',
    },
    {
      name: 'declaring a finish with a broken group is refused',
      before: winning,
      event: 'finishDeclared',
      payload: { ...actor(1), tileId: 'blue5-0' },
      expected: 'Unfinished sequence black5>...',
    },
    {
      name: 'declaring a finish that leaves a 2-tile group after a long run is refused',
      before: game,
      event: 'finishDeclared',
      payload: { ...actor(1), tileId: 'black3-0' },
      expected: 'Unfinished sequence black2>...',
    },
    {
      name: 'a winning finish reveals every hand and names the winner',
      before: must(winning, 'tileFlipped', { ...actor(2), tileId: 'black4-0' }),
      event: 'finishDeclared',
      payload: { ...actor(1), tileId: 'black7-0' },
      expected: (after) => {
        expect(inEnglish(after)).toMatchObject({
          gameState: 'finish',
          message: 'Name1 wins!',
          currentPlayer: 1,
        });
        expect(after.players.every((s) => s.hand.every((t) => t === null || !t.hidden))).toBe(true);
        expect(after.drawPile[0]).toMatchObject({ id: 'black7-0', hidden: false, source: 'draw-pile' });
        expect(tileCount(hand(after, 1))).toBe(14);
        expect(checkInvariants(after)).toEqual([]);
      },
    },
    {
      name: 'seven pairs win',
      before: pairs,
      event: 'finishDeclared',
      payload: { ...actor(1), tileId: 'black7-0' },
      expected: (after) => expect(inEnglish(after.message)).toBe('Name1 wins!'),
    },
    {
      name: 'a winner without a name is called Player',
      before: namelessWin,
      event: 'finishDeclared',
      payload: { by: { id: 'user9', name: '' }, clientId: 109, tileId: 'black7-0' },
      expected: (after) => expect(inEnglish(after.message)).toBe('Player wins!'),
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

describe('turn passing', () => {
  it.each([
    { name: 'with 2 players the turn alternates', players: 2, expected: [1, 2, 1, 2, 1] },
    { name: 'with 3 players the turn wraps after the third', players: 3, expected: [1, 2, 3, 1, 2, 3, 1] },
    {
      name: 'with 4 players the turn wraps after the fourth',
      players: 4,
      expected: [1, 2, 3, 4, 1, 2, 3, 4, 1],
    },
  ])('$name', ({ players, expected }) => {
    let state = dealt(players);
    const seen = [state.currentPlayer];
    for (let i = 1; i < expected.length; i++) {
      state = playTurn(state);
      seen.push(state.currentPlayer);
    }
    expect(seen).toEqual(expected);
  });

  it('ends the round with no winner when a discard leaves the draw pile empty', () => {
    let state = must(dealt(4), 'tileFlipped', { ...actor(3), tileId: 'yellow1-0' });
    while (state.gameState === 'play') state = playTurn(state);
    expect(inEnglish(state)).toMatchObject({
      gameState: 'finish',
      message: 'No tiles left',
      currentPlayer: null,
      drawPile: [],
    });
    expect(state.players.every((s) => s.hand.every((t) => t === null || !t.hidden))).toBe(true);
    expect(checkInvariants(state)).toEqual([]);
  });
});
