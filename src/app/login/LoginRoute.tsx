import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../hooks';
import { loggedIn, selectCurrentUser } from '../session/sessionSlice';
import LoginPage from './LoginPage';
import { requestedFrom } from './target';

/** The app's / and /login routes (reached by RequireUser's redirect and Log out): the login page on the store and router. */
export default function LoginRoute() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const logIn = useCallback((name: string) => void dispatch(loggedIn(name)), [dispatch]);
  const leave = useCallback((target: string) => void navigate(target, { replace: true }), [navigate]);
  return <LoginPage user={user} from={requestedFrom(location.state)} logIn={logIn} leave={leave} />;
}
