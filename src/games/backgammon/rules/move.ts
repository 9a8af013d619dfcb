import { allHome, applyStep, countAt, distance, isClosed, singleMoves } from './board';
import { finishGame, hasBorneOffAll, winKind } from './game';
import { mustPlayBreach, remainingDice } from './mustPlay';
import { turnLine } from './notation';
import { REASONS } from './reasons';
import { moverCheck } from './turn';
import type { Actor, BackgammonState, From, Result, Side, Step, To } from './types';
import type { Reason } from '../../../i18n/reasons';

const refuse = (reason: Reason): Result<BackgammonState> => ({ ok: false, reason });
const isPoint = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 24;

/** Why the checker at `from` cannot move to `to` with any die left, once it is known that none fits. */
function whyNoDie(state: BackgammonState, side: Side, from: From, to: To, dice: number[]): Reason {
  const pips = distance(side, from, to);
  if (to !== 'off')
    return dice.includes(pips) && isClosed(state.board, side, to) ? REASONS.pointClosed : REASONS.noDie;
  if (!allHome(state.board, side)) return REASONS.notAllHome;
  return dice.some((die) => die > pips) ? REASONS.higherCheckerFirst : REASONS.noDie;
}

/** Why the player to move may not pick up a checker at `from` and aim at `to` at all, or null. */
function pickCheck(state: BackgammonState, side: Side, from: From, to: To): Reason | null {
  if (state.dice.length === 0) return REASONS.rollFirst;
  if ((from !== 'bar' && !isPoint(from)) || (to !== 'off' && !isPoint(to))) return REASONS.noSuchPoint;
  const owned = from === 'bar' ? state.board.bar[side] : countAt(state.board, side, from);
  if (owned === 0) return REASONS.noChecker;
  return from !== 'bar' && state.board.bar[side] > 0 ? REASONS.enterFirst : null;
}

/** The player to move moves one checker by one die; the smallest die that fits and keeps the must-play rules is used. */
export function applyMove(
  state: BackgammonState,
  move: Actor & { from: From; to: To },
): Result<BackgammonState> {
  const refused = moverCheck(state, move);
  if (refused) return refuse(refused);
  const side = state.turn as Side;
  const unpickable = pickCheck(state, side, move.from, move.to);
  if (unpickable) return refuse(unpickable);
  const dice = remainingDice(state);
  const fitting = [...new Set(dice)]
    .sort((a, b) => a - b)
    .map((die) => singleMoves(state.board, side, die).find((s) => s.from === move.from && s.to === move.to))
    .filter((step): step is Step => step !== undefined);
  if (fitting.length === 0) return refuse(whyNoDie(state, side, move.from, move.to, dice));
  const memo = new Map<string, number>();
  const breaches = fitting.map((step) => mustPlayBreach(state.board, side, dice, step, memo));
  const index = breaches.indexOf(null);
  if (index < 0) return refuse(REASONS[breaches[0] as 'useMoreDice' | 'playLarger']);
  return { ok: true, state: afterStep(state, side, fitting[index]) };
}

/** The state after the mover's step; bearing off the fifteenth checker wins at once. */
function afterStep(state: BackgammonState, side: Side, step: Step): BackgammonState {
  const board = applyStep(state.board, side, step);
  const played = [...state.played, step];
  const next = { ...state, board, played, message: null };
  if (!hasBorneOffAll(board, side)) return next;
  const record = [...state.record, turnLine(side, state.dice, played)];
  return finishGame({ ...next, record }, side, winKind(board, side));
}
