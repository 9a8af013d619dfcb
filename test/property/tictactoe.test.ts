import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tictactoeGame } from '../../src/games/tictactoe';
import { boardOutcome, outcome } from '../../src/games/tictactoe/rules/game';
import type { TicTacToeState } from '../../src/games/tictactoe/rules/types';
import {
  historyJumped,
  newGameStarted,
  playerDeparted,
  squareClaimed,
} from '../../src/games/tictactoe/slice';
import type { LoggedAction } from '../../src/sync/log/SyncedGame';
import { foldStep } from '../../src/sync/log/SyncedGame';
import { fcSettings } from '../helpers/fcSettings';

const SETTINGS = fcSettings(20240611, 150);
const people = [1, 2, 3].map((n) => ({ by: { id: `user${n}`, name: `User ${n}` }, clientId: n }));

const anAction: fc.Arbitrary<LoggedAction> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({ who: fc.nat(2), square: fc.integer({ min: 0, max: 8 }) })
      .map(({ who, square }) => squareClaimed({ ...people[who], square })),
  },
  {
    weight: 1,
    arbitrary: fc
      .record({ who: fc.nat(2), step: fc.nat(9) })
      .map(({ who, step }) => historyJumped({ ...people[who], step })),
  },
  { weight: 1, arbitrary: fc.nat(2).map((who) => newGameStarted(people[who])) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }).map((clientId) => playerDeparted({ clientId })) },
);

const fold = (log: LoggedAction[]): TicTacToeState =>
  log.reduce(foldStep(tictactoeGame), tictactoeGame.initialState);

describe('TicTacToe over random action logs', () => {
  it('keeps every history position one mark apart, with X and O alternating and seats held by different people', () => {
    fc.assert(
      fc.property(fc.array(anAction, { maxLength: 40 }), (log) => {
        const state = fold(log);
        state.history.forEach((board, step) => {
          expect(board.filter((s) => s !== null)).toHaveLength(step);
          expect(board.filter((s) => s === 'X')).toHaveLength(Math.ceil(step / 2));
          if (step > 0) expect(boardOutcome(state.history[step - 1])).toBeNull();
        });
        expect(state.step).toBeLessThan(state.history.length);
        if (state.seats.X && state.seats.O) expect(state.seats.X.user.id).not.toBe(state.seats.O.user.id);
      }),
      SETTINGS,
    );
  });

  it('never changes a decided position by a move', () => {
    fc.assert(
      fc.property(fc.array(anAction, { maxLength: 40 }), anAction, (log, action) => {
        const state = fold(log);
        if (!outcome(state) || !action.type.endsWith('squareClaimed')) return;
        expect(foldStep(tictactoeGame)(state, action)).toBe(state);
      }),
      SETTINGS,
    );
  });

  it('replays the same log to the same state, and the state survives a JSON round trip', () => {
    fc.assert(
      fc.property(fc.array(anAction, { maxLength: 40 }), (log) => {
        const state = fold(log);
        expect(fold(JSON.parse(JSON.stringify(log)))).toEqual(state);
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      }),
      SETTINGS,
    );
  });
});
