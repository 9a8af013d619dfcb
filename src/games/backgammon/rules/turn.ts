import { applyStep, opponent } from './board';
import { seatOf } from './game';
import { canConfirmTurn, diceToPlay, maxDiceUsage } from './mustPlay';
import { blockedLine, turnLine } from './notation';
import { noLegalMovesMessage, openingTieMessage, openingWonMessage, REASONS } from './reasons';
import type { Actor, BackgammonState, Result, Side } from './types';
import type { Reason } from '../../../i18n/reasons';

const refuse = (reason: Reason): Result<BackgammonState> => ({ ok: false, reason });
const isDie = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 6;

/** Why this actor may not act as the player to move now, or null when they may. */
export function moverCheck(state: BackgammonState, actor: Actor): Reason | null {
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
  return { ok: true, state: decideOpening({ ...state, opening }, roll.die) };
}

/**
 * Both opening dice are in: a tie rolls again (the message names the die), else the higher die moves first, playing
 * both dice.
 */
export function decideOpening(state: BackgammonState, lastDie: number): BackgammonState {
  const { white, black } = state.opening as { white: number; black: number };
  if (white === black)
    return { ...state, opening: { white: null, black: null }, message: openingTieMessage(lastDie) };
  const first: Side = white > black ? 'white' : 'black';
  const dice = first === 'white' ? [white, black] : [black, white];
  const next = beginTurn({ ...state, phase: 'playing' as const }, first, dice);
  return { ...next, message: next.message ?? openingWonMessage(white, black) };
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
