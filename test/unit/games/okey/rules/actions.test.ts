import { describe, expect, it } from 'vitest';
import { applyOkeyAction, isToastReason } from '../../../../../src/games/okey/rules/actions';
import { actor, dealt, snapshot } from '../okeyTables';
import {
  invalidSequence,
  MESSAGES,
  QUIET_REASONS,
  unfinishedSequence,
} from '../../../../../src/games/okey/rules/messages';
import { inEnglish } from '../../../../helpers/english';

const game = dealt(2);

describe('applyOkeyAction', () => {
  it.each([
    {
      name: 'an action of another game is refused',
      action: { type: 'tictactoe/squareClaimed', payload: { ...actor(1), square: 0 } },
    },
    { name: 'an unknown Okey event is refused', action: { type: 'okey/tableFlipped', payload: actor(1) } },
    {
      name: 'an inherited property name is not an event',
      action: { type: 'okey/toString', payload: actor(1) },
    },
    {
      name: 'a payload without an actor is refused',
      action: { type: 'okey/tileDiscarded', payload: { tileId: 'red2-0' } },
    },
    { name: 'a missing payload is refused', action: { type: 'okey/seatLeft' } },
    {
      name: 'a draw without a slot is refused',
      action: { type: 'okey/tileDrawn', payload: { ...actor(1), tileId: 'blue5-0' } },
    },
    {
      name: 'a reveal for the deal, no move since every deal is the masked deck, is refused',
      action: { type: 'okey/dealRevealed', payload: { ...actor(1), reveal: 'x' } },
    },
    {
      name: 'a departure without a client id is refused',
      action: { type: 'okey/playerDeparted', payload: { userId: 'user1' } },
    },
  ])('$name', ({ action }) => {
    const copy = snapshot(game);
    expect(inEnglish(applyOkeyAction(game, action))).toEqual({ ok: false, reason: 'Unknown action' });
    expect(game).toEqual(copy);
  });
});

describe('isToastReason', () => {
  it.each([
    { name: 'Not your turn is a toast', reason: MESSAGES.notYourTurn, expected: true },
    {
      name: 'an invalid sequence is a toast',
      reason: invalidSequence(
        { key: 'redTile', values: { rank: 1 } },
        { key: 'blueTile', values: { rank: 2 } },
      ),
      expected: true,
    },
    {
      name: 'an unfinished sequence is a toast',
      reason: unfinishedSequence({ key: 'redTile', values: { rank: 2 } }),
      expected: true,
    },
    { name: 'a quiet refusal is not a toast', reason: QUIET_REASONS.seatNotFree, expected: false },
  ])('$name', ({ reason, expected }) => {
    expect(isToastReason(reason)).toBe(expected);
  });
});
