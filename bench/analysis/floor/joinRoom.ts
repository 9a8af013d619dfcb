// The app's own room network, joined the way src/main.tsx does on a room address: the same module and calls, so a page
// built around it differs from the app only in what else it boots.
import { prepareRoomNetworkAt, takeRoom } from '../../../src/app/room/roomNetwork';
import type { Room } from '../../../src/sync/Room';
import type { PresenceState } from '../../../src/sync/presence/presenceMessage';
import { loadSession } from '../../../src/app/session/persistSession';

/** Joins the room of this address as the logged-in user (the bench puts the session in localStorage). */
export function joinRoomAtAddress(): Room {
  prepareRoomNetworkAt(location);
  const user = loadSession().currentUser;
  if (!user) throw new Error('stack floor: nobody is logged in');
  return takeRoom(decodeURIComponent(location.pathname.split('/')[1]), null, user);
}

/** The names of everyone present (RoomPresence.getStates(), self included), as "Connected:" lists them. */
export const presentNames = (states: ReadonlyMap<number, PresenceState>): string[] =>
  [...states.values()].map((state) => state.user.name);

/** A number shared by the room's pages (roomCounter). */
export type RoomCounter = { get(): number; subscribe(listener: () => void): () => void; act(): void };

/** The note topic a floor page's counter travels on. */
const COUNT_TOPIC = 'floor-count';

/**
 * A number every page of the room shows: act() adds one here and sends it to every linked peer as a note (the way the
 * bridge sends a log entry ahead of its change), and a peer's note sets it. The latency floor's "action".
 */
export function roomCounter(network: Room): RoomCounter {
  let value = 0;
  const listeners = new Set<() => void>();
  const set = (next: number) => {
    value = next;
    for (const listener of listeners) listener();
  };
  network.mesh.onNote(COUNT_TOPIC, (_, body) => typeof body === 'number' && set(body));
  return {
    get: () => value,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    act() {
      network.mesh.broadcastNote(COUNT_TOPIC, value + 1);
      set(value + 1);
    },
  };
}
