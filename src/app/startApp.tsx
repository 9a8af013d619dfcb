import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { makeStore } from './store';
import { loadSession, saveSession } from './session/persistSession';
import type { SessionState } from './session/sessionSlice';
import { createAppRouter } from './routes';
import { theme } from './theme';
import { guardExternalDrops } from './externalDrop';
import { upgradedUserId } from './session/pageSigner';
import RoomRehearsal from './login/RoomRehearsal';
import type { RequestedLocation } from './login/target';

/**
 * Starts the whole app (store, router, MUI theme) in a container at the current address. The session defaults to the
 * stored one and is written back to storage whenever it changes.
 */
export function startApp(container: HTMLElement, session: SessionState = loadSession()): void {
  const store = makeStore({ session });
  upgradeStoredUser(session);
  let savedSession = store.getState().session;
  store.subscribe(() => {
    const session = store.getState().session;
    if (session !== savedSession) saveSession((savedSession = session));
  });

  const router = createAppRouter();
  guardExternalDrops(window, (path) => void router.navigate(path));

  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <RouterProvider router={router} />
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  );
}

/**
 * Renders the room at `at` once, off the page (RoomRehearsal), under a store and router of its own with nobody logged
 * in, for the login page shown before the app starts; returns what ends it.
 */
export function rehearseRoom(at: RequestedLocation): () => void {
  const store = makeStore({ session: { currentUser: null } });
  const router = createMemoryRouter([{ path: '*', element: <RoomRehearsal at={at} /> }]);
  const root = createRoot(document.createElement('div'));
  root.render(
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </Provider>,
  );
  return () => root.unmount();
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
