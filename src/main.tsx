import { showLogin } from './app/login/showLogin';
import { isLoginPath } from './app/login/target';
import { prepareRoom } from './app/prepareRoom';

const container = document.getElementById('root')!;
// The whole app (router, store, MUI) is a separate chunk: the first page, / or /login, loads it only on the way out.
const loadApp = () => import('./app/startApp').then((app) => app.startApp);

if (isLoginPath(location.pathname)) showLogin(container, loadApp);
else {
  // On a room address, fetch the room's code and meet its peers while the app's code loads, not after the router asks.
  prepareRoom(location);
  void loadApp().then((start) => start(container));
}
