import { chosenLuckAllowed, drawFrom, isCommitment, LUCK_REASONS, reveals } from '../../shared/sharedLuck';
import { opponent } from './board';
import { finishGame, seatOf } from './game';
import { REASONS } from './reasons';
import { decideOpening, moverCheck, beginTurn, rollDice, rollOpeningDie } from './turn';
import type { Actor, BackgammonState, Result, Roll, Side } from './types';
import type { Reason } from '../../../i18n/reasons';

/**
 * Dice no page chooses (docs/fair-play.md): each side commits to a secret when it sits down and with every reveal.
 * Roll opens a roll; the sides it waits for reveal their secrets (the page's own effect does it at once); the dice are a
 * draw from both secrets, which every fold recomputes. The opening roll waits for each player's own Roll.
 */

const refuse = (reason: Reason): Result<BackgammonState> => ({ ok: false, reason });

/** The sides whose secret the roll being drawn still waits for, with the commitment each made. */
export function awaitedSides(state: BackgammonState): { side: Side; commitment: string }[] {
  const roll = state.roll;
  if (!roll) return [];
  return roll.awaited.flatMap((side) => {
    const commitment = state.commitments?.[side];
    return commitment ? [{ side, commitment }] : [];
  });
}

/** Whether side has rolled its opening die: its die shows, or the opening roll is being drawn with its Roll in. */
export function openingRolled(state: BackgammonState, side: Side): boolean {
  const roll = state.roll;
  const pressed = roll?.kind === 'opening' && (roll.awaited.includes(side) || side in roll.revealed);
  return state.opening[side] !== null || pressed;
}

/** Two dice drawn from both sides' secrets (White's first), '' for a side that gave none. */
export function diceFrom(revealed: Roll['revealed']): [number, number] {
  const below = drawFrom('backgammon', { white: revealed.white ?? '', black: revealed.black ?? '' });
  return [1 + below(6), 1 + below(6)];
}

// The state without the roll being drawn, its key gone (a rolled game looks as it always has).
function withoutRoll(state: BackgammonState): BackgammonState {
  const { roll: _roll, ...rest } = state;
  return rest;
}

/** Draws the dice once the roll waits for nobody: the opening's one die each, or the mover's two. */
export function rollIfRevealed(state: BackgammonState): BackgammonState {
  const roll = state.roll;
  if (!roll || awaitedSides(state).length > 0) return state;
  if (
    roll.kind === 'opening' &&
    !(roll.awaited.length === 0 && 'white' in roll.revealed && 'black' in roll.revealed)
  )
    return state;
  const [first, second] = diceFrom(roll.revealed);
  const open = withoutRoll(state);
  if (roll.kind === 'opening')
    return decideOpening({ ...open, opening: { white: first, black: second } }, second);
  return beginTurn(open, state.turn as Side, [first, second]);
}

/** The commitments with side's set from an entry: a well-formed one replaces it, anything else drops it. */
export function committed(
  state: BackgammonState,
  side: Side,
  commitment: unknown,
): BackgammonState['commitments'] {
  const { [side]: _old, ...rest } = state.commitments ?? {};
  return isCommitment(commitment) ? { ...rest, [side]: commitment } : rest;
}

/** Roll (the opening's one die): the player's side joins the opening roll, drawn once both have rolled. */
export function openOpeningRoll(
  state: BackgammonState,
  roll: Actor & { die?: number },
): Result<BackgammonState> {
  if (roll.die !== undefined)
    return chosenLuckAllowed()
      ? rollOpeningDie(state, roll as Actor & { die: number })
      : refuse(LUCK_REASONS.chosenLuck);
  const side = seatOf(state, roll.by.id);
  if (!side) return refuse(REASONS.notSeated);
  if (state.phase !== 'opening')
    return refuse(state.phase === 'seating' ? REASONS.notStarted : REASONS.notOpening);
  const current = state.roll ?? { kind: 'opening' as const, awaited: [], revealed: {} };
  if (current.kind !== 'opening' || current.awaited.includes(side) || side in current.revealed)
    return refuse(REASONS.alreadyRolled);
  // A side that committed to nothing (code that commits nothing) adds nothing to the draw.
  const next: Roll = state.commitments?.[side]
    ? { ...current, awaited: [...current.awaited, side] }
    : { ...current, revealed: { ...current.revealed, [side]: '' } };
  return withOwnReveal({ ...state, roll: next, message: null }, roll);
}

