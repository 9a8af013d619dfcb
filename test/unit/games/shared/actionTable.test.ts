import { createSlice } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  applyOf,
  isActor,
  isRecord,
  UNKNOWN_ACTION,
  withNumber,
  type Result,
} from '../../../../src/games/shared/actionTable';
import { moveReducerOf } from '../../../../src/games/shared/moveReducer';

type Counter = { total: number; by: string | null };
type Actor = { by: { id: string; name: string }; clientId: number };
type CounterPayloads = { added: Actor & { amount: number }; cleared: Actor };

const add = (state: Counter, p: CounterPayloads['added']): Result<Counter> =>
  p.amount < 0
    ? { ok: false, reason: { key: 'badDice' } }
    : { ok: true, state: { total: state.total + p.amount, by: p.by.id } };
const clear = (_state: Counter, p: CounterPayloads['cleared']): Result<Counter> => ({
  ok: true,
  state: { total: 0, by: p.by.id },
});

const applyCounterAction = applyOf<Counter>('counter', {
  added: { shape: withNumber('amount'), rule: add },
  cleared: { shape: isActor, rule: clear },
});

const ann = { by: { id: 'ann', name: 'Ann' }, clientId: 1 };
const start: Counter = { total: 2, by: null };

describe('applyOf', () => {
  it.each([
    {
      name: 'applies a known event with a good payload',
      action: { type: 'counter/added', payload: { ...ann, amount: 3 } },
      want: { ok: true, state: { total: 5, by: 'ann' } },
    },
    {
      name: 'passes a rule refusal through unchanged',
      action: { type: 'counter/added', payload: { ...ann, amount: -1 } },
      want: { ok: false, reason: { key: 'badDice' } },
    },
    {
      name: 'refuses an event the table does not know',
      action: { type: 'counter/doubled', payload: ann },
      want: { ok: false, reason: UNKNOWN_ACTION },
    },
    {
      name: "refuses another slice's event of the same name",
      action: { type: 'other/added', payload: { ...ann, amount: 3 } },
      want: { ok: false, reason: UNKNOWN_ACTION },
    },
    {
      name: 'refuses an inherited property name as an event',
      action: { type: 'counter/toString', payload: ann },
      want: { ok: false, reason: UNKNOWN_ACTION },
    },
    {
      name: 'refuses a payload missing a field',
      action: { type: 'counter/added', payload: ann },
      want: { ok: false, reason: UNKNOWN_ACTION },
    },
    {
      name: 'refuses a payload without an actor',
      action: { type: 'counter/cleared', payload: { clientId: 1 } },
      want: { ok: false, reason: UNKNOWN_ACTION },
    },
    {
      name: 'refuses a missing payload without throwing',
      action: { type: 'counter/cleared' },
      want: { ok: false, reason: UNKNOWN_ACTION },
    },
  ])('$name', ({ action, want }) => {
    const before = structuredClone(start);
    expect(applyCounterAction(start, action)).toEqual(want);
    expect(start).toEqual(before);
  });

  it('answers a game-chosen reason for unknown actions', () => {
    const apply = applyOf<Counter>(
      'counter',
      { added: { shape: isActor, rule: add }, cleared: { shape: isActor, rule: clear } },
      { key: 'invalidOrder' },
    );
    expect(apply(start, { type: 'counter/nope' })).toEqual({ ok: false, reason: { key: 'invalidOrder' } });
  });
});

describe("a move's costly check", () => {
  // Only Ann may add past 10, and knowing it costs: a check on the state before the move.
  const upToTen = (state: Counter, p: CounterPayloads['added']): Result<Counter> | null =>
    state.total + p.amount > 10 && p.by.id !== 'ann'
      ? { ok: false, reason: { key: 'notTheBotsMove' } }
      : null;
  const moves = {
    added: { shape: withNumber('amount'), rule: add, check: upToTen },
    cleared: { shape: isActor, rule: clear },
  };
  const bob = { by: { id: 'bob', name: 'Bob' }, clientId: 2 };
  const big = { type: 'counter/added', payload: { ...bob, amount: 9 } };

  it('is judged before the rule, and left out when trusting, which answers as apply wherever the check passes', () => {
    const apply = applyOf<Counter>('counter', moves);
    const trusting = applyOf<Counter>('counter', moves, UNKNOWN_ACTION, true);
    expect(apply(start, big)).toEqual({ ok: false, reason: { key: 'notTheBotsMove' } });
    expect(trusting(start, big)).toEqual({ ok: true, state: { total: 11, by: 'bob' } });
    for (const action of [
      { type: 'counter/added', payload: { ...ann, amount: 9 } },
      { type: 'counter/added', payload: { ...bob, amount: 2 } },
      { type: 'counter/added', payload: { ...bob, amount: -2 } },
      { type: 'counter/cleared', payload: bob },
      { type: 'counter/nope', payload: bob },
    ])
      expect(trusting(start, action)).toEqual(apply(start, action));
  });
});

describe('payload guards', () => {
  it.each([
    { name: 'a full actor', value: ann, record: true, actor: true, amount: false },
    {
      name: 'an actor with an amount',
      value: { ...ann, amount: 1 },
      record: true,
      actor: true,
      amount: true,
    },
    {
      name: 'an actor with a text amount',
      value: { ...ann, amount: '1' },
      record: true,
      actor: true,
      amount: false,
    },
    { name: 'an actor without a clientId', value: { by: ann.by }, record: true, actor: false, amount: false },
    {
      name: 'an actor whose name is missing',
      value: { by: { id: 'ann' }, clientId: 1 },
      record: true,
      actor: false,
      amount: false,
    },
    { name: 'null', value: null, record: false, actor: false, amount: false },
    { name: 'a string', value: 'ann', record: false, actor: false, amount: false },
  ])('reads $name', ({ value, record, actor, amount }) => {
    const before = structuredClone(value);
    expect(isRecord(value)).toBe(record);
    expect(isActor(value)).toBe(actor);
    expect(withNumber('amount')(value)).toBe(amount);
    expect(value).toEqual(before);
  });
});

describe('moveReducerOf', () => {
  const move = moveReducerOf<Counter, CounterPayloads>(applyCounterAction);
  const counterSlice = createSlice({
    name: 'counter',
    initialState: start,
    reducers: { added: move<'added'>, cleared: move<'cleared'> },
  });
  const { added, cleared } = counterSlice.actions;

  it('types each action creator with its own payload', () => {
    // @ts-expect-error an added payload needs its amount
    const partial = added(ann);
    expect(counterSlice.reducer(start, partial)).toBe(start);
  });

  it.each([
    {
      name: 'replaces the state with an accepted result',
      action: added({ ...ann, amount: 3 }),
      want: { total: 5, by: 'ann' },
    },
    { name: 'keeps the same state object on a refusal', action: added({ ...ann, amount: -1 }), want: start },
    { name: 'runs every event through the table', action: cleared(ann), want: { total: 0, by: 'ann' } },
  ])('$name', ({ action, want }) => {
    const before = structuredClone(start);
    const next = counterSlice.reducer(start, action);
    expect(next).toEqual(want);
    if (want === start) expect(next).toBe(start);
    expect(start).toEqual(before);
  });
});
