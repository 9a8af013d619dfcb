import type { Reason } from '../../../i18n/reasons';
import { chainAt, hashPosition, neighbours, opponent } from './board';
import { seatOf } from './game';
import { REASONS } from './reasons';
import type { Actor, GoMove, GoState, Result } from './types';

type Placement = { board: string; hash: string; captured: number };

/** Puts the mover's stone on a point: opposing chains left without liberties go first, then the mover's own chain must breathe. */
function place(
  state: GoState,
  point: number,
): { ok: true; placement: Placement } | { ok: false; reason: Reason } {
  if (!Number.isInteger(point) || point < 0 || point >= state.board.length) {
    return { ok: false, reason: REASONS.noSuchPoint };
  }
  if (state.board[point] !== '.') return { ok: false, reason: REASONS.occupied };
  const cells = state.board.split('');
  cells[point] = state.toMove;
  let captured = 0;
  for (const next of neighbours(point, state.size)) {
    if (cells[next] !== opponent(state.toMove)) continue;
    const chain = chainAt(cells, state.size, next);
    if (chain.liberties > 0) continue;
    for (const stone of chain.stones) cells[stone] = '.';
    captured += chain.stones.length;
  }
  if (chainAt(cells, state.size, point).liberties === 0) return { ok: false, reason: REASONS.suicide };
  const board = cells.join('');
  const hash = hashPosition(board);
  if (state.positions.includes(hash)) return { ok: false, reason: REASONS.ko };
  return { ok: true, placement: { board, hash, captured } };
}

/** Refuses unless the game is on and this user holds the seat whose turn it is. */
function turnCheck(state: GoState, userId: string): Reason | null {
  if (state.phase === 'finished') return REASONS.gameOver;
  return state.seats[state.toMove]?.user.id === userId ? null : REASONS.notYourTurn;
}

/** Points where the side to move may legally put a stone now (seats aside); none once the game is decided. */
export function legalMoves(state: GoState): number[] {
  if (state.phase === 'finished') return [];
  return [...state.board].flatMap((cell, point) => (cell === '.' && place(state, point).ok ? [point] : []));
}

/** Plays a stone for the player to move; a stone played while marking dead stones resumes play. */
export function applyMove(state: GoState, move: Actor & { point: number }): Result<GoState> {
  const refused = turnCheck(state, move.by.id);
  if (refused) return { ok: false, reason: refused };
  const result = place(state, move.point);
  if (!result.ok) return result;
  const { board, hash, captured } = result.placement;
  return {
    ok: true,
    state: {
      ...state,
      phase: 'play',
      board,
      toMove: opponent(state.toMove),
      moves: [...state.moves, { stone: state.toMove, point: move.point }],
      positions: [...state.positions, hash],
      captures: { ...state.captures, [state.toMove]: state.captures[state.toMove] + captured },
      passes: 0,
      dead: [],
      accepted: { b: false, w: false },
    },
  };
}

/** The player to move passes; the second pass in a row turns to marking dead stones. */
export function passTurn(state: GoState, actor: Actor): Result<GoState> {
  const refused = turnCheck(state, actor.by.id);
  if (refused) return { ok: false, reason: refused };
  if (state.phase === 'marking') return { ok: false, reason: REASONS.marking };
  const passes = state.passes + 1;
  return {
    ok: true,
    state: {
      ...state,
      phase: passes >= 2 ? 'marking' : 'play',
      toMove: opponent(state.toMove),
      moves: [...state.moves, { stone: state.toMove, point: null }],
      passes,
    },
  };
}

/** A seated player gives up at any point before the end; the other side wins "B+R" or "W+R". */
export function resign(state: GoState, actor: Actor): Result<GoState> {
  if (state.phase === 'finished') return { ok: false, reason: REASONS.gameOver };
  const stone = seatOf(state, actor.by.id);
  if (!stone) return { ok: false, reason: REASONS.notSeated };
  const winner = opponent(stone) === 'b' ? 'B' : 'W';
  return { ok: true, state: { ...state, phase: 'finished', result: `${winner}+R` } };
}

/** The most recent move (a stone or a pass), or null before the first. */
export const lastMove = (state: GoState): GoMove | null => state.moves.at(-1) ?? null;
