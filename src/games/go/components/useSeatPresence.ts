import { useEffect } from 'react';
import { useAppDispatch, usePresentClientIds, type Me } from '../../../app/hooks';
import type { GoState } from '../rules/types';
import { playerDeparted, seatRebound } from '../slice';

/** How long a seated tab may be missing from presence before its seat frees; a reload comes back sooner. */
export const DEPARTURE_GRACE_MS = 8000;

/**
 * A seat whose tab has been gone from the room for the grace period frees, by one dispatcher only (the present tab
 * with the smallest client id). A reloaded tab finds its user seated under its old, departed client id and takes the
 * seat back (seatRebound).
 */
export function useSeatPresence(seats: GoState['seats'], me: Me | null): void {
  const dispatch = useAppDispatch();
  const present = usePresentClientIds();
  const known = me !== null && present.includes(me.clientId);
  const isDispatcher = known && me.clientId === Math.min(...present);
  const absent = (['b', 'w'] as const).filter((stone) => {
    const seat = seats[stone];
    return seat !== null && !present.includes(seat.clientId);
  });
  const absentKey = isDispatcher ? absent.map((stone) => `${stone}:${seats[stone]?.clientId}`).join(',') : '';
  const mine = me ? [seats.b, seats.w].find((seat) => seat?.user.id === me.by.id) : undefined;
  const mustRebind =
    known && mine != null && mine.clientId !== me.clientId && !present.includes(mine.clientId);

  useEffect(() => {
    if (mustRebind && me) dispatch(seatRebound(me));
  }, [mustRebind, me, dispatch]);

  useEffect(() => {
    if (!absentKey) return;
    const timers = absent.map((stone) => {
      const seat = seats[stone];
      return seat
        ? setTimeout(() => dispatch(playerDeparted({ clientId: seat.clientId })), DEPARTURE_GRACE_MS)
        : 0;
    });
    return () => timers.forEach(clearTimeout);
    // absentKey names exactly the seats and tabs the timers are for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [absentKey, dispatch]);
}
