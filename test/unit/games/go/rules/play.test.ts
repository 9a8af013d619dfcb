import { describe, expect, it } from 'vitest';
import { applyMove, lastMove, legalMoves, passTurn, resign } from '../../../../../src/games/go/rules/play';
import type { GoState } from '../../../../../src/games/go/rules/types';
import { ann, at, bob, cat, playAll, position, seated9 } from '../positions';
import { englishText } from '../../../../../src/i18n/reasons';
import { inEnglish } from '../../../../helpers/english';

const EMPTY = '.........';
const rows = (...top: string[]): string[] => [...top, ...Array(9 - top.length).fill(EMPTY)];

const KO = rows('.bw......', 'bw.w.....', '.bw......');
const TRIPLE_KO = rows('.bw...bw.', 'bw.w.bw.w', '.bw...bw.', EMPTY, '.bw......', 'b.bw.....', '.bw......');

describe('applyMove captures', () => {
  it.each([
    {
      name: 'a single stone in the centre',
      board: rows(EMPTY, EMPTY, EMPTY, '....b....', '...bw....', '....b....'),
      point: 41,
      gone: [40],
      captured: 1,
    },
    {
      name: 'two stones on the edge',
      board: rows('.bwwb....', '..b......'),
      point: 12,
      gone: [2, 3],
      captured: 2,
    },
    {
      name: 'a corner stone, before checking the mover for suicide',
      board: rows('.wb......', 'wb.......'),
      point: 0,
      gone: [1],
      captured: 1,
    },
    { name: 'the stone in a ko', board: KO, point: 11, gone: [10], captured: 1 },
  ])('removes $name', ({ board, point, gone, captured }) => {
    const state = position(board);
    const before = structuredClone(state);
    const result = applyMove(state, { ...ann, point });
    if (!result.ok) throw new Error(englishText(result.reason));
    expect(result.state.board[point]).toBe('b');
    expect(gone.map((p) => result.state.board[p])).toEqual(gone.map(() => '.'));
    expect(result.state.captures).toEqual({ b: captured, w: 0 });
    expect(result.state.toMove).toBe('w');
    expect(lastMove(result.state)).toEqual({ stone: 'b', point });
    expect(result.state.positions).toHaveLength(2);
    expect(state).toEqual(before);
  });
});

describe('applyMove refusals', () => {
  const afterKoCapture = playAll(position(KO), [11]);
  const tripleKoCycle = playAll(position(TRIPLE_KO), [11, 46, 16, 10, 47]);
  const finished = { ...seated9(), phase: 'finished', result: 'B+R' } as GoState;
  it.each([
    {
      name: 'a lone stone with no liberties is suicide',
      state: position(rows('.w.......', 'w........')),
      move: { ...ann, point: 0 },
      reason: 'Suicide is not allowed',
    },
    {
      name: 'filling a chain’s last liberty is suicide',
      state: position(rows('b.w......', 'ww.......')),
      move: { ...ann, point: 1 },
      reason: 'Suicide is not allowed',
    },
    {
      name: 'White’s suicide is refused too',
      state: position(rows('.b.......', 'b........'), 'w'),
      move: { ...bob, point: 0 },
      reason: 'Suicide is not allowed',
    },
    {
      name: 'retaking a ko at once repeats a position',
      state: afterKoCapture,
      move: { ...bob, point: 10 },
      reason: 'Ko: this position has already been played',
    },
    {
      name: 'closing a triple-ko cycle repeats a position',
      state: tripleKoCycle,
      move: { ...bob, point: 15 },
      reason: 'Ko: this position has already been played',
    },
    {
      name: 'White plays on Black’s turn',
      state: seated9(),
      move: { ...bob, point: 0 },
      reason: 'Not your turn',
    },
    { name: 'a watcher plays', state: seated9(), move: { ...cat, point: 0 }, reason: 'Not your turn' },
    {
      name: 'nobody sits as White',
      state: { ...seated9(), toMove: 'w', seats: { ...seated9().seats, w: null } } as GoState,
      move: { ...cat, point: 0 },
      reason: 'Not your turn',
    },
    {
      name: 'the point holds a stone',
      state: position(KO),
      move: { ...ann, point: 1 },
      reason: 'Point is occupied',
    },
    {
      name: 'the point is off the board',
      state: seated9(),
      move: { ...ann, point: 81 },
      reason: 'No such point',
    },
    { name: 'the game is over', state: finished, move: { ...ann, point: 0 }, reason: 'Game over' },
  ])('refuses: $name', ({ state, move, reason }) => {
    const before = structuredClone(state);
    expect(inEnglish(applyMove(state, move))).toEqual({ ok: false, reason });
    expect(state).toEqual(before);
  });

  it('allows retaking a ko after an exchange elsewhere', () => {
    expect(playAll(position(KO), [11, 80, 72, 10]).board[10]).toBe('w');
  });

  it('refuses a ko retake after both passed and play resumed, because the position repeats', () => {
    const marking = playAll(position(KO), [11, null, null]);
    expect(marking.phase).toBe('marking');
    expect(inEnglish(applyMove(marking, { ...bob, point: 10 }))).toEqual({
      ok: false,
      reason: 'Ko: this position has already been played',
    });
  });

  it('counts captures for each side across the triple-ko cycle', () => {
    expect(tripleKoCycle.captures).toEqual({ b: 3, w: 2 });
    expect(tripleKoCycle.moves).toHaveLength(5);
  });
});

