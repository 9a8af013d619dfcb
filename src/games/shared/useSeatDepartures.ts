import { useEffect, useMemo } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch, useAppSelector, type Me } from '../../app/hooks';

/** How long a seated player may be missing from the room before their seat frees; a reload comes back sooner. */
export const DEPARTURE_GRACE_MS = 8000;

/** A held seat as departure tracking sees it: whose it is and which tab holds it. */
export type HeldSeat = { userId: string; clientId: number };

/** A game's seat (its user and the tab that took it) as departure tracking sees it; null while free. */
export const heldSeat = (seat: { user: { id: string }; clientId: number } | null): HeldSeat | null =>
  seat ? { userId: seat.user.id, clientId: seat.clientId } : null;

/** How a game frees a departed seat, and (when it can) moves a seat to its user's new tab. */
export type SeatActions = {
  departed: (departure: { clientId: number }) => UnknownAction;
  rebound?: (me: Me) => UnknownAction;
};

/**
 * Spec "Departure" for every game with seats. A seat frees when neither its tab nor any other tab of its user has
 * been in the room for the grace period, dispatched by one tab only (the present tab with the smallest client id),
 * so concurrent peers do not all write the same departure. A reloaded tab finds its user seated under its old,
 * departed client id and takes the seat back, when the game can rebind seats.
 */
export function useSeatDepartures(
  seats: readonly (HeldSeat | null)[],
  me: Me | null,
  actions: SeatActions,
): void {
  const dispatch = useAppDispatch();
  const participants = useAppSelector((s) => s.room.participants);
  const { presentTabs, presentUsers } = useMemo(
    () => ({
      presentTabs: new Set(participants.map((p) => p.clientId)),
      presentUsers: new Set(participants.map((p) => p.user.id)),
    }),
    [participants],
  );
  const known = me !== null && presentTabs.has(me.clientId);
  const isDispatcher = known && me.clientId === Math.min(...presentTabs);
  const held = seats.filter((seat): seat is HeldSeat => seat !== null);
  const absentKey = isDispatcher
    ? held
        .filter((seat) => !presentTabs.has(seat.clientId) && !presentUsers.has(seat.userId))
        .map((seat) => seat.clientId)
        .join(',')
    : '';
  const mine = me ? held.find((seat) => seat.userId === me.by.id) : undefined;
  // Only a seat whose tab is gone is taken back: two open tabs of one user must not pull the seat to and fro.
  const mustRebind =
    known && mine !== undefined && mine.clientId !== me.clientId && !presentTabs.has(mine.clientId);
  const { departed, rebound } = actions;

  useEffect(() => {
    if (mustRebind && me && rebound) dispatch(rebound(me));
  }, [mustRebind, me, rebound, dispatch]);

  useEffect(() => {
    if (!absentKey) return;
    const timers = absentKey
      .split(',')
      .map((id) => setTimeout(() => dispatch(departed({ clientId: Number(id) })), DEPARTURE_GRACE_MS));
    return () => timers.forEach(clearTimeout);
    // absentKey names exactly the seats the timers are for; the action creators are module constants.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [absentKey, dispatch]);
}
