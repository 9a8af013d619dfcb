import type { Stone } from './types';

/** A board with no stones: size*size dots. */
export const emptyBoard = (size: number): string => '.'.repeat(size * size);

/** The other colour. */
export const opponent = (stone: Stone): Stone => (stone === 'b' ? 'w' : 'b');

/** The up to four points orthogonally next to a point. */
export function neighbours(point: number, size: number): number[] {
  const row = Math.floor(point / size);
  const col = point % size;
  const around: number[] = [];
  if (row > 0) around.push(point - size);
  if (row < size - 1) around.push(point + size);
  if (col > 0) around.push(point - 1);
  if (col < size - 1) around.push(point + 1);
  return around;
}

/** The connected same-colour stones through a point, and how many distinct empty points touch them. */
export function chainAt(
  board: ArrayLike<string>,
  size: number,
  point: number,
): { stones: number[]; liberties: number } {
  const colour = board[point];
  const seen = new Set([point]);
  const liberties = new Set<number>();
  const stones: number[] = [];
  for (const todo = [point]; todo.length > 0;) {
    const here = todo.pop() as number;
    stones.push(here);
    for (const next of neighbours(here, size)) {
      if (board[next] === '.') liberties.add(next);
      else if (board[next] === colour && !seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
    }
  }
  return { stones: stones.sort((a, b) => a - b), liberties: liberties.size };
}

/** A 53-bit hash of a position in base 36; two 32-bit multiply-xorshift lanes keep collisions out of reach for one game. */
export function hashPosition(board: string): string {
  let h1 = 0x9e3779b9 ^ board.length;
  let h2 = 0x85ebca6b ^ board.length;
  for (let i = 0; i < board.length; i++) {
    const code = board.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 0x9e3779b1);
    h2 = Math.imul(h2 ^ code, 0x5bd1e995);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b) ^ Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 0x85ebca6b) ^ Math.imul(h1 ^ (h1 >>> 13), 0xc2b2ae35);
  return (0x100000000 * (0x1fffff & h2) + (h1 >>> 0)).toString(36);
}

/** What must always hold of a Go board, in plain words: its size, and no chain without a liberty. Empty when it holds. */
export function boardProblems(board: string, size: number): string[] {
  if (board.length !== size * size) return [`a ${size}x${size} board of ${board.length} points`];
  const seen = new Set<number>();
  for (let point = 0; point < board.length; point++) {
    if (board[point] === '.' || seen.has(point)) continue;
    const chain = chainAt(board, size, point);
    chain.stones.forEach((stone) => seen.add(stone));
    if (chain.liberties === 0) return [`the chain at ${point} has no liberty`];
  }
  return [];
}
