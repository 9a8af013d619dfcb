import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { goGame, toSgf } from '../../../../src/games/go';
import goModule from '../../../../src/games/go/module';
import { GAMES } from '../../../../src/app/games';
import { setup } from '../../../../src/games/go/rules/game';
import {
  applyGoAction,
  boardSizeChosen,
  deadStonesToggled,
  goSlice,
  komiChosen,
  scoreAccepted,
  seatRebound,
  seatTaken,
  selectAccepted,
  selectCaptures,
  selectLastMove,
  selectMoveCount,
  selectPhase,
  selectResult,
  selectScore,
  selectSeats,
  selectSize,
  stonePlaced,
  turnPassed,
} from '../../../../src/games/go/slice';
import { ann, at, bob, cat } from './positions';
import { foldStep, refusalOf } from '../../../../src/sync/log/SyncedGame';
import { inEnglish } from '../../../helpers/english';

const makeStore = () => configureStore({ reducer: { [goSlice.name]: goSlice.reducer } });

describe('goSlice', () => {
  it('plays a short 9x9 game from seating to an accepted score', () => {
    const store = makeStore();
    store.dispatch(seatTaken({ ...ann, stone: 'b' }));
    store.dispatch(seatTaken({ ...bob, stone: 'w' }));
    store.dispatch(boardSizeChosen({ ...ann, size: 9 }));
    store.dispatch(komiChosen({ ...bob, komi: 0.5 }));
    for (const [who, point] of [
      [ann, at(0, 1)],
      [bob, at(0, 0)],
      [ann, at(1, 0)],
    ] as const) {
      store.dispatch(stonePlaced({ ...who, point }));
    }
    expect(selectCaptures(store.getState())).toEqual({ b: 1, w: 0 });
    expect(selectMoveCount(store.getState())).toBe(3);
    expect(selectLastMove(store.getState())).toEqual({ stone: 'b', point: at(1, 0) });
    store.dispatch(turnPassed(bob));
    store.dispatch(turnPassed(ann));
    expect(selectPhase(store.getState())).toBe('marking');
    expect(selectScore(store.getState())).toEqual({ black: 81, white: 0.5, result: 'B+80.5' });
    store.dispatch(scoreAccepted(ann));
    expect(selectAccepted(store.getState())).toEqual({ b: true, w: false });
    store.dispatch(scoreAccepted(bob));
    expect(selectResult(store.getState())).toBe('B+80.5');
    expect(toSgf(store.getState().go)).toBe(
      '(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[0.5]PB[Ann]PW[Bob]RE[B+80.5];B[ba];W[aa];B[ab];W[];B[])',
    );
  });

  it('leaves the state untouched when an action is refused', () => {
    const store = makeStore();
    store.dispatch(seatTaken({ ...ann, stone: 'b' }));
    const before = store.getState();
    store.dispatch(stonePlaced({ ...cat, point: 0 }));
    store.dispatch(deadStonesToggled({ ...ann, point: 0 }));
    expect(store.getState()).toBe(before);
    expect(selectSize(before)).toBe(19);
  });

  it('keeps a seat for its user across a reload and rebinds it to the new tab', () => {
    const store = makeStore();
    store.dispatch(seatTaken({ ...ann, stone: 'w' }));
    store.dispatch(seatRebound({ ...ann, clientId: 42 }));
    expect(selectSeats(store.getState()).w).toEqual({ user: ann.by, clientId: 42 });
  });
});

describe('applyGoAction', () => {
  const seated = [seatTaken({ ...ann, stone: 'b' }), seatTaken({ ...bob, stone: 'w' })].reduce(
    foldStep(goGame),
    goGame.initialState,
  );
  it.each([
    {
      name: 'an action of another game',
      action: { type: 'tictactoe/squareClaimed', payload: { ...ann, point: 0 } },
      reason: 'Unknown action',
    },
    {
      name: 'an unknown Go action',
      action: { type: 'go/stonesRemoved', payload: ann },
      reason: 'Unknown action',
    },
    {
      name: 'a stone without a point',
      action: { type: 'go/stonePlaced', payload: ann },
      reason: 'Unknown action',
    },
    {
      name: 'a seat of no colour',
      action: { type: 'go/seatTaken', payload: { ...cat, stone: 'red' } },
      reason: 'Unknown action',
    },
    { name: 'a stone out of turn', action: stonePlaced({ ...bob, point: 0 }), reason: 'Not your turn' },
    { name: 'a legal stone', action: stonePlaced({ ...ann, point: 0 }), reason: null },
  ])('validates $name', ({ action, reason }) => {
    const before = structuredClone(seated);
    expect(inEnglish(refusalOf(goGame, seated, action))).toBe(reason);
    expect(applyGoAction(seated, action).ok).toBe(reason === null);
    expect(seated).toEqual(before);
  });
});

describe('goGame', () => {
  it('names its slice, snapshot path and route', () => {
    expect(goGame.name).toBe('go');
    expect(goGame.snapshotPath).toEqual(['go-state', 'game-state']);
    expect(goGame.initialState).toEqual(setup());
    expect(GAMES.find((g) => g.path === goGame.name)?.label).toBe('Go');
    expect(goModule.showsCursors).toBe(true);
  });
});
