import { allHome, applyStep, countAt, distance, isClosed, opponent, singleMoves } from './board';
import { finishGame, hasBorneOffAll, seatOf, winKind } from './game';
import { canConfirmTurn, diceToPlay, maxDiceUsage, mustPlayBreach, remainingDice } from './mustPlay';
import { blockedLine, turnLine } from './notation';
import { noLegalMovesMessage, openingTieMessage, openingWonMessage, REASONS } from './reasons';
import type { Actor, BackgammonState, From, Result, Side, Step, To } from './types';

const refuse = (reason: string): Result<BackgammonState> => ({ ok: false, reason });
const isDie = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 6;

/** Why this actor may not act as the player to move now, or null when they may. */
export function moverCheck(state: BackgammonState, actor: Actor): string | null {
  if (state.phase === 'finished') return REASONS.gameOver;
  if (state.phase !== 'playing' || state.turn === null) return REASONS.notStarted;
  return seatOf(state, actor.by.id) === state.turn ? null : REASONS.notYourTurn;
}

/** Side starts a turn with these dice; a roll that cannot be played passes the turn at once, saying so. */
export function beginTurn(state: BackgammonState, side: Side, dice: number[]): BackgammonState {
  const next = { ...state, turn: side, dice, played: [], turnStart: state.board, message: null };
  if (maxDiceUsage(state.board, side, diceToPlay(dice)) > 0) return next;
  return {
    ...next,
    turn: opponent(side),
    dice: [],
    record: [...state.record, blockedLine(side, dice)],
    message: noLegalMovesMessage(side),
  };
}

/** Opening roll: each seated player rolls one die; a tie re-rolls, the higher die moves first with both dice. */
export function rollOpeningDie(
  state: BackgammonState,
  roll: Actor & { die: number },
): Result<BackgammonState> {
  const side = seatOf(state, roll.by.id);
  if (!side) return refuse(REASONS.notSeated);
  if (state.phase !== 'opening')
    return refuse(state.phase === 'seating' ? REASONS.notStarted : REASONS.notOpening);
  if (!isDie(roll.die)) return refuse(REASONS.badDice);
  if (state.opening[side] !== null) return refuse(REASONS.alreadyRolled);
  const opening = { ...state.opening, [side]: roll.die };
  if (opening.white === null || opening.black === null)
    return { ok: true, state: { ...state, opening, message: null } };
  if (opening.white === opening.black)
    return {
      ok: true,
      state: { ...state, opening: { white: null, black: null }, message: openingTieMessage(roll.die) },
    };
  const first: Side = opening.white > opening.black ? 'white' : 'black';
  const dice = first === 'white' ? [opening.white, opening.black] : [opening.black, opening.white];
  const started = { ...state, opening, phase: 'playing' as const };
  const next = beginTurn(started, first, dice);
  return {
    ok: true,
    state: { ...next, message: next.message ?? openingWonMessage(opening.white, opening.black) },
  };
}

/** The player to move rolls two dice (drawn by the roller, carried in the action). */
export function rollDice(state: BackgammonState, roll: Actor & { dice: number[] }): Result<BackgammonState> {
  const refused = moverCheck(state, roll);
  if (refused) return refuse(refused);
  if (state.cube.offeredBy) return refuse(REASONS.answerDoubleFirst);
  if (state.dice.length > 0) return refuse(REASONS.alreadyRolled);
  if (!Array.isArray(roll.dice) || roll.dice.length !== 2 || !roll.dice.every(isDie))
    return refuse(REASONS.badDice);
  return { ok: true, state: beginTurn(state, state.turn as Side, [...roll.dice]) };
}

const isPoint = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 24;

/** Why the checker at `from` cannot move to `to` with any die left, once it is known that none fits. */
function whyNoDie(state: BackgammonState, side: Side, from: From, to: To, dice: number[]): string {
  const pips = distance(side, from, to);
  if (to !== 'off')
    return dice.includes(pips) && isClosed(state.board, side, to) ? REASONS.pointClosed : REASONS.noDie;
  if (!allHome(state.board, side)) return REASONS.notAllHome;
  return dice.some((die) => die > pips) ? REASONS.higherCheckerFirst : REASONS.noDie;
}

/** Why the player to move may not pick up a checker at `from` and aim at `to` at all, or null. */
function pickCheck(state: BackgammonState, side: Side, from: From, to: To): string | null {
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

/** The player to move takes back their last move of this turn. */
export function undoMove(state: BackgammonState, actor: Actor): Result<BackgammonState> {
  const refused = moverCheck(state, actor);
  if (refused) return refuse(refused);
  if (state.played.length === 0) return refuse(REASONS.nothingToUndo);
  const side = state.turn as Side;
  const played = state.played.slice(0, -1);
  const board = played.reduce((position, step) => applyStep(position, side, step), state.turnStart);
  return { ok: true, state: { ...state, board, played, message: null } };
}

/** The player to move ends the turn once no die left can be played; the turn goes into the move list. */
export function confirmTurn(state: BackgammonState, actor: Actor): Result<BackgammonState> {
  const refused = moverCheck(state, actor);
  if (refused) return refuse(refused);
  if (state.dice.length === 0) return refuse(REASONS.rollFirst);
  if (!canConfirmTurn(state)) return refuse(REASONS.mustPlay);
  const side = state.turn as Side;
  const record = [...state.record, turnLine(side, state.dice, state.played)];
  const next = {
    ...state,
    turn: opponent(side),
    dice: [],
    played: [],
    turnStart: state.board,
    record,
    message: null,
  };
  return { ok: true, state: next };
}
