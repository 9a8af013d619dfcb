import { describe, expect, it } from 'vitest';
import { acceptScore, formatResult, score, toggleDead } from '../../../../../src/games/go/rules/scoring';
import type { GoState } from '../../../../../src/games/go/rules/types';
import { ann, bob, cat, playAll, position } from '../positions';
import { englishText } from '../../../../../src/i18n/reasons';
import { inEnglish } from '../../../../helpers/english';

const every = (row: string): string[] => Array(9).fill(row);
const withFirstRow = (first: string, row: string): string[] => [first, ...every(row).slice(1)];

const WALLS_APART = every('...b.w...');
const WALLS_TOUCHING = every('....bw...');
const WHITE_INVADER = withFirstRow('w...bw...', '....bw...');
const BLACK_INVADERS = withFirstRow('....bw.bb', '....bw...');

const marking = (rows: string[], dead: number[] = []): GoState => ({
  ...position(rows),
  phase: 'marking',
  passes: 2,
  dead,
});

describe('score', () => {
  it.each([
    {
      name: 'an empty board gives White the komi',
      state: position(every('.........')),
      black: 0,
      white: 6.5,
      result: 'W+6.5',
    },
    {
      name: 'walls with a neutral column between',
      state: position(WALLS_APART),
      black: 36,
      white: 42.5,
      result: 'W+6.5',
    },
    {
      name: 'walls with a neutral column and no komi',
      state: position(WALLS_APART, 'b', 0),
      black: 36,
      white: 36,
      result: 'Draw',
    },
    { name: 'touching walls', state: position(WALLS_TOUCHING), black: 45, white: 42.5, result: 'B+2.5' },
    {
      name: 'a live white invader spoiling Black’s area',
      state: position(WHITE_INVADER),
      black: 9,
      white: 43.5,
      result: 'W+34.5',
    },
    {
      name: 'the white invader marked dead',
      state: marking(WHITE_INVADER, [0]),
      black: 45,
      white: 42.5,
      result: 'B+2.5',
    },
    {
      name: 'live black invaders spoiling White’s area',
      state: position(BLACK_INVADERS),
      black: 47,
      white: 15.5,
      result: 'B+31.5',
    },
    {
      name: 'the black invaders marked dead',
      state: marking(BLACK_INVADERS, [7, 8]),
      black: 45,
      white: 42.5,
      result: 'B+2.5',
    },
  ])('counts $name', ({ state, black, white, result }) => {
    const before = structuredClone(state);
    expect(score(state)).toEqual({ black, white, result });
    expect(state).toEqual(before);
  });
});

describe('formatResult', () => {
  it.each([
    { name: 'Black ahead', lead: 3.5, text: 'B+3.5' },
    { name: 'White ahead by half a point', lead: -0.5, text: 'W+0.5' },
    { name: 'level', lead: 0, text: 'Draw' },
  ])('writes $name as $text', ({ lead, text }) => {
    expect(formatResult(lead)).toBe(text);
  });
});

describe('toggleDead', () => {
  it.each([
    { name: 'marks a lone stone dead', state: marking(WHITE_INVADER), actor: ann, point: 0, dead: [0] },
    {
      name: 'marks a whole chain dead from any of its stones',
      state: marking(BLACK_INVADERS),
      actor: bob,
      point: 8,
      dead: [7, 8],
    },
    {
      name: 'brings a dead chain back to life',
      state: marking(BLACK_INVADERS, [7, 8]),
      actor: ann,
      point: 7,
      dead: [],
    },
    {
      name: 'keeps other dead chains',
      state: marking(BLACK_INVADERS, [4]),
      actor: ann,
      point: 7,
      dead: [4, 7, 8],
    },
  ])('$name and withdraws acceptances', ({ state, actor, point, dead }) => {
    const accepted = { ...state, accepted: { b: true, w: false } };
    const before = structuredClone(accepted);
    const result = toggleDead(accepted, { ...actor, point });
    expect(result.ok && result.state.dead).toEqual(dead);
    expect(result.ok && result.state.accepted).toEqual({ b: false, w: false });
    expect(accepted).toEqual(before);
  });

  it.each([
    {
      name: 'a watcher clicks',
      state: marking(WHITE_INVADER),
      actor: cat,
      point: 0,
      reason: 'Sit down first',
    },
    {
      name: 'an empty point is clicked',
      state: marking(WHITE_INVADER),
      actor: ann,
      point: 1,
      reason: 'No stone there',
    },
    {
      name: 'play is still going on',
      state: position(WHITE_INVADER),
      actor: ann,
      point: 0,
      reason: 'Not marking dead stones',
    },
  ])('refuses when $name', ({ state, actor, point, reason }) => {
    const before = structuredClone(state);
    expect(inEnglish(toggleDead(state, { ...actor, point }))).toEqual({ ok: false, reason });
    expect(state).toEqual(before);
  });
});

describe('acceptScore', () => {
  const blackAccepted = { ...marking(WHITE_INVADER, [0]), accepted: { b: true, w: false } };
  it.each([
    {
      name: 'one acceptance keeps marking',
      state: marking(WHITE_INVADER, [0]),
      actor: ann,
      phase: 'marking',
      result: null,
    },
    {
      name: 'the second acceptance ends the game with the score',
      state: blackAccepted,
      actor: bob,
      phase: 'finished',
      result: 'B+2.5',
    },
  ])('$name', ({ state, actor, phase, result }) => {
    const before = structuredClone(state);
    const next = acceptScore(state, actor);
    expect(next.ok && next.state).toMatchObject({ phase, result });
    expect(state).toEqual(before);
  });

  it.each([
    { name: 'the same player accepts twice', state: blackAccepted, actor: ann, reason: 'Already accepted' },
    { name: 'a watcher accepts', state: marking(WHITE_INVADER), actor: cat, reason: 'Sit down first' },
    {
      name: 'play is still going on',
      state: position(WHITE_INVADER),
      actor: ann,
      reason: 'Not marking dead stones',
    },
  ])('refuses when $name', ({ state, actor, reason }) => {
    expect(inEnglish(acceptScore(state, actor))).toEqual({ ok: false, reason });
  });

  it('scores a game that ends with two passes, a marking and both acceptances', () => {
    const passed = playAll(position(WHITE_INVADER), [null, null]);
    const marked = toggleDead(passed, { ...bob, point: 0 });
    if (!marked.ok) throw new Error(englishText(marked.reason));
    const first = acceptScore(marked.state, bob);
    const both = first.ok ? acceptScore(first.state, ann) : first;
    expect(both.ok && both.state).toMatchObject({
      phase: 'finished',
      result: 'B+2.5',
      moves: [
        { stone: 'b', point: null },
        { stone: 'w', point: null },
      ],
    });
  });
});
