import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppSelector } from './hooks';
import { selectCurrentUser } from './session/sessionSlice';
import type { LoginState } from './login/target';

/** Renders its child routes only for a logged-in person; otherwise sends them to /login, remembering where they were going. */
export default function RequireUser() {
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location } satisfies LoginState} />;
  return <Outlet />;
}
