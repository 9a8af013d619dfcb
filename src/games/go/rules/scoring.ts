import type { Reason } from '../../../i18n/reasons';
import { chainAt, neighbours } from './board';
import { seatOf } from './game';
import { REASONS } from './reasons';
import type { Actor, GoState, Result } from './types';

/** Area count for each side and the result text it gives. */
export type Score = { black: number; white: number; result: string };

/** "B+3.5", "W+0.5" or "Draw" for Black's lead over White (komi included). */
export function formatResult(lead: number): string {
  if (lead > 0) return `B+${lead}`;
  if (lead < 0) return `W+${-lead}`;
  return 'Draw';
}

/** Area scoring with the marked stones removed: stones plus empty regions bordered by one colour only; komi to White. */
export function score(state: GoState): Score {
  const cells = state.board.split('');
  for (const point of state.dead) cells[point] = '.';
  const area = { b: 0, w: 0 };
  const seen = new Set<number>();
  cells.forEach((cell, point) => {
    if (cell === 'b' || cell === 'w') area[cell] += 1;
    else if (!seen.has(point)) {
      const region = emptyRegion(cells, state.size, point, seen);
      if (region.borders.size === 1) area[region.borders.has('b') ? 'b' : 'w'] += region.size;
    }
  });
  const white = area.w + state.komi;
  return { black: area.b, white, result: formatResult(area.b - white) };
}

/** Floods the empty region through a point, noting its size and the colours around it. */
function emptyRegion(cells: string[], size: number, start: number, seen: Set<number>) {
  const borders = new Set<string>();
  let count = 0;
  seen.add(start);
  for (const todo = [start]; todo.length > 0;) {
    const here = todo.pop() as number;
    count += 1;
    for (const next of neighbours(here, size)) {
      if (cells[next] !== '.') borders.add(cells[next]);
      else if (!seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
    }
  }
  return { size: count, borders };
}

/** Why a marking action is refused, or null when this user may mark. */
function markingCheck(state: GoState, userId: string): Reason | null {
  if (state.phase !== 'marking') return REASONS.notMarking;
  return seatOf(state, userId) ? null : REASONS.notSeated;
}

/** Either player clicks a chain to mark it dead, or alive again; any change withdraws both acceptances. */
export function toggleDead(state: GoState, click: Actor & { point: number }): Result<GoState> {
  const refused = markingCheck(state, click.by.id);
  if (refused) return { ok: false, reason: refused };
  if (!Number.isInteger(click.point) || state.board[click.point] === undefined)
    return { ok: false, reason: REASONS.noSuchPoint };
  if (state.board[click.point] === '.') return { ok: false, reason: REASONS.noStone };
  const { stones } = chainAt(state.board, state.size, click.point);
  const dead = state.dead.includes(click.point)
    ? state.dead.filter((point) => !stones.includes(point))
    : [...state.dead, ...stones].sort((a, b) => a - b);
  return { ok: true, state: { ...state, dead, accepted: { b: false, w: false } } };
}

/** A player accepts the marking; once both have, the game ends with the area score. */
export function acceptScore(state: GoState, actor: Actor): Result<GoState> {
  const refused = markingCheck(state, actor.by.id);
  if (refused) return { ok: false, reason: refused };
  const stone = seatOf(state, actor.by.id) as 'b' | 'w';
  if (state.accepted[stone]) return { ok: false, reason: REASONS.alreadyAccepted };
  const accepted = { ...state.accepted, [stone]: true };
  if (!accepted.b || !accepted.w) return { ok: true, state: { ...state, accepted } };
  return { ok: true, state: { ...state, accepted, phase: 'finished', result: score(state).result } };
}