describe('passTurn', () => {
  const onePass = playAll(seated9(), [null]);
  const marking = playAll(seated9(), [at(4, 4), null, null]);
  it.each([
    { name: 'a first pass hands the turn over', state: seated9(), actor: ann, phase: 'play', passes: 1 },
    {
      name: 'a second pass in a row starts marking',
      state: onePass,
      actor: bob,
      phase: 'marking',
      passes: 2,
    },
    {
      name: 'a pass after a stone counts from one',
      state: playAll(onePass, [at(0, 0)]),
      actor: ann,
      phase: 'play',
      passes: 1,
    },
  ])('$name', ({ state, actor, phase, passes }) => {
    const before = structuredClone(state);
    const result = passTurn(state, actor);
    if (!result.ok) throw new Error(englishText(result.reason));
    expect(result.state).toMatchObject({ phase, passes, toMove: state.toMove === 'b' ? 'w' : 'b' });
    expect(lastMove(result.state)).toEqual({ stone: state.toMove, point: null });
    expect(state).toEqual(before);
  });

  it.each([
    { name: 'the wrong player passes', state: seated9(), actor: bob, reason: 'Not your turn' },
    {
      name: 'dead stones are being marked',
      state: marking,
      actor: bob,
      reason: 'Dead stones are being marked',
    },
  ])('refuses when $name', ({ state, actor, reason }) => {
    const before = structuredClone(state);
    expect(inEnglish(passTurn(state, actor))).toEqual({ ok: false, reason });
    expect(state).toEqual(before);
  });

  it('resumes play when the player to move places a stone while marking', () => {
    const marked = { ...marking, dead: [at(4, 4)], accepted: { b: true, w: false } };
    const result = applyMove(marked, { ...bob, point: at(0, 0) });
    expect(result.ok && result.state).toMatchObject({
      phase: 'play',
      passes: 0,
      dead: [],
      accepted: { b: false, w: false },
    });
  });
});

describe('resign', () => {
  it.each([
    { name: 'Black resigns', state: seated9(), actor: ann, result: 'W+R' },
    { name: 'White resigns out of turn', state: seated9(), actor: bob, result: 'B+R' },
    {
      name: 'White resigns while marking',
      state: playAll(seated9(), [null, null]),
      actor: bob,
      result: 'B+R',
    },
  ])('ends the game when $name', ({ state, actor, result }) => {
    const before = structuredClone(state);
    const next = resign(state, actor);
    expect(next.ok && next.state).toMatchObject({ phase: 'finished', result });
    expect(state).toEqual(before);
  });

  it.each([
    { name: 'a watcher', state: seated9(), actor: cat, reason: 'Sit down first' },
    {
      name: 'a finished game',
      state: { ...seated9(), phase: 'finished', result: 'W+R' } as GoState,
      actor: ann,
      reason: 'Game over',
    },
  ])('refuses to let $name resign', ({ state, actor, reason }) => {
    expect(inEnglish(resign(state, actor))).toEqual({ ok: false, reason });
  });
});

describe('legalMoves', () => {
  it.each([
    { name: 'every point of an empty board', state: seated9(), count: 81, excluded: [] as number[] },
    {
      name: 'not the suicide point',
      state: position(rows('.w.......', 'w........')),
      count: 78,
      excluded: [0],
    },
    {
      name: 'neither the ko retake nor the corner suicide',
      state: playAll(position(KO), [11]),
      count: 81 - 7 - 2,
      excluded: [10, 0],
    },
  ])('lists $name', ({ state, count, excluded }) => {
    const before = structuredClone(state);
    const moves = legalMoves(state);
    expect(moves).toHaveLength(count);
    for (const point of excluded) expect(moves).not.toContain(point);
    expect(state).toEqual(before);
  });
});
