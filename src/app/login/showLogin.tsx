import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { newCurrentUser, type CurrentUser } from '../session/currentUser';
import type { RoomAhead } from '../startApp';
import { gameAt } from '../games';
import { loadSession, saveSession } from '../session/persistSession';
import { newUserId, nextUserId, prepareUserKey } from '../session/pageSigner';
import type { SessionState } from '../session/sessionSlice';
import { guardExternalDrops } from '../externalDrop';
import LoginPage from './LoginPage';
import { isLoginPath, requestedFromHistory, type RequestedLocation } from './target';
import { prepareRoom } from '../prepareRoom';
import { whenIdle } from '../../sync/idle';

/** What the login page needs of the whole app's code (src/app/startApp.tsx). */
export type AppModule = {
  /** Starts the whole app in a container at the current address, with the given session. */
  startApp: (container: HTMLElement, session: SessionState) => void;
  /** Starts the app at the room `at`, hidden behind this page, for the next user's id (startRoomAhead). */
  startRoomAhead: (at: RequestedLocation, userId: string) => RoomAhead;
};

/**
 * Shows the login page on its own (React and CSS: no router, store or MUI) for a first visit to / or /login, or to a
 * room link before anyone is logged in. The session is the one the app keeps (persistSession). Leaving loads the whole
 * app with `loadApp`, replaces the address and starts the app there; a room link dropped on the page opens that room
 * the same way, as a new history entry. Sent from a room, the app's code loads and starts at that room, hidden, while
 * the name is typed (startRoomAhead): Go shows the room and its board in the frame it is pressed in.
 */
export function showLogin(container: HTMLElement, loadApp: () => Promise<AppModule>): void {
  const root = createRoot(container);
  const from = requestedFromHistory(history.state);
  let user: CurrentUser | null = loadSession().currentUser;
  let leaving = false;
  let ahead: RoomAhead | null = null;

  const open = (path: string, replace: boolean) => {
    // StrictMode runs the page's effect twice in development: leave once.
    if (leaving) return;
    leaving = true;
    // The room started ahead, where the person goes: shown in this task.
    if (ahead?.href === path && replace && user) {
      stopDrops();
      root.unmount();
      return ahead.reveal(container, user);
    }
    // The room's peers are met, and its code fetched, while the app's code loads: Go to the board waits for one, not both.
    const at = new URL(path, location.href);
    if (!isLoginPath(at.pathname)) prepareRoom(at);
    loadApp().then(
      (app) => {
        stopDrops();
        root.unmount();
        ahead?.end();
        // The address changes once the app's code is here, as the app's own navigations do.
        history[replace ? 'replaceState' : 'pushState'](null, '', path);
        app.startApp(container, { currentUser: user });
      },
      (error: unknown) => {
        // Most often a new deployment replaced the app's files: the page at the new address loads the new ones.
        console.error(error);
        location[replace ? 'replace' : 'assign'](path);
      },
    );
  };
  const stopDrops = guardExternalDrops(window, (path) => open(path, false));

  prepareUserKey();
  // The user's id is made from their signing key (docs/fair-play.md): nobody else can sit in their name.
  const logIn = (name: string) =>
    void newUserId().then((id) => {
      const made = newCurrentUser(name, Math.random, id);
      // The room waiting ahead is rendered for this user, colour included.
      user = ahead?.user.id === id ? { ...made, color: ahead.user.color } : made;
      saveSession({ currentUser: user });
      // Where the login page would lead (loginTarget of `from`) is where the room waits: no "Loading..." in between.
      if (ahead) open(ahead.href, true);
      else render();
    });
  const leave = (target: string) => open(target, true);
  const render = () =>
    root.render(
      <StrictMode>
        <LoginPage user={user} from={from} logIn={logIn} leave={leave} />
      </StrictMode>,
    );
  render();
  // Not a board that must not render unseen (Minecraft's WebGL): that one starts after Go.
  if (from && !user && !isLoginPath(from.pathname) && gameAt(from.pathname)?.renderAhead !== false)
    void whenIdle(1000)
      .then(() => Promise.all([loadApp(), nextUserId()]))
      .then(([app, id]) => {
        if (!leaving) ahead = app.startRoomAhead(from, id);
      })
      // Ahead only: should the code not load, Go loads it again and shows what went wrong.
      .catch(() => {});
}
