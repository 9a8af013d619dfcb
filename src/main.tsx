import { showLogin } from './app/login/showLogin';
import { isLoginPath } from './app/login/target';
import { gameAt } from './app/games';

const container = document.getElementById('root')!;
// The whole app (router, store, MUI) is a separate chunk: the first page, / or /login, loads it only on the way out.
const loadApp = () => import('./app/startApp').then((app) => app.startApp);

if (isLoginPath(location.pathname)) showLogin(container, loadApp);
else {
  // On a room address, fetch the room's code while the app's code loads, not after the router asks. Meeting the room's
  // peers starts now too (src/app/room/roomNetwork.ts). Automerge's wasm waits for the room's first render, which asks
  // for it (RoomProvider): the room, presence and a late joiner's board need none of it, and compiling it at once
  // slowed them all.
  void import('./app/room/roomNetwork').then((network) => network.prepareRoomNetworkAt(location));
  void import('./app/layout/RoomLayout');
  // The router asks for the game's code only once the app has started; the route's lazy import finds it loaded.
  void gameAt(location.pathname)?.load();
  void loadApp().then((start) => start(container));
}
