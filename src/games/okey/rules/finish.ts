import { invalidSequence, unfinishedSequence } from './messages';
import { MAX_RANK, isJoker, okeyValueOf } from './tiles';
import type { Tile } from './types';

/** Slots per rack row; a group never runs on from the top row to the bottom row. */
export const ROW_LENGTH = 13;

/** The outcome of a finish check: ok, or the exact error text the player sees. */
export type FinishCheck = { ok: true } | { ok: false; error: string };

/** A tile as the finish check reads it: jokers carry the okey's value, real okeys are wild. */
type Piece = { name: string; color: string; rank: number; wild: boolean };

type LinkKind = 'set' | 'run';

/** How far a group has got: the kind fixed by its first plain link, and what that kind has used so far. */
type Group = {
  kind: LinkKind | null;
  links: number;
  step: number;
  colors: string[];
  wrapped: boolean;
  hasTwo: boolean;
};

const newGroup = (): Group => ({ kind: null, links: 0, step: 0, colors: [], wrapped: false, hasTwo: false });

function toPiece(tile: Tile, indicator: Tile): Piece {
  const okey = okeyValueOf(indicator);
  if (isJoker(tile)) return { name: tile.name, color: okey.color, rank: okey.rank, wild: false };
  const wild = tile.color === okey.color && tile.rank === okey.rank;
  return { name: tile.name, color: tile.color, rank: Number(tile.rank), wild };
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

/** Extends the group by the link a→b, or returns null when the link is invalid. */
function extend(group: Group, a: Piece, b: Piece): Group | null {
  if (a.wild || b.wild) return { ...group, links: group.links + 1 };
  const kind = linkKind(a, b);
  if (kind === null) return null;
  let next = group;
  if (group.kind === null) next = { ...group, kind, colors: [a.color], hasTwo: a.rank === 2 };
  else if (group.kind !== kind) {
    if (group.links < 3) return null;
    // A complete group may be followed at once by one of the other kind; the new one starts at b.
    return { ...newGroup(), kind, colors: [b.color], hasTwo: b.rank === 2 };
  }
  if (kind === 'set') {
    if (next.colors.includes(b.color)) return null;
    return { ...next, links: next.links + 1, colors: [...next.colors, b.color] };
  }
  const step = runStep(a, b);
  if (next.step !== 0 && step !== next.step) return null;
  const wrapped = next.wrapped || Math.abs(a.rank - b.rank) === MAX_RANK - 1;
  const hasTwo = next.hasTwo || b.rank === 2;
  // 12-13-1 is a run; 13-1-2 (or 2-1-13) is not.
  if (wrapped && hasTwo) return null;
  return { ...next, links: next.links + 1, step, wrapped, hasTwo };
}

/** Checks one gap-free group read left to right. */
function checkGroup(pieces: Piece[]): FinishCheck {
  let group = newGroup();
  for (let i = 1; i < pieces.length; i++) {
    const next = extend(group, pieces[i - 1], pieces[i]);
    if (next === null) return { ok: false, error: invalidSequence(pieces[i - 1].name, pieces[i].name) };
    group = next;
  }
  if (pieces.length < 3 || group.links < 2)
    return { ok: false, error: unfinishedSequence(pieces[pieces.length - 1].name) };
  return { ok: true };
}

/** Splits the rack at empty slots, at the row break and at its end. */
function groupsOf(rack: (Tile | null)[], indicator: Tile): Piece[][] {
  const groups: Piece[][] = [];
  let current: Piece[] = [];
  rack.forEach((tile, slot) => {
    if (slot % ROW_LENGTH === 0 && current.length > 0) {
      groups.push(current);
      current = [];
    }
    if (tile) current.push(toPiece(tile, indicator));
    else if (current.length > 0) {
      groups.push(current);
      current = [];
    }
  });
  if (current.length > 0) groups.push(current);
  return groups;
}

/** Seven pairs: every colour-and-rank present (jokers as the okey's value) appears exactly twice. */
function isSevenPairs(rack: (Tile | null)[], indicator: Tile): boolean {
  const counts = new Map<string, number>();
  for (const tile of rack) {
    if (!tile) continue;
    const piece = toPiece(tile, indicator);
    const key = `${piece.color}/${piece.rank}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts.size > 0 && [...counts.values()].every((n) => n === 2);
}

/** Whether the rack (after the declared tile left it) is a winning hand, per spec section 5 "Finish". */
export function checkFinish(rack: (Tile | null)[], indicator: Tile): FinishCheck {
  if (isSevenPairs(rack, indicator)) return { ok: true };
  for (const group of groupsOf(rack, indicator)) {
    const result = checkGroup(group);
    if (!result.ok) return result;
  }
  return { ok: true };
}
