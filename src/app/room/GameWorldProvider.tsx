import { useMemo, type ReactNode } from 'react';
import { GameWorldContext, PeopleContext, type GameWorld, type Person } from '../../games/world';
import { useAppSelector, useMe, useRoomEphemeral } from '../hooks';
import type { RootState } from '../store';
import { isChosenPage } from './useSeatDepartures';

const selectPeople = (s: RootState): Person[] =>
  s.room.participants.map((p) => ({ clientId: p.clientId, name: p.user.name, color: p.color }));

// Presence changes with every pointer move on pages that track it: the people a board sees change only with who is there.
const samePeople = (a: readonly Person[], b: readonly Person[]) =>
  a.length === b.length &&
  a.every((p, i) => p.clientId === b[i].clientId && p.name === b[i].name && p.color === b[i].color);

/**
 * Hands every board its world (src/games/world.tsx): who acts from this tab, the logged-in user, the room's fleeting
 * channel and who is present.
 */
export default function GameWorldProvider({ children }: { children: ReactNode }) {
  const me = useMe();
  const userId = useAppSelector((s) => s.session.currentUser?.id ?? null);
  const ephemeral = useRoomEphemeral();
  const chosen = useAppSelector((s) => isChosenPage(s, me));
  const world = useMemo<GameWorld>(
    () => ({ me, userId, ephemeral, chosen }),
    [me, userId, ephemeral, chosen],
  );
  const people = useAppSelector(selectPeople, samePeople);
  return (
    <GameWorldContext.Provider value={world}>
      <PeopleContext.Provider value={people}>{children}</PeopleContext.Provider>
    </GameWorldContext.Provider>
  );
}
