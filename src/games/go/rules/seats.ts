import type { Reason } from '../../../i18n/reasons';
import { departedSeat, type Departure } from '../../shared/departures';
import { BOARD_SIZES, isBeforeFirstMove, seatOf, setup } from './game';
import { REASONS } from './reasons';
import type { Actor, BoardSize, GoState, Result, Stone } from './types';

const refuse = (reason: Reason): Result<GoState> => ({ ok: false, reason });

/** "Sit": the user takes a free seat, holding at most one. */
export function takeSeat(state: GoState, sit: Actor & { stone: Stone }): Result<GoState> {
  if (seatOf(state, sit.by.id)) return refuse(REASONS.alreadySeated);
  if (state.seats[sit.stone]) return refuse(REASONS.seatTaken);
  const seat = { user: { ...sit.by }, clientId: sit.clientId };
  return { ok: true, state: { ...state, seats: { ...state.seats, [sit.stone]: seat } } };
}

/** "Stand": the user frees their seat; the game itself stays as it is. */
export function leaveSeat(state: GoState, actor: Actor): Result<GoState> {
  const stone = seatOf(state, actor.by.id);
  if (!stone) return refuse(REASONS.notSeated);
  return { ok: true, state: { ...state, seats: { ...state.seats, [stone]: null } } };
}

/** A seated tab left the room (presence) and did not come back: its seat frees; the game itself stays. */
export function departSeat(state: GoState, departure: Departure, room: string): Result<GoState> {
  const judged = departedSeat(room, departure, state.seats, REASONS.notSeated);
  if (!judged.ok) return judged;
  return { ok: true, state: { ...state, seats: { ...state.seats, [judged.seat]: null } } };
}

/** After a reload the user's seat follows them to their new tab id. */
export function rebindSeat(state: GoState, actor: Actor): Result<GoState> {
  const stone = seatOf(state, actor.by.id);
  if (!stone) return refuse(REASONS.notSeated);
  const seat = state.seats[stone];
  if (seat?.clientId === actor.clientId) return refuse(REASONS.alreadyBound);
  return {
    ok: true,
    state: {
      ...state,
      seats: { ...state.seats, [stone]: { user: { ...actor.by }, clientId: actor.clientId } },
    },
  };
}

/** Why a seated-only setting may not change now, or null when it may. */
function settingsCheck(state: GoState, userId: string): Reason | null {
  if (!seatOf(state, userId)) return REASONS.notSeated;
  return isBeforeFirstMove(state) ? null : REASONS.started;
}

/** A seated player picks 9x9, 13x13 or 19x19 before the first move; the board starts afresh at that size. */
export function chooseBoardSize(state: GoState, choice: Actor & { size: number }): Result<GoState> {
  const refused = settingsCheck(state, choice.by.id);
  if (refused) return refuse(refused);
  if (!BOARD_SIZES.includes(choice.size as BoardSize)) return refuse(REASONS.badSize);
  if (choice.size === state.size) return refuse(REASONS.unchanged);
  return { ok: true, state: setup(choice.size as BoardSize, state.komi, state.seats) };
}

/** A seated player sets komi, in half points, before the first move. */
export function chooseKomi(state: GoState, choice: Actor & { komi: number }): Result<GoState> {
  const refused = settingsCheck(state, choice.by.id);
  if (refused) return refuse(refused);
  if (!Number.isInteger(choice.komi * 2) || Math.abs(choice.komi) > 1000) return refuse(REASONS.badKomi);
  if (choice.komi === state.komi) return refuse(REASONS.unchanged);
  return { ok: true, state: { ...state, komi: choice.komi } };
}

/** After a decided game a seated player clears the board; seats, size and komi stay. */
export function startNewGame(state: GoState, actor: Actor): Result<GoState> {
  if (!seatOf(state, actor.by.id)) return refuse(REASONS.notSeated);
  if (state.phase !== 'finished') return refuse(REASONS.notOver);
  return { ok: true, state: setup(state.size, state.komi, state.seats) };
}
