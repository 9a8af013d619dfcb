import { useContext, useEffect } from 'react';
import { createSelector } from '@reduxjs/toolkit';
import { useAppSelector } from '../hooks';
import type { RootState } from '../store';
import type { Participant } from '../layout/PresencePanel';
import type { RemoteCursor } from '../layout/RemoteCursors';
import { RoomPointerContext } from './roomContext';

const selectPanel = createSelector(
  [
    (s: RootState) => s.room.participants,
    (s: RootState) => s.room.clientId,
    (s: RootState) => s.session.currentUser,
  ],
  (participants, clientId, user): Participant[] => {
    // Until presence answers, the person still sees themselves listed.
    if (participants.length === 0 && user)
      return [{ clientId: clientId ?? 0, name: user.name, color: user.color, isSelf: true }];
    return participants
      .map((p) => ({
        clientId: p.clientId,
        name: p.user.name,
        color: p.color,
        isSelf: p.clientId === clientId,
      }))
      .sort(
        (a, b) =>
          Number(b.isSelf) - Number(a.isSelf) || a.name.localeCompare(b.name) || a.clientId - b.clientId,
      );
  },
);

/** Everyone present for the "Connected:" list, the user first. */
export const useParticipantsPanel = (): Participant[] => useAppSelector(selectPanel);

const selectCursors = createSelector(
  [(s: RootState) => s.room.participants, (s: RootState) => s.room.clientId],
  (participants, clientId): RemoteCursor[] =>
    participants.flatMap((p) =>
      p.clientId !== clientId && typeof p.x === 'number' && typeof p.y === 'number'
        ? [{ clientId: p.clientId, x: p.x, y: p.y, name: p.user.name, color: p.color }]
        : [],
    ),
);

/** The other participants' pointers that have a position (spec section 2, "Remote cursors"). */
export const useRemoteCursors = (): RemoteCursor[] => useAppSelector(selectCursors);

/** Shares this tab's pointer position while tracking is on; with tracking off the position is cleared. */
export function usePointerTracking(tracking: boolean): void {
  const sharePointer = useContext(RoomPointerContext);
  useEffect(() => {
    if (!tracking) return void sharePointer(null);
    let frame = 0;
    let last: PointerEvent | null = null;
    // One presence message per animation frame at most, however fast the pointer moves.
    const onMove = (event: PointerEvent) => {
      last = event;
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        if (last) sharePointer({ x: last.clientX, y: last.clientY });
      });
    };
    window.addEventListener('pointermove', onMove);
    return () => {
      window.removeEventListener('pointermove', onMove);
      cancelAnimationFrame(frame);
    };
  }, [sharePointer, tracking]);
}
