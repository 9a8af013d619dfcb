import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  applyTicTacToeAction,
  historyJumped,
  newGameStarted,
  playerDeparted,
  selectBoard,
  selectHistoryLabels,
  selectOutcome,
  selectStatusText,
  selectWinningLine,
  squareClaimed,
  tictactoeSlice,
} from '../../../../src/games/tictactoe/slice';
import { tictactoeGame } from '../../../../src/games/tictactoe';
import tictactoeModule from '../../../../src/games/tictactoe/module';
import { GAMES } from '../../../../src/app/games';
import { setup } from '../../../../src/games/tictactoe/rules/game';
import { foldStep, refusalOf } from '../../../../src/sync/log/SyncedGame';
import { inEnglish } from '../../../helpers/english';

const ann = { by: { id: 'ann', name: 'Ann' }, clientId: 1 };
const bob = { by: { id: 'bob', name: 'Bob' }, clientId: 2 };
const makeStore = () => configureStore({ reducer: { [tictactoeSlice.name]: tictactoeSlice.reducer } });

describe('tictactoeSlice', () => {
  it('plays a game through the store and exposes board, status, line and history labels', () => {
    const store = makeStore();
    for (const [who, square] of [
      [ann, 0],
      [bob, 3],
      [ann, 1],
      [bob, 4],
      [ann, 2],
    ] as const) {
      store.dispatch(squareClaimed({ ...who, square }));
    }
    const root = store.getState();
    expect(selectBoard(root)).toEqual(['X', 'X', 'X', 'O', 'O', null, null, null, null]);
    expect(inEnglish(selectStatusText(root))).toBe('Winner: X (Ann)');
    expect(selectWinningLine(root)).toEqual([0, 1, 2]);
    expect(selectOutcome(root)).toEqual({ kind: 'win', mark: 'X', line: [0, 1, 2] });
    expect(selectHistoryLabels(root)).toHaveLength(6);
    expect(selectWinningLine(root)).toBe(selectWinningLine(store.getState()));
  });

  it('leaves the state untouched when a move is refused', () => {
    const store = makeStore();
    store.dispatch(squareClaimed({ ...ann, square: 0 }));
    const before = store.getState();
    store.dispatch(squareClaimed({ ...ann, square: 1 }));
    expect(store.getState()).toBe(before);
  });

  it('jumps through history, starts a new game and frees seats on departure', () => {
    const store = makeStore();
    store.dispatch(squareClaimed({ ...ann, square: 0 }));
    store.dispatch(squareClaimed({ ...bob, square: 4 }));
    store.dispatch(historyJumped({ ...bob, step: 0 }));
    expect(inEnglish(selectStatusText(store.getState()))).toBe('Next player: X (Ann)');
    store.dispatch(newGameStarted(ann));
    expect(inEnglish(selectHistoryLabels(store.getState()))).toEqual(['Go to game start']);
    store.dispatch(playerDeparted({ clientId: 1, by: bob.by }));
    store.dispatch(playerDeparted({ clientId: 2, by: bob.by }));
    expect(store.getState().tictactoe).toEqual(setup());
  });
});

describe('applyTicTacToeAction', () => {
  it.each([
    {
      name: 'an action of another game',
      action: { type: 'okey/seatTaken', payload: ann },
      reason: 'Unknown action',
    },
    {
      name: 'an unknown TicTacToe action',
      action: { type: 'tictactoe/cheated', payload: ann },
      reason: 'Unknown action',
    },
    {
      name: 'a payload without a player',
      action: { type: 'tictactoe/squareClaimed', payload: { square: 1 } },
      reason: 'Unknown action',
    },
    { name: 'a move for the wrong player', action: squareClaimed({ ...bob, square: 1 }), reason: null },
    {
      name: 'a move on a taken square',
      action: squareClaimed({ ...ann, square: 0 }),
      reason: 'Square taken',
    },
  ])('validates $name', ({ action, reason }) => {
    const state = foldStep(tictactoeGame)(setup(), squareClaimed({ ...ann, square: 0 }));
    const before = structuredClone(state);
    expect(inEnglish(refusalOf(tictactoeGame, state, action))).toBe(reason);
    expect(applyTicTacToeAction(state, action).ok).toBe(reason === null);
    expect(state).toEqual(before);
  });
});

describe('tictactoeGame', () => {
  it('names its slice, snapshot path and route', () => {
    expect(tictactoeGame.name).toBe('tictactoe');
    expect(tictactoeGame.snapshotPath).toEqual(['tictactoe-state', 'game-state']);
    expect(tictactoeGame.initialState).toEqual(setup());
    expect(GAMES.find((g) => g.path === tictactoeGame.name)?.label).toBe('TicTacToe');
    expect(tictactoeModule.showsCursors).toBe(true);
  });
});
