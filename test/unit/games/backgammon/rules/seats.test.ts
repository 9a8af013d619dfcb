import { describe, expect, it } from 'vitest';
import { startPosition } from '../../../../../src/games/backgammon/rules/board';
import { setup } from '../../../../../src/games/backgammon/rules/game';
import {
  departPlayer,
  leaveSeat,
  rebindSeat,
  startNewGame,
  takeSeat,
} from '../../../../../src/games/backgammon/rules/seats';
import type { BackgammonState } from '../../../../../src/games/backgammon/rules/types';
import { bruno, carla, inPlay, layout, seatedGame, must, wendy } from '../positions';
import { inEnglish } from '../../../../helpers/english';

const wendySeat = { user: wendy.by, clientId: 1 };
const brunoSeat = { user: bruno.by, clientId: 2 };
const wendyOnly = () => setup({ white: wendySeat, black: null });
const whiteRolled = (): BackgammonState => ({ ...seatedGame(), opening: { white: 4, black: null } });

describe('sitting and standing', () => {
  it.each([
    {
      name: 'the first player waits for a second',
      state: setup(),
      run: (s: BackgammonState) => takeSeat(s, { ...wendy, side: 'white' }),
      expected: { seats: { white: wendySeat, black: null }, phase: 'seating' },
    },
    {
      name: 'the second player starts the opening roll',
      state: wendyOnly(),
      run: (s: BackgammonState) => takeSeat(s, { ...bruno, side: 'black' }),
      expected: { seats: { white: wendySeat, black: brunoSeat }, phase: 'opening' },
    },
    {
      name: 'standing before the opening is decided returns to seating',
      state: whiteRolled(),
      run: (s: BackgammonState) => leaveSeat(s, bruno),
      expected: { phase: 'seating', opening: { white: null, black: null } },
    },
    {
      name: 'standing mid-game keeps the position',
      state: inPlay(startPosition(), 'white', [3, 1]),
      run: (s: BackgammonState) => leaveSeat(s, wendy),
      expected: { phase: 'playing', seats: { white: null, black: brunoSeat }, dice: [3, 1] },
    },
    {
      name: 'a free seat mid-game is taken over',
      state: { ...inPlay(startPosition(), 'white'), seats: { white: null, black: brunoSeat } },
      run: (s: BackgammonState) => takeSeat(s, { ...carla, side: 'white' }),
      expected: { phase: 'playing', seats: { white: { user: carla.by, clientId: 3 } } },
    },
    {
      name: 'a reload rebinds the seat to the new tab',
      state: seatedGame(),
      run: (s: BackgammonState) => rebindSeat(s, { ...wendy, clientId: 9 }),
      expected: { seats: { white: { user: wendy.by, clientId: 9 } } },
    },
    {
      name: "a departed tab frees its seat on the opponent's word",
      state: whiteRolled(),
      run: (s: BackgammonState) => departPlayer(s, { clientId: 1, by: bruno.by }, 'abc123'),
      expected: { phase: 'seating', seats: { white: null, black: brunoSeat } },
    },
  ])('$name', ({ state, run, expected }) => {
    const before = structuredClone(state);
    expect(must(run(state))).toMatchObject(expected);
    expect(state).toEqual(before);
  });

  it.each([
    {
      name: 'a taken seat',
      run: () => takeSeat(wendyOnly(), { ...bruno, side: 'white' }),
      reason: 'Seat taken',
    },
    {
      name: 'a second seat',
      run: () => takeSeat(wendyOnly(), { ...wendy, side: 'black' }),
      reason: 'Already seated',
    },
    { name: 'standing without a seat', run: () => leaveSeat(wendyOnly(), carla), reason: 'Sit down first' },
    {
      name: 'rebinding to the same tab',
      run: () => rebindSeat(seatedGame(), wendy),
      reason: 'Seat already bound to this tab',
    },
    {
      name: 'rebinding without a seat',
      run: () => rebindSeat(seatedGame(), carla),
      reason: 'Sit down first',
    },
    {
      name: 'a departed tab with no seat',
      run: () => departPlayer(seatedGame(), { clientId: 7, by: bruno.by }, 'abc123'),
      reason: 'No seat for that tab',
    },
    {
      name: "a departure on a spectator's word",
      run: () => departPlayer(seatedGame(), { clientId: 1, by: carla.by }, 'abc123'),
      reason: 'Only the player, their goodbye or most of the others seated can say they left',
    },
  ])('refuses $name', ({ run, reason }) => {
    expect(inEnglish(run())).toEqual({ ok: false, reason });
  });
});

describe('startNewGame', () => {
  const finished: BackgammonState = {
    ...inPlay(layout({ black: { 12: 15 } }), 'white'),
    phase: 'finished',
    turn: null,
    cube: { value: 4, owner: 'black', offeredBy: null },
    result: { winner: 'white', kind: 'gammon', points: 8 },
    record: [{ key: 'whiteTurn', values: { dice: '4-1', steps: '2/off' } }],
  };

  it('sets up the standard position again with the seats kept and the cube centred', () => {
    const before = structuredClone(finished);
    expect(must(startNewGame(finished, bruno))).toEqual(seatedGame());
    expect(finished).toEqual(before);
  });

  it.each([
    { name: 'a watcher asks', state: finished, actor: carla, reason: 'Sit down first' },
    {
      name: 'the game is still on',
      state: inPlay(startPosition(), 'white'),
      actor: wendy,
      reason: 'The game is not over',
    },
  ])('is refused when $name', ({ state, actor, reason }) => {
    expect(inEnglish(startNewGame(state, actor))).toEqual({ ok: false, reason });
  });
});
