import { describe, expect, it } from 'vitest';
import {
  applyMove,
  departPlayer,
  jumpTo,
  legalMoves,
  outcome,
  QUIET_REASONS,
  setup,
  startNewGame,
} from '../../../../../src/games/tictactoe/rules/game';
import type { TicTacToeState } from '../../../../../src/games/tictactoe/rules/types';
import { englishText } from '../../../../../src/i18n/reasons';
import { inEnglish } from '../../../../helpers/english';
import type { Departure } from '../../../../../src/games/shared/departures';

const ann = { by: { id: 'ann', name: 'Ann' }, clientId: 1 };
const bob = { by: { id: 'bob', name: 'Bob' }, clientId: 2 };
const cat = { by: { id: 'cat', name: 'Cat' }, clientId: 3 };
const ROOM = 'abc123';

/** Ann (X) and Bob (O) take turns on these squares. */
function play(squares: number[], from: TicTacToeState = setup()): TicTacToeState {
  return squares.reduce((state, square, i) => {
    const result = applyMove(state, { ...(i % 2 === 0 ? ann : bob), square });
    if (!result.ok) throw new Error(`move ${square}: ${englishText(result.reason)}`);
    return result.state;
  }, from);
}

describe('applyMove', () => {
  it.each([
    { name: 'the first mover takes X', state: setup(), move: { ...ann, square: 4 }, seat: 'X', mark: 'X' },
    {
      name: 'the next different person takes O',
      state: play([4]),
      move: { ...bob, square: 0 },
      seat: 'O',
      mark: 'O',
    },
    {
      name: 'X moves again on their turn',
      state: play([4, 0]),
      move: { ...ann, square: 8 },
      seat: 'X',
      mark: 'X',
    },
  ])('places a mark: $name', ({ state, move, seat, mark }) => {
    const before = structuredClone(state);
    const result = applyMove(state, move);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.history.at(-1)?.[move.square]).toBe(mark);
    expect(result.state.seats[seat as 'X' | 'O']?.user).toEqual(move.by);
    expect(result.state.step).toBe(state.step + 1);
    expect(state).toEqual(before);
  });

  it.each([
    { name: 'X tries to move for O', state: play([4]), move: { ...ann, square: 0 }, reason: 'Not your turn' },
    {
      name: 'a watcher clicks while both seats are taken',
      state: play([4, 0]),
      move: { ...cat, square: 1 },
      reason: 'Not your turn',
    },
    {
      name: 'O tries to move on X turn',
      state: play([4, 0]),
      move: { ...bob, square: 1 },
      reason: 'Not your turn',
    },
    {
      name: 'a filled square is clicked',
      state: play([4]),
      move: { ...bob, square: 4 },
      reason: 'Square taken',
    },
    {
      name: 'the game is won',
      state: play([0, 3, 1, 4, 2]),
      move: { ...bob, square: 8 },
      reason: 'Game over',
    },
    {
      name: 'the board is full',
      state: play([0, 1, 2, 4, 3, 5, 7, 6, 8]),
      move: { ...bob, square: 0 },
      reason: 'Game over',
    },
    {
      name: 'the square is off the board',
      state: setup(),
      move: { ...ann, square: 9 },
      reason: 'No such square',
    },
  ])('refuses the move when $name', ({ state, move, reason }) => {
    const before = structuredClone(state);
    expect(inEnglish(applyMove(state, move))).toEqual({ ok: false, reason });
    expect(state).toEqual(before);
  });

  it('drops the later moves when a move is made after jumping back', () => {
    const state = play([0, 4, 8]);
    const back = jumpTo(state, 1);
    if (!back.ok) throw new Error(englishText(back.reason));
    const before = structuredClone(back.state);
    const result = applyMove(back.state, { ...bob, square: 2 });
    expect(result.ok && result.state.history).toEqual([
      state.history[0],
      state.history[1],
      ['X', null, 'O', null, null, null, null, null, null],
    ]);
    expect(result.ok && result.state.step).toBe(2);
    expect(back.state).toEqual(before);
  });

  it('only toasts for the wrong turn', () => {
    expect(QUIET_REASONS).not.toContain('Not your turn');
    expect(inEnglish(QUIET_REASONS)).toEqual(expect.arrayContaining(['Square taken', 'Game over']));
  });
});

