import { describe, expect, it } from 'vitest';
import { backgammonGame } from '../../../../src/games/backgammon';
import { setup } from '../../../../src/games/backgammon/rules/game';
import type { BackgammonState } from '../../../../src/games/backgammon/rules/types';
import {
  applyBackgammonAction,
  backgammonSlice,
  checkerMoved,
  diceRolled,
  openingDieRolled,
  playerDeparted,
  seatTaken,
  selectCanConfirmTurn,
  selectMovesAvailable,
  selectPipCounts,
  selectRemainingDice,
  turnConfirmed,
} from '../../../../src/games/backgammon/slice';
import type { LoggedAction } from '../../../../src/sync/log/SyncedGame';
import { bruno, carla, wendy } from './positions';
import { foldStep, refusalOf } from '../../../../src/sync/log/SyncedGame';
import { inEnglish } from '../../../helpers/english';

const fold = (log: LoggedAction[], from: BackgammonState = backgammonGame.initialState) =>
  log.reduce(foldStep(backgammonGame), from);

const opening: LoggedAction[] = [
  seatTaken({ ...wendy, side: 'white' }),
  seatTaken({ ...bruno, side: 'black' }),
  openingDieRolled({ ...wendy, die: 5 }),
  openingDieRolled({ ...bruno, die: 2 }),
];

describe('action creators', () => {
  it("carry no dice: the dice are drawn from both sides' secrets", () => {
    expect(openingDieRolled(wendy).payload).toEqual(wendy);
    expect(diceRolled(bruno).payload).toEqual(bruno);
    expect(seatTaken({ ...wendy, side: 'white' }).payload.commitment).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });
});

describe('the slice and the synced game', () => {
  it('start the opening from two seats and the two dice in the log', () => {
    const state = fold(opening);
    expect(state).toMatchObject({ phase: 'playing', turn: 'white', dice: [5, 2] });
    expect(opening.reduce(backgammonSlice.reducer, backgammonSlice.getInitialState())).toEqual(state);
  });

  it.each([
    { name: 'an unknown action', action: { type: 'backgammon/boardFlipped', payload: wendy } },
    { name: 'another game’s action', action: { type: 'go/seatTaken', payload: { ...wendy, side: 'white' } } },
    {
      name: 'a payload without a person',
      action: { type: 'backgammon/seatTaken', payload: { side: 'white' } },
    },
    {
      name: 'a move to a made-up place',
      action: { type: 'backgammon/checkerMoved', payload: { ...wendy, from: 'home', to: 3 } },
    },
    {
      name: 'dice that are not a list',
      action: { type: 'backgammon/diceRolled', payload: { ...wendy, dice: 7 } },
    },
  ])('refuse $name as unknown and leave the state alone', ({ action }) => {
    const state = fold(opening);
    expect(inEnglish(refusalOf(backgammonGame, state, action))).toBe('Unknown action');
    expect(foldStep(backgammonGame)(state, action)).toBe(state);
  });

  it('validate gives the rules’ reason, and the reducer skips the refused action', () => {
    const state = fold(opening);
    const action = checkerMoved({ ...bruno, from: 1, to: 3 });
    expect(inEnglish(refusalOf(backgammonGame, state, action))).toBe('Not your turn');
    expect(backgammonSlice.reducer(state, action)).toBe(state);
    expect(inEnglish(applyBackgammonAction(state, turnConfirmed(wendy)))).toEqual({
      ok: false,
      reason: 'Play every die you can before ending the turn',
    });
  });

  it('plays a turn through the reducer and leaves it for Black', () => {
    const state = fold([
      ...opening,
      checkerMoved({ ...wendy, from: 13, to: 8 }),
      checkerMoved({ ...wendy, from: 8, to: 6 }),
      turnConfirmed(wendy),
    ]);
    expect(inEnglish(state)).toMatchObject({ turn: 'black', dice: [], record: ['White 5-2: 13/8 8/6'] });
  });

  it('lives at backgammon-state / game-state', () => {
    expect(backgammonGame.name).toBe('backgammon');
    expect(backgammonGame.snapshotPath).toEqual(['backgammon-state', 'game-state']);
    expect(backgammonGame.initialState).toEqual(setup());
  });

  it('frees a seat when a tab departs', () => {
    const state = fold([...opening, playerDeparted({ clientId: 2, by: wendy.by })]);
    expect(state.seats.black).toBeNull();
    expect(refusalOf(backgammonGame, state, seatTaken({ ...carla, side: 'black' }))).toBeNull();
  });
});

describe('selectors', () => {
  const root = (state: BackgammonState) => ({ backgammon: state });

  it('give pip counts, dice left, moves available and whether the turn may end', () => {
    const state = fold([...opening, checkerMoved({ ...wendy, from: 13, to: 8 })]);
    expect(selectPipCounts(root(state))).toEqual({ white: 162, black: 167 });
    expect(selectRemainingDice(root(state))).toEqual([2]);
    expect(selectMovesAvailable(root(state)).every((step) => step.die === 2)).toBe(true);
    expect(selectCanConfirmTurn(root(state))).toBe(false);
    expect(selectPipCounts(root(state))).toBe(selectPipCounts(root(state)));
  });
});
