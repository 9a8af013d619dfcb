import type { Reason } from '../../../i18n/reasons';
import { invalidSequence, tileName, unfinishedSequence } from './messages';
import { MAX_RANK, isJoker, isOkey, okeyValueOf } from './tiles';
import type { Tile } from './types';

/** Tiles a valid group holds at least. */
export const MIN_GROUP = 3;

/** The outcome of a finish check: ok, or the reason the player sees. */
export type FinishCheck = { ok: true } | { ok: false; error: Reason };

/** A tile as the finish check reads it: jokers carry the okey's value, real okeys are wild. */
type Piece = { name: Reason; color: string; rank: number; wild: boolean };

type LinkKind = 'set' | 'run';

/**
 * A group as read so far: its size, the kind fixed by its first plain link (links with a wild fix nothing), the
 * colours its set links have used, its run's direction, and whether the run has wrapped between 13 and 1 or holds a 2.
 */
type Group = {
  size: number;
  kind: LinkKind | null;
  colors: string[];
  step: number;
  wrapped: boolean;
  hasTwo: boolean;
};

const groupAt = (piece: Piece): Group => ({
  size: 1,
  kind: null,
  colors: [],
  step: 0,
  wrapped: false,
  hasTwo: !piece.wild && piece.rank === 2,
});

function toPiece(tile: Tile, indicator: Tile): Piece {
  const okey = okeyValueOf(indicator);
  if (isJoker(tile)) return { name: tileName(tile), color: okey.color, rank: okey.rank, wild: false };
  return { name: tileName(tile), color: tile.color, rank: Number(tile.rank), wild: isOkey(tile, indicator) };
}

/** +1 or -1 when b follows a in a run (13→1 and 1→13 included), else 0. */
function runStep(a: Piece, b: Piece): number {
  if (a.color !== b.color) return 0;
  if (b.rank === a.rank + 1 || (a.rank === MAX_RANK && b.rank === 1)) return 1;
  if (b.rank === a.rank - 1 || (a.rank === 1 && b.rank === MAX_RANK)) return -1;
  return 0;
}

function linkKind(a: Piece, b: Piece): LinkKind | null {
  if (a.rank === b.rank && a.color !== b.color) return 'set';
  return runStep(a, b) === 0 ? null : 'run';
}

/**
 * The group with b added after a (its last tile), or null when b does not continue it: a link that is neither a
 * set's nor a run's, a switch between set and run, a colour the set already holds, a run turning back, or a run
 * that both wraps between 13 and 1 and holds a 2 (12-13-1 is a run; 13-1-2 and 2-1-13 are not).
 */
function continued(group: Group, a: Piece, b: Piece): Group | null {
  if (a.wild || b.wild) return { ...group, size: group.size + 1 };
  const kind = linkKind(a, b);
  if (kind === null || (group.kind !== null && group.kind !== kind)) return null;
  if (kind === 'set') {
    const colors = group.colors.length === 0 ? [a.color] : group.colors;
    if (colors.includes(b.color)) return null;
    return { ...group, size: group.size + 1, kind, colors: [...colors, b.color] };
  }
  const step = runStep(a, b);
  if (group.step !== 0 && step !== group.step) return null;
  const wrapped = group.wrapped || Math.abs(a.rank - b.rank) === MAX_RANK - 1;
  const hasTwo = group.hasTwo || a.rank === 2 || b.rank === 2;
  if (wrapped && hasTwo) return null;
  return { ...group, size: group.size + 1, kind, step, wrapped, hasTwo };
}

/** Whether pieces[from..to) read left to right form one valid group of at least 3 tiles. */
function isGroup(pieces: Piece[], from: number, to: number): boolean {
  if (to - from < MIN_GROUP) return false;
  let group: Group | null = groupAt(pieces[from]);
  for (let i = from + 1; i < to && group; i++) group = continued(group, pieces[i - 1], pieces[i]);
  return group !== null;
}

/**
 * Whether a gap-free stretch of tiles is one or more valid groups laid side by side. Groups need no gap between
 * them, so the stretch is cut wherever a cut makes every part valid (red1 red2 red3 red4 blue4 black4 is the run
 * 1-2-3 and the set of 4s), not only where a left-to-right reading first stops.
 */
function isGroups(pieces: Piece[]): boolean {
  const cutAt = [true, ...pieces.map(() => false)];
  for (let to = MIN_GROUP; to <= pieces.length; to++) {
    for (let from = 0; from <= to - MIN_GROUP && !cutAt[to]; from++) {
      cutAt[to] = cutAt[from] && isGroup(pieces, from, to);
    }
  }
  return cutAt[pieces.length];
}

/**
 * The refusal for a stretch that is not groups, read as the product words it: slot by slot, a tile that does
 * not continue a group shorter than 3, or that continues a run on to 2 after it wrapped from 13, is
 * 'Invalid sequence {prev}>{next}'; a tile that does not continue a group of 3 or more starts the next group; a
 * group that ends with fewer than 3 tiles is 'Unfinished sequence {prev}>...'.
 */
function refusalOf(pieces: Piece[]): Reason {
  let group = groupAt(pieces[0]);
  for (let i = 1; i < pieces.length; i++) {
    const [a, b] = [pieces[i - 1], pieces[i]];
    const next = continued(group, a, b);
    if (next) group = next;
    else if (group.size < MIN_GROUP || (group.wrapped && runStep(a, b) !== 0))
      return invalidSequence(a.name, b.name);
    else group = groupAt(b);
  }
  return unfinishedSequence(pieces[pieces.length - 1].name);
}

/** Splits the rack's slots, read in order, at empty slots and at its end. */
function stretchesOf(rack: (Tile | null)[], indicator: Tile): Piece[][] {
  const stretches: Piece[][] = [];
  let current: Piece[] = [];
  for (const tile of rack) {
    if (tile) current.push(toPiece(tile, indicator));
    else if (current.length > 0) {
      stretches.push(current);
      current = [];
    }
  }
  if (current.length > 0) stretches.push(current);
  return stretches;
}

/** Seven pairs: every colour-and-rank present (jokers as the okey's value) appears exactly twice. */
export function isSevenPairs(rack: (Tile | null)[], indicator: Tile): boolean {
  const counts = new Map<string, number>();
  for (const tile of rack) {
    if (!tile) continue;
    const piece = toPiece(tile, indicator);
    const key = `${piece.color}/${piece.rank}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts.size > 0 && [...counts.values()].every((n) => n === 2);
}

/**
 * Whether the rack (after the declared tile left it) is a winning hand, per the finish rule: seven pairs,
 * or every stretch between empty slots is valid groups of 3 or more laid side by side.
 */
export function checkFinish(rack: (Tile | null)[], indicator: Tile): FinishCheck {
  if (isSevenPairs(rack, indicator)) return { ok: true };
  for (const stretch of stretchesOf(rack, indicator)) {
    if (!isGroups(stretch)) return { ok: false, error: refusalOf(stretch) };
  }
  return { ok: true };
}