describe('outcome and legalMoves', () => {
  it.each([
    { name: 'a game in progress', state: play([0, 4]), expected: null, moves: 7 },
    {
      name: 'a win on the top row',
      state: play([0, 3, 1, 4, 2]),
      expected: { kind: 'win', mark: 'X', line: [0, 1, 2] },
      moves: 0,
    },
    {
      name: 'a win for O on a diagonal',
      state: play([1, 2, 3, 4, 8, 6]),
      expected: { kind: 'win', mark: 'O', line: [2, 4, 6] },
      moves: 0,
    },
    { name: 'a full board', state: play([0, 1, 2, 4, 3, 5, 7, 6, 8]), expected: { kind: 'draw' }, moves: 0 },
  ])('reports $name', ({ state, expected, moves }) => {
    const before = structuredClone(state);
    expect(outcome(state)).toEqual(expected);
    expect(legalMoves(state)).toHaveLength(moves);
    expect(state).toEqual(before);
  });
});

describe('jumpTo', () => {
  it.each([
    { name: 'game start', step: 0, ok: true },
    { name: 'a middle move', step: 2, ok: true },
    { name: 'the position already shown', step: 3, ok: false },
    { name: 'a move never made', step: 4, ok: false },
    { name: 'a negative step', step: -1, ok: false },
  ])('jumping to $name is ok=$ok and keeps every move', ({ step, ok }) => {
    const state = play([0, 4, 8]);
    const before = structuredClone(state);
    const result = jumpTo(state, step);
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.state).toEqual({ ...state, step });
    expect(state).toEqual(before);
  });
});

describe('startNewGame', () => {
  it.each([
    { name: 'after some moves', state: play([0, 4]), ok: true },
    { name: 'before any move', state: setup(), ok: false },
  ])('clears the board but keeps the seats $name', ({ state, ok }) => {
    const before = structuredClone(state);
    const result = startNewGame(state);
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.state).toEqual({ ...setup(), seats: state.seats });
    expect(state).toEqual(before);
  });
});

describe('departPlayer', () => {
  const seated = play([0, 4, 8]);
  it.each([
    {
      name: "X tab closes, on O's word",
      state: seated,
      departure: { clientId: 1, by: bob.by },
      seats: { X: null, O: seated.seats.O },
    },
    {
      name: 'O says their own tab left',
      state: seated,
      departure: { clientId: 2, by: bob.by },
      seats: { X: seated.seats.X, O: null },
    },
    {
      name: 'the last player leaves',
      state: departOk(seated, { clientId: 2, by: ann.by }),
      departure: { clientId: 1 },
      seats: { X: null, O: null },
    },
  ])('frees the seat when $name', ({ state, departure, seats }) => {
    const before = structuredClone(state);
    const result = departPlayer(state, departure, ROOM);
    expect(result.ok && result.state.seats).toEqual(seats);
    expect(state).toEqual(before);
  });

  it('starts over once both players have left', () => {
    expect(departOk(departOk(seated, { clientId: 1, by: bob.by }), { clientId: 2 })).toEqual(setup());
  });

  it('keeps the game while one player stays, so a newcomer can take the free seat', () => {
    const state = departOk(play([0, 4]), { clientId: 1, by: bob.by });
    expect(state.history).toHaveLength(3);
    const result = applyMove(state, { ...cat, square: 8 });
    expect(result.ok).toBe(true);
    expect(result.ok && result.state.seats.X?.user.id).toBe('cat');
  });

  it('refuses a departure of someone not seated', () => {
    expect(inEnglish(departPlayer(seated, { clientId: 9 }, ROOM))).toEqual({
      ok: false,
      reason: 'Player not seated',
    });
  });

  it("refuses a spectator's word that a seated player left while the other player stays", () => {
    expect(departPlayer(seated, { clientId: 1 }, ROOM)).toEqual({
      ok: false,
      reason: { key: 'departureUnproven' },
    });
    expect(departPlayer(seated, { clientId: 1, by: cat.by }, ROOM)).toEqual({
      ok: false,
      reason: { key: 'departureUnproven' },
    });
  });
});

function departOk(state: TicTacToeState, departure: Departure): TicTacToeState {
  const result = departPlayer(state, departure, ROOM);
  if (!result.ok) throw new Error(englishText(result.reason));
  return result.state;
}
