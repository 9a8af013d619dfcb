import { StrictMode } from 'react';
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
import { RoomAheadContext, RoomAheadGate, useHiddenAhead } from './roomAhead';
import { loggedIn } from './session/sessionSlice';
import { newCurrentUser, type CurrentUser } from './session/currentUser';

/**
 * The whole app's React tree: store, MUI theme, router, and the gate of an app started ahead (startRoomAhead), which
 * leaves the page's global styles to the login page in front of it until it shows.
 */
function App({ store, router, gate }: { store: AppStore; router: AppRouter; gate: RoomAheadGate | null }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <RoomAheadContext.Provider value={gate}>
            <GlobalStyles />
            <RouterProvider router={router} />
          </RoomAheadContext.Provider>
        </ThemeProvider>
      </Provider>
    </StrictMode>
  );
}

function GlobalStyles() {
  return useHiddenAhead() ? null : <CssBaseline />;
}

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
  createRoot(container).render(<App store={store} router={router} gate={null} />);
}

/** The app started ahead at a room, behind the login page: shown on Go, or dropped. */
export type RoomAhead = {
  /** The address the room was rendered at (pathname, search and hash), which Go must lead to for `reveal`. */
  href: string;
  /** The user the room is rendered for: the one the login page is about to make, with no name yet. */
  user: CurrentUser;
  /** Logs the person in as `user` (named), puts the room at the address and in the container's place, and shows it. */
  reveal: (container: HTMLElement, user: CurrentUser) => void;
  /** Drops it. */
  end: () => void;
};

/**
 * Starts the whole app at a room while a room link's login page is shown (showLogin), for the user the login page will
 * make (their id, from the key made for them, and a colour; the name comes at Go): its router at the room's address,
 * the page's address still /login, its tree rendered into a hidden, inert element of its own. The room joins nothing
 * before Go (RoomProvider waits on the gate), so nothing is announced; Go then names the user and shows the room in the
 * task it is pressed in, instead of rendering it after, and the room joins once that frame is painted.
 */
export function startRoomAhead(at: RequestedLocation, userId: string): RoomAhead {
  const href = loginTarget(at, '');
  const user = newCurrentUser('', Math.random, userId);
  // The session is stored by the login page; this store keeps it from the person's Go on.
  const store = makeStore({ session: { currentUser: user } });
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
  const gate = new RoomAheadGate();
  const root = createRoot(ahead);
  root.render(<App store={store} router={router} gate={gate} />);
  return {
    href,
    user,
    reveal(container, named) {
      history.replaceState(routerState, '', href);
      flushSync(() => {
        // The user the login page made and stored, as it is: loggedIn's prepare would draw another colour.
        store.dispatch({ type: loggedIn.type, payload: named });
        gate.show();
      });
      keepSession(store);
      ahead.id = container.id;
      ahead.removeAttribute('style');
      ahead.inert = false;
      container.replaceWith(ahead);
      guardExternalDrops(window, (path) => void router.navigate(path));
      gate.openAfterPaint();
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
