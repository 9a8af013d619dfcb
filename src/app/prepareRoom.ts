import { gameAt } from './games';

type RoomNetworkModule = typeof import('./room/roomNetwork');
let network: RoomNetworkModule | null = null;
let loadingNetwork: Promise<RoomNetworkModule> | null = null;

/**
 * On the way to a room's address: meeting the room's peers starts (src/app/room/roomNetwork.ts) and the room's layout
 * and game code load, while the app's own code still loads. With nobody logged in yet (a room link opened on /login),
 * the room's network code, ICE settings and Automerge load while the person types their name, so Go meets the peers at
 * once. Otherwise Automerge's wasm waits for the room's first render, which asks for it (RoomProvider): the room,
 * presence and a late joiner's board need none of it.
 */
export function prepareRoom(at: Pick<Location, 'pathname' | 'hash'>): void {
  // Once loaded, the network is prepared in this task: a promise's turn would come after the route's render.
  if (network) network.prepareRoomNetworkAt(at);
  else {
    loadingNetwork ??= import('./room/roomNetwork').then((loaded) => (network = loaded));
    void loadingNetwork.then((loaded) => loaded.prepareRoomNetworkAt(at));
  }
  void import('./layout/RoomLayout');
  // The router asks for the game's code only once the app has started; the route's lazy import finds it loaded.
  void gameAt(at.pathname)?.load();
}
