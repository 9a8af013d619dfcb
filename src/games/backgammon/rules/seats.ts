import { bothSides } from './board';
import { departedSeat, type Departure } from '../../shared/departures';
import { seatOf, setup } from './game';
import { REASONS } from './reasons';
import { committed, forfeitIfAwaited } from './luck';
import type { Actor, BackgammonState, Result, Seat, Side, Sides } from './types';
import type { Reason } from '../../../i18n/reasons';

const refuse = (reason: Reason): Result<BackgammonState> => ({ ok: false, reason });

// The opening roll needs both players: a seat freed before it is decided sends the game back to seating (and the
// opening roll being drawn goes with it).
function withSeats(state: BackgammonState, seats: Sides<Seat>): BackgammonState {
  const full = seats.white !== null && seats.black !== null;
  if (state.phase === 'seating' && full) return { ...state, seats, phase: 'opening' };
  if (state.phase === 'opening' && !full) {
    const { roll: _roll, ...rest } = state;
    return { ...rest, seats, phase: 'seating', opening: bothSides<number | null>(null) };
  }
  return { ...state, seats };
}

/** A freed side's commitment goes with its player. */
function freed(state: BackgammonState, side: Side): BackgammonState {
  return state.commitments ? { ...state, commitments: committed(state, side, null) } : state;
}

/** "Sit": the user takes a free seat, holding at most one; a free seat mid-game is taken over as it stands. */
export function takeSeat(
  state: BackgammonState,
  sit: Actor & { side: Side; commitment?: unknown },
): Result<BackgammonState> {
  if (seatOf(state, sit.by.id)) return refuse(REASONS.alreadySeated);
  if (state.seats[sit.side]) return refuse(REASONS.seatTaken);
  const seat = { user: { ...sit.by }, clientId: sit.clientId };
  // The player commits to the secret of their first roll as they sit down (docs/fair-play.md).
  const commitments =
    sit.commitment === undefined ? state.commitments : committed(state, sit.side, sit.commitment);
  const seated = withSeats(state, { ...state.seats, [sit.side]: seat });
  return { ok: true, state: commitments === undefined ? seated : { ...seated, commitments } };
}

/** "Stand": the user frees their seat; the position stays for whoever sits next. */
export function leaveSeat(state: BackgammonState, actor: Actor): Result<BackgammonState> {
  const side = seatOf(state, actor.by.id);
  if (!side) return refuse(REASONS.notSeated);
  const left = forfeitIfAwaited(state, side);
  return { ok: true, state: withSeats(freed(left, side), { ...left.seats, [side]: null }) };
}

/** After a reload the user's seat follows them to their new tab id. */
export function rebindSeat(
  state: BackgammonState,
  actor: Actor & { commitment?: unknown },
): Result<BackgammonState> {
  const side = seatOf(state, actor.by.id);
  if (!side) return refuse(REASONS.notSeated);
  if (state.seats[side]?.clientId === actor.clientId) return refuse(REASONS.alreadyBound);
  const seat = { user: { ...actor.by }, clientId: actor.clientId };
  const rebound = { ...state, seats: { ...state.seats, [side]: seat } };
  // A new commitment, unless a roll is being drawn: one made after the other side revealed could choose the dice.
  if (actor.commitment === undefined || state.roll) return { ok: true, state: rebound };
  return { ok: true, state: { ...rebound, commitments: committed(state, side, actor.commitment) } };
}

/** A tab that left the room frees the seat bound to it. */
export function departPlayer(
  state: BackgammonState,
  departure: Departure,
  room: string,
): Result<BackgammonState> {
  const judged = departedSeat(room, departure, state.seats, REASONS.noSeatForClient);
  if (!judged.ok) return judged;
  const side = judged.seat;
  // A roll awaited from a player who is gone is lost by them, but not on their opponent's word alone: that word is
  // what lets a page whose tab went silent be freed, and it must not also win the game for whoever says it.
  const left = judged.on === 'others' ? state : forfeitIfAwaited(state, side);
  return { ok: true, state: withSeats(freed(left, side), { ...left.seats, [side]: null }) };
}

/** "New game" after a decided game: the standard position again, seats kept, the cube back in the middle. */
export function startNewGame(state: BackgammonState, actor: Actor): Result<BackgammonState> {
  if (!seatOf(state, actor.by.id)) return refuse(REASONS.notSeated);
  if (state.phase !== 'finished') return refuse(REASONS.notOver);
  const fresh = setup(state.seats);
  return { ok: true, state: state.commitments ? { ...fresh, commitments: state.commitments } : fresh };
}
