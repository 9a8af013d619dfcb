import { describe, expect, it } from 'vitest';
import {
  emptyBoard,
  isFull,
  LINES,
  winnerOf,
  winningLine,
} from '../../../../../src/games/tictactoe/rules/board';
import type { Board } from '../../../../../src/games/tictactoe/rules/types';

const boardWith = (marks: Record<number, 'X' | 'O'>): Board => emptyBoard().map((_, i) => marks[i] ?? null);

describe('winningLine', () => {
  it.each([
    { name: 'top row', line: [0, 1, 2] },
    { name: 'middle row', line: [3, 4, 5] },
    { name: 'bottom row', line: [6, 7, 8] },
    { name: 'left column', line: [0, 3, 6] },
    { name: 'middle column', line: [1, 4, 7] },
    { name: 'right column', line: [2, 5, 8] },
    { name: 'falling diagonal', line: [0, 4, 8] },
    { name: 'rising diagonal', line: [2, 4, 6] },
  ])('finds the $name filled by one mark', ({ line }) => {
    const board = boardWith(Object.fromEntries(line.map((i) => [i, 'O'])));
    const before = structuredClone(board);
    expect(winningLine(board)).toEqual(line);
    expect(winnerOf(board)).toBe('O');
    expect(board).toEqual(before);
  });

  it.each([
    { name: 'an empty board', board: emptyBoard() },
    { name: 'a line of mixed marks', board: boardWith({ 0: 'X', 1: 'O', 2: 'X' }) },
    { name: 'a full board with no line', board: ['X', 'O', 'X', 'X', 'O', 'O', 'O', 'X', 'X'] as Board },
  ])('finds no line on $name', ({ board }) => {
    const before = structuredClone(board);
    expect(winningLine(board)).toBeNull();
    expect(winnerOf(board)).toBeNull();
    expect(board).toEqual(before);
  });

  it('knows exactly eight lines', () => {
    expect(LINES).toHaveLength(8);
  });
});

describe('isFull', () => {
  it.each([
    { name: 'an empty board', board: emptyBoard(), full: false },
    {
      name: 'a board with one gap',
      board: ['X', 'O', 'X', 'X', 'O', 'O', 'O', 'X', null] as Board,
      full: false,
    },
    {
      name: 'a board with every square marked',
      board: ['X', 'O', 'X', 'X', 'O', 'O', 'O', 'X', 'X'] as Board,
      full: true,
    },
  ])('says $full for $name', ({ board, full }) => {
    expect(isFull(board)).toBe(full);
  });
});
