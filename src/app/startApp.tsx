import { memo, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { makeStore, type AppStore } from './store';
import { loadSession, saveSession } from './session/persistSession';
import type { SessionState } from './session/sessionSlice';
import { createAppRouter, type AppRouter } from './routes';
import { theme } from './theme';
import { guardExternalDrops } from './externalDrop';
import { upgradedUserId } from './session/pageSigner';
import { loginTarget, type RequestedLocation } from './login/target';
import { RoomAheadContext, type RoomAheadRef } from './RequireUser';
import { loggedIn } from './session/sessionSlice';
import type { CurrentUser } from './session/currentUser';

/**
 * The whole app's React tree: store, MUI theme, router. Rendered ahead (startRoomAhead) it shows its room with nobody
 * logged in, and leaves the page's global styles to the login page in front of it; rendered again once shown, only the
 * global styles are new (the routes are memoised).
 */
function App({ store, router, ahead }: { store: AppStore; router: AppRouter; ahead: RoomAheadRef }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          {!ahead.current && <CssBaseline />}
          <Routes router={router} ahead={ahead} />
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}

const Routes = memo(function Routes({ router, ahead }: { router: AppRouter; ahead: RoomAheadRef }) {
  return (
    <RoomAheadContext.Provider value={ahead}>
      <RouterProvider router={router} />
    </RoomAheadContext.Provider>
  );
});

/** The app started at its address, never ahead. */
const shown: RoomAheadRef = { current: false };

/** Keeps the session in storage whenever it changes. */
function keepSession(store: AppStore): void {
  let savedSession = store.getState().session;
  store.subscribe(() => {
    const session = store.getState().session;
    if (session !== savedSession) saveSession((savedSession = session));
  });
}

/**
 * Starts the whole app (store, router, MUI theme) in a container at the current address. The session defaults to the
 * stored one and is written back to storage whenever it changes.
 */
export function startApp(container: HTMLElement, session: SessionState = loadSession()): void {
  const store = makeStore({ session });
  upgradeStoredUser(session);
  keepSession(store);
  const router = createAppRouter();
  guardExternalDrops(window, (path) => void router.navigate(path));
  createRoot(container).render(<App store={store} router={router} ahead={shown} />);
}

/** The app started ahead at a room, behind the login page: shown on Go, or dropped. */
export type RoomAhead = {
  /** The address the room was rendered at (pathname, search and hash), which Go must lead to for `reveal`. */
  href: string;
  /** Logs the person in, puts the room at the address and in the container's place, and shows it. */
  reveal: (container: HTMLElement, user: CurrentUser) => void;
  /** Drops it. */
  end: () => void;
};

/**
 * Starts the whole app at a room while a room link's login page is shown (showLogin), with nobody logged in: its
 * router at the room's address, the page's address still /login, its tree rendered into a hidden, inert element of
 * its own. Nothing joins the room before a person is logged in (RoomProvider), so the room and its board are ready
 * and nothing is announced; Go then shows them in the frame it is pressed in, instead of rendering them after it.
 */
export function startRoomAhead(at: RequestedLocation): RoomAhead {
  const href = loginTarget(at, '');
  // The session is stored by the login page; this store keeps it from the person's Go on.
  const store = makeStore({ session: { currentUser: null } });
  // The router reads its first location from the address: the room's for that moment, then /login again.
  const { state: loginState } = history;
  const loginHref = `${location.pathname}${location.search}${location.hash}`;
  history.replaceState(null, '', href);
  const router = createAppRouter();
  const { state: routerState } = history;
  history.replaceState(loginState, '', loginHref);

  const ahead = document.createElement('div');
  ahead.style.cssText = 'position: fixed; inset: 0; visibility: hidden';
  ahead.inert = true;
  document.body.append(ahead);
  const waiting: RoomAheadRef = { current: true };
  const root = createRoot(ahead);
  root.render(<App store={store} router={router} ahead={waiting} />);
  return {
    href,
    reveal(container, user) {
      history.replaceState(routerState, '', href);
      waiting.current = false;
      flushSync(() => {
        // The user the login page made and stored, as it is: loggedIn's prepare would draw another colour.
        store.dispatch({ type: loggedIn.type, payload: user });
        root.render(<App store={store} router={router} ahead={waiting} />);
      });
      keepSession(store);
      ahead.id = container.id;
      ahead.removeAttribute('style');
      ahead.inert = false;
      container.replaceWith(ahead);
      guardExternalDrops(window, (path) => void router.navigate(path));
    },
    end() {
      root.unmount();
      ahead.remove();
    },
  };
}

/**
 * A user stored before ids were made from keys gets the id of their key, once, and the page loads again under it: their
 * seats, signed with that key, are taken only in that id. The name and colour stay.
 */
function upgradeStoredUser({ currentUser }: SessionState): void {
  if (!currentUser) return;
  void upgradedUserId(currentUser.id).then((id) => {
    if (id === null) return;
    saveSession({ currentUser: { ...currentUser, id } });
    location.reload();
  });
}
