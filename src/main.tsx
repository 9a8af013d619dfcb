import { showLogin } from './app/login/showLogin';
import { isLoginPath, loginHistoryState } from './app/login/target';
import { loadSession } from './app/session/persistSession';
import { prepareRoom } from './app/prepareRoom';

const container = document.getElementById('root')!;
// The whole app (router, store, MUI) is a separate chunk: the login page loads it only on the way out, or while a room
// link's name is typed.
const loadApp = () => import('./app/startApp');

if (!isLoginPath(location.pathname)) {
  // On a room address, fetch the room's code and meet its peers while the app's code loads, not after the router asks.
  // The room is where the page is now: the address below may change before the room's network code has loaded.
  const { pathname, search, hash } = location;
  prepareRoom({ pathname, hash });
  if (loadSession().currentUser) void loadApp().then((app) => app.startApp(container));
  else {
    // Logged out: the name field shows at once, as on /login, where the app's router would send the person anyway
    // (remembering the room, as its redirect does); the app's code loads while the name is typed.
    history.replaceState(loginHistoryState({ pathname, search, hash }), '', '/login');
    showLogin(container, loadApp);
  }
} else showLogin(container, loadApp);