// The roller's own secret may come with the Roll: one entry less to wait for.
function withOwnReveal(
  state: BackgammonState,
  roll: Actor & { reveal?: unknown; commitment?: unknown },
): Result<BackgammonState> {
  if (roll.reveal === undefined) return { ok: true, state: rollIfRevealed(state) };
  return revealForRoll(state, { ...roll, reveal: roll.reveal });
}

/** Roll (a turn's two dice): the player to move opens a roll that waits for both sides' secrets. */
export function openTurnRoll(
  state: BackgammonState,
  roll: Actor & { dice?: number[] },
): Result<BackgammonState> {
  if (roll.dice !== undefined)
    return chosenLuckAllowed()
      ? rollDice(state, roll as Actor & { dice: number[] })
      : refuse(LUCK_REASONS.chosenLuck);
  const refused = moverCheck(state, roll);
  if (refused) return refuse(refused);
  if (state.cube.offeredBy) return refuse(REASONS.answerDoubleFirst);
  if (state.dice.length > 0 || state.roll) return refuse(REASONS.alreadyRolled);
  const mover = state.turn as Side;
  const next: Roll = { kind: 'turn', awaited: [mover, opponent(mover)], revealed: {} };
  return withOwnReveal({ ...state, roll: next }, roll);
}

/** Reveal: a side's secret for the roll being drawn, with its commitment to the next one. */
export function revealForRoll(
  state: BackgammonState,
  { by, reveal, commitment }: Actor & { reveal: unknown; commitment?: unknown },
): Result<BackgammonState> {
  const roll = state.roll;
  if (!roll) return refuse(LUCK_REASONS.nothingToReveal);
  const side = seatOf(state, by.id);
  if (!side) return refuse(REASONS.notSeated);
  if (!roll.awaited.includes(side)) return refuse(LUCK_REASONS.alreadyRevealed);
  const made = state.commitments?.[side];
  if (!made) return refuse(LUCK_REASONS.noCommitment);
  if (!reveals(reveal, made)) return refuse(LUCK_REASONS.badReveal);
  const next: Roll = {
    ...roll,
    awaited: roll.awaited.filter((s) => s !== side),
    revealed: { ...roll.revealed, [side]: reveal },
  };
  return {
    ok: true,
    state: rollIfRevealed({ ...state, commitments: committed(state, side, commitment), roll: next }),
  };
}

/**
 * The roll waited too long. With two sides there is only the other side's word, and one page's word never costs a
 * player the game (MIN_WITNESSES): the roll waits for the withholder's reveal, and a side that leaves its seat while
 * the roll waits for its secret loses the game (forfeitIfAwaited). The dice are never drawn from one secret alone.
 */
export function timeOutRoll(state: BackgammonState, { by }: Actor): Result<BackgammonState> {
  const roll = state.roll;
  if (!roll || roll.awaited.length === 0) return refuse(LUCK_REASONS.nothingToReveal);
  const side = seatOf(state, by.id);
  if (!side || roll.awaited.includes(side) || !roll.revealed[side]) return refuse(LUCK_REASONS.notAWitness);
  return refuse(LUCK_REASONS.oneWitness);
}

/**
 * A side leaving its seat (standing up or departing) while the roll waits for its secret loses the game, as a
 * resignation at the cube's value: leaving never draws the dice again, and never from one secret. Else the state as
 * it is.
 */
export function forfeitIfAwaited(state: BackgammonState, side: Side): BackgammonState {
  if (!state.roll?.awaited.includes(side) || state.phase === 'finished') return state;
  const open = { ...withoutRoll(state), cube: { ...state.cube, offeredBy: null } };
  const finished = finishGame(open, opponent(side), 'resign');
  return { ...finished, record: [...state.record, finished.message as Reason] };
}
