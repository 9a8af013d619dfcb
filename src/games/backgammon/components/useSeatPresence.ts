import { useEffect } from 'react';
import { useAppDispatch, usePresentClientIds, type Me } from '../../../app/hooks';
import { SIDES } from '../rules/board';
import type { BackgammonState } from '../rules/types';
import { playerDeparted, seatRebound } from '../slice';

/** How long a seated tab may be missing from presence before its seat frees; a reload comes back sooner. */
export const DEPARTURE_GRACE_MS = 8000;

/**
 * A seat whose tab has been gone from the room for the grace period frees (playerDeparted), dispatched by one tab
 * only: the present tab with the smallest client id. A reloaded tab finds its user seated under its old, departed
 * client id and takes the seat back (seatRebound). Go's board does the same for its seats.
 */
export function useSeatPresence(seats: BackgammonState['seats'], me: Me | null): void {
  const dispatch = useAppDispatch();
  const present = usePresentClientIds();
  const known = me !== null && present.includes(me.clientId);
  const isDispatcher = known && me.clientId === Math.min(...present);
  const absent = SIDES.map((side) => seats[side]?.clientId).filter(
    (id): id is number => id !== undefined && !present.includes(id),
  );
  const absentKey = isDispatcher ? absent.join(',') : '';
  const mine = me ? SIDES.map((side) => seats[side]).find((seat) => seat?.user.id === me.by.id) : undefined;
  // Only a seat whose tab is gone is taken back: two open tabs of one user must not pull the seat to and fro.
  const mustRebind =
    known && mine != null && mine.clientId !== me.clientId && !present.includes(mine.clientId);

  useEffect(() => {
    if (mustRebind && me) dispatch(seatRebound(me));
  }, [mustRebind, me, dispatch]);

  useEffect(() => {
    if (!absentKey) return;
    const timers = absentKey
      .split(',')
      .map((id) => setTimeout(() => dispatch(playerDeparted({ clientId: Number(id) })), DEPARTURE_GRACE_MS));
    return () => timers.forEach(clearTimeout);
  }, [absentKey, dispatch]);
}
