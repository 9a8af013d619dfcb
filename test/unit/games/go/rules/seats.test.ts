import { describe, expect, it } from 'vitest';
import { setup } from '../../../../../src/games/go/rules/game';
import {
  chooseBoardSize,
  chooseKomi,
  departSeat,
  leaveSeat,
  rebindSeat,
  startNewGame,
  takeSeat,
} from '../../../../../src/games/go/rules/seats';
import type { GoState } from '../../../../../src/games/go/rules/types';
import { ann, at, bob, cat, playAll, seated9 } from '../positions';
import { inEnglish } from '../../../../helpers/english';

const annAsBlack = { b: { user: ann.by, clientId: 1 }, w: null };

describe('takeSeat and leaveSeat', () => {
  it.each([
    { name: 'Ann sits as Black', state: setup(), sit: { ...ann, stone: 'b' as const }, seats: annAsBlack },
    {
      name: 'Bob sits as White beside her',
      state: setup(19, 6.5, annAsBlack),
      sit: { ...bob, stone: 'w' as const },
      seats: { ...annAsBlack, w: { user: bob.by, clientId: 2 } },
    },
  ])('seats a user: $name', ({ state, sit, seats }) => {
    const before = structuredClone(state);
    const result = takeSeat(state, sit);
    expect(result.ok && result.state.seats).toEqual(seats);
    expect(state).toEqual(before);
  });

  it.each([
    {
      name: 'the seat is taken',
      state: setup(19, 6.5, annAsBlack),
      sit: { ...bob, stone: 'b' as const },
      reason: 'Seat taken',
    },
    {
      name: 'the user already sits',
      state: setup(19, 6.5, annAsBlack),
      sit: { ...ann, stone: 'w' as const },
      reason: 'Already seated',
    },
  ])('refuses a seat when $name', ({ state, sit, reason }) => {
    const before = structuredClone(state);
    expect(inEnglish(takeSeat(state, sit))).toEqual({ ok: false, reason });
    expect(state).toEqual(before);
  });

  it.each([
    { name: 'frees the seat of the user who stands', actor: ann, expected: { ok: true } },
    { name: 'refuses a watcher who stands', actor: cat, expected: { ok: false, reason: 'Sit down first' } },
  ])('$name', ({ actor, expected }) => {
    const state = playAll(seated9(), [0]);
    const before = structuredClone(state);
    const result = leaveSeat(state, actor);
    expect(inEnglish(result)).toMatchObject(expected);
    if (result.ok) expect(result.state).toEqual({ ...state, seats: { ...state.seats, b: null } });
    expect(state).toEqual(before);
  });
});

describe('rebindSeat', () => {
  it.each([
    { name: 'moves the seat to the reloaded tab', actor: { ...ann, clientId: 7 }, expected: { ok: true } },
    {
      name: 'refuses when the tab is already bound',
      actor: ann,
      expected: { ok: false, reason: 'Seat already bound to this tab' },
    },
    { name: 'refuses a watcher', actor: cat, expected: { ok: false, reason: 'Sit down first' } },
  ])('$name', ({ actor, expected }) => {
    const state = seated9();
    const before = structuredClone(state);
    const result = rebindSeat(state, actor);
    expect(inEnglish(result)).toMatchObject(expected);
    if (result.ok) expect(result.state.seats.b).toEqual({ user: ann.by, clientId: 7 });
    expect(state).toEqual(before);
  });
});

describe('departSeat', () => {
  it.each([
    {
      name: 'frees the seat of the departed tab',
      clientId: 1,
      seats: { b: null, w: { user: bob.by, clientId: 2 } },
    },
    {
      name: 'frees White when its tab departed',
      clientId: 2,
      seats: { b: { user: ann.by, clientId: 1 }, w: null },
    },
  ])('$name', ({ clientId, seats }) => {
    const state = seated9();
    const before = structuredClone(state);
    // Each on the other player's word (shared/departures).
    const result = departSeat(state, { clientId, by: clientId === 1 ? bob.by : ann.by }, 'abc123');
    expect(result.ok && result.state.seats).toEqual(seats);
    expect(result.ok && result.state.board).toBe(state.board);
    expect(state).toEqual(before);
  });

  it('refuses a tab that holds no seat, changing nothing', () => {
    const state = seated9();
    expect(inEnglish(departSeat(state, { clientId: 99, by: ann.by }, 'abc123'))).toEqual({
      ok: false,
      reason: 'Sit down first',
    });
    expect(departSeat(state, { clientId: 1, by: cat.by }, 'abc123')).toEqual({
      ok: false,
      reason: { key: 'departureUnproven' },
    });
  });
});

describe('chooseBoardSize and chooseKomi', () => {
  it.each([
    {
      name: 'Black picks 13x13',
      state: seated9(),
      apply: () => chooseBoardSize(seated9(), { ...ann, size: 13 }),
      check: { size: 13, board: '.'.repeat(169) },
    },
    {
      name: 'White sets komi 0.5',
      state: seated9(),
      apply: () => chooseKomi(seated9(), { ...bob, komi: 0.5 }),
      check: { komi: 0.5 },
    },
  ])('changes the settings before the first move: $name', ({ state, apply, check }) => {
    const before = structuredClone(state);
    const result = apply();
    expect(result.ok && result.state).toMatchObject(check);
    expect(state).toEqual(before);
  });

  const started = playAll(seated9(), [at(4, 4)]);
  it.each([
    {
      name: 'a watcher picks a size',
      result: () => chooseBoardSize(seated9(), { ...cat, size: 13 }),
      reason: 'Sit down first',
    },
    {
      name: 'a size is picked after the first move',
      result: () => chooseBoardSize(started, { ...ann, size: 13 }),
      reason: 'The game has already started',
    },
    {
      name: 'the size is not on offer',
      result: () => chooseBoardSize(seated9(), { ...ann, size: 15 }),
      reason: 'Board size must be 9, 13 or 19',
    },
    {
      name: 'the size is the same',
      result: () => chooseBoardSize(seated9(), { ...ann, size: 9 }),
      reason: 'Nothing changed',
    },
    {
      name: 'komi is not in half points',
      result: () => chooseKomi(seated9(), { ...ann, komi: 6.3 }),
      reason: 'Komi must be a multiple of 0.5',
    },
    {
      name: 'komi is set after the first move',
      result: () => chooseKomi(started, { ...bob, komi: 7.5 }),
      reason: 'The game has already started',
    },
  ])('refuses when $name', ({ result, reason }) => {
    expect(inEnglish(result())).toEqual({ ok: false, reason });
  });
});

describe('startNewGame', () => {
  const finished: GoState = {
    ...playAll(seated9(), [at(4, 4)]),
    phase: 'finished',
    result: 'B+R',
    komi: 0.5,
  };
  it.each([
    {
      name: 'clears a finished game but keeps seats, size and komi',
      state: finished,
      actor: bob,
      expected: { ok: true },
    },
    {
      name: 'refuses while the game is on',
      state: seated9(),
      actor: ann,
      expected: { ok: false, reason: 'The game is not over' },
    },
    {
      name: 'refuses a watcher',
      state: finished,
      actor: cat,
      expected: { ok: false, reason: 'Sit down first' },
    },
  ])('$name', ({ state, actor, expected }) => {
    const before = structuredClone(state);
    const result = startNewGame(state, actor);
    expect(inEnglish(result)).toMatchObject(expected);
    if (result.ok) expect(result.state).toEqual(setup(9, 0.5, state.seats));
    expect(state).toEqual(before);
  });
});
