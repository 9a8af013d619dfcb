import { gameAt } from './games';

/**
 * On the way to a room's address: meeting the room's peers starts (src/app/room/roomNetwork.ts) and the room's layout
 * and game code load, while the app's own code still loads. Automerge's wasm waits for the room's first render, which
 * asks for it (RoomProvider): the room, presence and a late joiner's board need none of it.
 */
export function prepareRoom(at: Pick<Location, 'pathname' | 'hash'>): void {
  void import('./room/roomNetwork').then((network) => network.prepareRoomNetworkAt(at));
  void import('./layout/RoomLayout');
  // The router asks for the game's code only once the app has started; the route's lazy import finds it loaded.
  void gameAt(at.pathname)?.load();
}
