// Tiles as points (docs/hidden-tiles.md): tile t is the point hashed from its index under the deck's own tag, so
// every page computes the same points and nobody knows a relation between two tiles' points (which re-masking would
// otherwise carry from one tile to another).
import { hashToPoint, toBase64Url, type Point } from './group';

/** The most tiles a deck may hold: bounds what a page decodes from another page's deck. */
export const MAX_TILES = 256;

const TILE_TAG = 'game-room/masked-deck/v1/tile';

// Hashing to the curve costs about 2 ms a tile: the table grows once to the largest deck a page uses.
const points: Point[] = [];
const indexOf = new Map<string, number>();

function tilesUpTo(n: number): void {
  for (let t = points.length; t < n; t++) {
    const point = hashToPoint(TILE_TAG, new Uint8Array([t >> 8, t & 0xff]));
    points.push(point);
    indexOf.set(toBase64Url(point.toBytes()), t);
  }
}

/** Whether n is a deck size this module handles: a whole number from 1 to MAX_TILES. */
export const isDeckSize = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_TILES;

/** The point of tile t (an index from 0 to MAX_TILES - 1); the same in a deck of any size. */
export function tilePoint(t: number): Point {
  if (!Number.isInteger(t) || t < 0 || t >= MAX_TILES) throw new RangeError(`No tile ${t}`);
  tilesUpTo(t + 1);
  return points[t];
}

/** The tile whose point has these canonical bytes, or null for a point that is no tile of a deck of n. */
export function tileOfBytes(bytes: Uint8Array, n: number): number | null {
  if (!isDeckSize(n)) return null;
  tilesUpTo(n);
  const t = indexOf.get(toBase64Url(bytes));
  return t !== undefined && t < n ? t : null;
}
