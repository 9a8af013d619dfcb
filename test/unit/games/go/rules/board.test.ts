import { describe, expect, it } from 'vitest';
import {
  chainAt,
  emptyBoard,
  hashPosition,
  neighbours,
  opponent,
} from '../../../../../src/games/go/rules/board';

describe('neighbours', () => {
  it.each([
    { name: 'a corner', point: 0, expected: [9, 1] },
    { name: 'an edge point', point: 4, expected: [13, 3, 5] },
    { name: 'the centre', point: 40, expected: [31, 49, 39, 41] },
    { name: 'the far corner', point: 80, expected: [71, 79] },
  ])('lists the points next to $name on 9x9', ({ point, expected }) => {
    expect(neighbours(point, 9)).toEqual(expected);
  });
});

describe('chainAt', () => {
  const board = ['bb.', 'bw.', 'ww.'].join('');
  it.each([
    { name: 'a black chain of three', point: 0, stones: [0, 1, 3], liberties: 1 },
    { name: 'a white chain of three', point: 4, stones: [4, 6, 7], liberties: 2 },
  ])('finds $name and counts its distinct liberties', ({ point, stones, liberties }) => {
    const before = board;
    expect(chainAt(board, 3, point)).toEqual({ stones, liberties });
    expect(board).toBe(before);
  });
});

describe('hashPosition', () => {
  it('gives the same hash for the same board and different hashes for positions one stone apart', () => {
    const empty = emptyBoard(19);
    const hashes = new Set(
      [...empty].map((_, i) => hashPosition(`${empty.slice(0, i)}b${empty.slice(i + 1)}`)),
    );
    expect(hashes.size).toBe(361);
    expect(hashPosition(empty)).toBe(hashPosition(emptyBoard(19)));
    expect(hashes.has(hashPosition(empty))).toBe(false);
  });

  it('names the other colour', () => {
    expect([opponent('b'), opponent('w')]).toEqual(['w', 'b']);
  });
});
