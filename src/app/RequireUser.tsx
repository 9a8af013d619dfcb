import { createContext, useContext } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from './hooks';
import { selectCurrentUser } from './session/sessionSlice';
import type { LoginState } from './login/target';

/**
 * Whether the app is rendered ahead, behind a room link's login page (startRoomAhead): its room then shows with nobody
 * logged in. It ends once, as the person logs in and the store re-renders every reader; a ref, so that ending it
 * re-renders nothing by itself.
 */
export type RoomAheadRef = { current: boolean };
export const RoomAheadContext = createContext<RoomAheadRef>({ current: false });

/** Renders its child routes only for a logged-in person; otherwise sends them to /login, remembering where they were going. */
export default function RequireUser() {
  const user = useAppSelector(selectCurrentUser);
  const ahead = useContext(RoomAheadContext).current;
  const location = useLocation();
  if (!user && !ahead)
    return <Navigate to="/login" replace state={{ from: location } satisfies LoginState} />;
  return <Outlet />;
}
