import { useEffect } from 'react';
import { useAppDispatch, useAppSelector, usePresentClientIds, type Me } from '../../../app/hooks';
import { playerDeparted } from '../slice';
import type { TicTacToeState } from '../rules/types';

/** How long a seated player may be missing from presence before their seat frees; a reload comes back sooner. */
export const DEPARTURE_GRACE_MS = 8000;

/**
 * A seat frees when its player has left the room: their tab has been gone for the grace period and no other tab of
 * the same user is present (a reloaded tab has a new client id but the same user, and its next move rebinds the
 * seat). One dispatcher only: the present tab with the smallest client id.
 */
export function useSeatDepartures(seats: TicTacToeState['seats'], me: Me | null): void {
  const dispatch = useAppDispatch();
  const present = usePresentClientIds();
  const presentUsers = useAppSelector((s) => s.room.participants.map((p) => p.user.id).join(','));
  const known = me !== null && present.includes(me.clientId);
  const isDispatcher = known && me.clientId === Math.min(...present);
  const users = presentUsers.split(',');
  const absent = [seats.X, seats.O]
    .filter((seat) => seat !== null && !present.includes(seat.clientId) && !users.includes(seat.user.id))
    .map((seat) => seat?.user.id ?? '');
  const absentKey = isDispatcher ? [...new Set(absent)].join(',') : '';

  useEffect(() => {
    if (!absentKey) return;
    const timers = absentKey
      .split(',')
      .map((userId) => setTimeout(() => dispatch(playerDeparted({ userId })), DEPARTURE_GRACE_MS));
    return () => timers.forEach(clearTimeout);
  }, [absentKey, dispatch]);
}
