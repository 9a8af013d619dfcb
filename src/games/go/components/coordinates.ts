/** Column letters as Go boards print them: A to T, skipping I (it reads like J and 1). */
export const COLUMNS = 'ABCDEFGHJKLMNOPQRST';

/** A point's board name, column letter then row counted from the bottom: point 0 of a 9x9 board is "A9". */
export const pointLabel = (point: number, size: number): string =>
  `${COLUMNS[point % size]}${size - Math.floor(point / size)}`;

/** The star points (hoshi) of a board: the 3-3 (4-4 on 19x19) corners, side midpoints and centre. */
export function starPoints(size: number): number[] {
  const edge = size >= 13 ? 3 : 2;
  const far = size - 1 - edge;
  const mid = (size - 1) / 2;
  const lines = size >= 19 ? [edge, mid, far] : [edge, far];
  const points = lines.flatMap((row) => lines.map((col) => row * size + col));
  return size < 19 ? [...points, mid * size + mid] : points;
}

/** The point one step from `point` in an arrow key's direction, staying on the board. */
export function stepPoint(point: number, size: number, key: string): number {
  const row = Math.floor(point / size);
  const col = point % size;
  const clamp = (v: number) => Math.max(0, Math.min(size - 1, v));
  if (key === 'ArrowUp') return clamp(row - 1) * size + col;
  if (key === 'ArrowDown') return clamp(row + 1) * size + col;
  if (key === 'ArrowLeft') return row * size + clamp(col - 1);
  if (key === 'ArrowRight') return row * size + clamp(col + 1);
  return point;
}
