import { useEffect } from 'react';
import { useAppDispatch, usePresentClientIds, type Me } from '../../../app/hooks';
import type { Seat } from '../rules/types';
import { playerDeparted, seatRebound } from '../slice';

/** How long a seated tab may be missing from presence before its seat is cleared; a reload comes back sooner. */
export const DEPARTURE_GRACE_MS = 8000;

/**
 * Spec "Departure": a seat whose tab has been gone from the room for the grace period is cleared, by one
 * dispatcher only (the present tab with the smallest client id). A reloaded tab finds its user seated under its
 * old, departed client id and takes the seat back, hand and all.
 */
export function useSeatPresence(players: readonly Seat[], me: Me | null): void {
  const dispatch = useAppDispatch();
  const present = usePresentClientIds();
  const known = present.length > 0 && me !== null && present.includes(me.clientId);
  const absent = players
    .filter((seat) => seat.user !== null && seat.userKey !== null && !present.includes(seat.userKey))
    .map((seat) => seat.userKey as number);
  const absentKey = known ? absent.join(',') : '';
  const isDispatcher = known && me.clientId === Math.min(...present);
  const mine = me ? players.find((seat) => seat.user?.id === me.by.id) : undefined;
  const mustRebind =
    known && mine !== undefined && mine.userKey !== me.clientId && !present.includes(mine.userKey ?? -1);

  useEffect(() => {
    if (mustRebind && me) dispatch(seatRebound(me));
  }, [mustRebind, me, dispatch]);

  useEffect(() => {
    if (!absentKey || !isDispatcher) return;
    const timers = absentKey
      .split(',')
      .map((key) =>
        setTimeout(() => dispatch(playerDeparted({ clientId: Number(key) })), DEPARTURE_GRACE_MS),
      );
    return () => timers.forEach(clearTimeout);
  }, [absentKey, isDispatcher, dispatch]);
}
