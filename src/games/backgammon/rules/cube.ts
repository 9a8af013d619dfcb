import { opponent } from './board';
import { finishGame, MAX_CUBE, seatOf } from './game';
import { REASONS, sideName } from './reasons';
import { moverCheck } from './turn';
import type { Actor, BackgammonState, Result, Side } from './types';
import type { Reason } from '../../../i18n/reasons';

const refuse = (reason: Reason): Result<BackgammonState> => ({ ok: false, reason });

/** The player to move offers to double at the start of their turn, before rolling, when the cube is theirs or centred. */
export function offerDouble(state: BackgammonState, actor: Actor): Result<BackgammonState> {
  const refused = moverCheck(state, actor);
  if (refused) return refuse(refused);
  const side = state.turn as Side;
  if (state.cube.offeredBy) return refuse(REASONS.alreadyOffered);
  if (state.dice.length > 0) return refuse(REASONS.doubleAfterRoll);
  if (state.cube.owner === opponent(side)) return refuse(REASONS.notYourCube);
  if (state.cube.value >= MAX_CUBE) return refuse(REASONS.cubeAtMax);
  const message: Reason = { key: 'doubles', values: { side: sideName(side), value: state.cube.value * 2 } };
  return {
    ok: true,
    state: {
      ...state,
      cube: { ...state.cube, offeredBy: side },
      record: [...state.record, message],
      message,
    },
  };
}

/** Why this actor may not answer the pending double, or null when they are the one it was offered to. */
function answerCheck(state: BackgammonState, actor: Actor): Reason | null {
  if (state.phase === 'finished') return REASONS.gameOver;
  if (state.phase !== 'playing' || !state.cube.offeredBy) return REASONS.noOffer;
  return seatOf(state, actor.by.id) === opponent(state.cube.offeredBy) ? null : REASONS.notYourTurn;
}

/** The doubled player takes: the cube doubles and becomes theirs; the offerer then rolls. */
export function acceptDouble(state: BackgammonState, actor: Actor): Result<BackgammonState> {
  const refused = answerCheck(state, actor);
  if (refused) return refuse(refused);
  const taker = opponent(state.cube.offeredBy as Side);
  const cube = { value: state.cube.value * 2, owner: taker, offeredBy: null };
  const message: Reason = { key: 'accepts', values: { side: sideName(taker), value: cube.value } };
  return { ok: true, state: { ...state, cube, record: [...state.record, message], message } };
}

/** The doubled player passes: the offerer wins the cube's value before the double. */
export function declineDouble(state: BackgammonState, actor: Actor): Result<BackgammonState> {
  const refused = answerCheck(state, actor);
  if (refused) return refuse(refused);
  const offerer = state.cube.offeredBy as Side;
  const finished = finishGame({ ...state, cube: { ...state.cube, offeredBy: null } }, offerer, 'declined');
  return { ok: true, state: { ...finished, record: [...state.record, finished.message as Reason] } };
}

/** A seated player resigns at any moment of play; kept simple: the opponent wins a single game times the cube. */
export function resign(state: BackgammonState, actor: Actor): Result<BackgammonState> {
  const side = seatOf(state, actor.by.id);
  if (!side) return refuse(REASONS.notSeated);
  if (state.phase === 'finished') return refuse(REASONS.gameOver);
  if (state.phase !== 'playing') return refuse(REASONS.notStarted);
  // A resignation made while a double waits concedes the cube as it stands, not the doubled value.
  const finished = finishGame(
    { ...state, cube: { ...state.cube, offeredBy: null } },
    opponent(side),
    'resign',
  );
  return { ok: true, state: { ...finished, record: [...state.record, finished.message as Reason] } };
}
