import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../hooks';
import { loggedIn, selectCurrentUser } from '../session/sessionSlice';
import { newUserId, prepareUserKey } from '../session/pageSigner';
import LoginPage from './LoginPage';
import { isLoginPath, requestedFrom } from './target';
import { prepareRoom } from '../prepareRoom';
import RoomRehearsal from './RoomRehearsal';

/** The app's / and /login routes (reached by RequireUser's redirect and Log out): the login page on the store and router. */
export default function LoginRoute() {
  const user = useAppSelector(selectCurrentUser);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(prepareUserKey, []);
  // The user's id is made from their signing key (docs/fair-play.md): nobody else can sit in their name.
  const logIn = useCallback(
    (name: string) => void newUserId().then((id) => dispatch(loggedIn(name, Math.random, id))),
    [dispatch],
  );
  const leave = useCallback(
    (target: string) => {
      // The room's peers are met while its route renders, not after.
      const at = new URL(target, window.location.href);
      if (!isLoginPath(at.pathname)) prepareRoom(at);
      void navigate(target, { replace: true });
    },
    [navigate],
  );
  const from = requestedFrom(location.state);
  return (
    <>
      <LoginPage user={user} from={from} logIn={logIn} leave={leave} />
      {from && !user && <RoomRehearsal at={from} />}
    </>
  );
}
