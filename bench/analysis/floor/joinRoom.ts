// The app's own room network, joined the way src/main.tsx does on a room address: the same module and calls, so a page
// built around it differs from the app only in what else it boots.
import { prepareRoomNetworkAt, takeRoomNetwork, type RoomNetwork } from '../../../src/app/room/roomNetwork';
import type { PresenceState } from '../../../src/sync/presenceMessage';
import { loadSession } from '../../../src/app/session/persistSession';

/** Joins the room of this address as the logged-in user (the bench puts the session in localStorage). */
export function joinRoomAtAddress(): RoomNetwork {
  prepareRoomNetworkAt(location);
  const user = loadSession().currentUser;
  if (!user) throw new Error('stack floor: nobody is logged in');
  return takeRoomNetwork(decodeURIComponent(location.pathname.split('/')[1]), null, user);
}

/** The names of everyone present (RoomPresence.getStates(), self included), as "Connected:" lists them. */
export const presentNames = (states: ReadonlyMap<number, PresenceState>): string[] =>
  [...states.values()].map((state) => state.user.name);
