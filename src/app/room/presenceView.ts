import { useContext, useEffect } from 'react';
import { createSelector } from '@reduxjs/toolkit';
import { useAppSelector } from '../hooks';
import type { RootState } from '../store';
import type { Participant } from '../layout/PresencePanel';
import type { RemoteCursor } from '../layout/RemoteCursors';
import { RoomPointerContext } from './roomContext';

/** Everyone present for the "Connected:" list: the user first, then the others by name. */
export const selectParticipantsPanel = createSelector(
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
        (a, b) => Number(b.isSelf) - Number(a.isSelf) || byName(a.name, b.name) || a.clientId - b.clientId,
      );
  },
  // A pointer moving changes the participants but not the list: the list keeps its identity and nothing re-renders.
  { memoizeOptions: { resultEqualityCheck: sameParticipants } },
);

function sameParticipants(a: readonly Participant[], b: readonly Participant[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (p, i) =>
        p.clientId === b[i].clientId &&
        p.name === b[i].name &&
        p.color === b[i].color &&
        p.isSelf === b[i].isSelf,
    )
  );
}

/**
 * Names in alphabetical order, case and accents aside (Ömer beside Omar, before Zoe). Not localeCompare: its first call
 * loads the locale's collation, 15 to 35 ms of a room page's start here, just as the list first shows someone else.
 */
function byName(a: string, b: string): number {
  const [x, y] = [sortKey(a), sortKey(b)];
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

// Decomposed, a letter's accents are combining marks (U+0300 to U+036F), which the key leaves out.
const sortKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Everyone present for the "Connected:" list, the user first. */
export const useParticipantsPanel = (): Participant[] => useAppSelector(selectParticipantsPanel);

const selectCursors = createSelector(
  [(s: RootState) => s.room.participants, (s: RootState) => s.room.clientId],
  (participants, clientId): RemoteCursor[] =>
    participants.flatMap((p) =>
      p.clientId !== clientId && typeof p.x === 'number' && typeof p.y === 'number'
        ? [{ clientId: p.clientId, x: p.x, y: p.y, name: p.user.name, color: p.color }]
        : [],
    ),
);

/** The other participants' pointers that have a position. */
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
