import type { Board, Mark } from './types';

/** The eight lines that win: three rows, three columns, two diagonals. */
export const LINES: readonly (readonly [number, number, number])[] = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
];

/** An empty 3x3 board. */
export const emptyBoard = (): Board => Array<null>(9).fill(null);

/** The first line filled by one mark, or null when no line is complete. */
export function winningLine(board: Board): [number, number, number] | null {
  const line = LINES.find(([a, b, c]) => board[a] !== null && board[a] === board[b] && board[a] === board[c]);
  return line ? [line[0], line[1], line[2]] : null;
}

/** The mark that completed a line, or null. */
export function winnerOf(board: Board): Mark | null {
  const line = winningLine(board);
  return line ? board[line[0]] : null;
}

/** True when no square is empty. */
export const isFull = (board: Board): boolean => board.every((square) => square !== null);
