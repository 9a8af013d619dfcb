import { createContext, useContext, useSyncExternalStore } from 'react';
import { Listeners } from '../sync/document/Listeners';

/**
 * The app started ahead at a room behind a room link's login page (startRoomAhead) waits for the person's Go: its room
 * renders for the user-to-be, hidden, and joins nothing until then. Opened once.
 */
export class RoomAheadGate {
  #waiting = true;
  readonly #listeners = new Listeners<[]>('room ahead');

  get waiting(): boolean {
    return this.#waiting;
  }

  subscribe = (listener: () => void): (() => void) => this.#listeners.subscribe(listener);

  open(): void {
    this.#waiting = false;
    this.#listeners.tell();
  }
}

/** The gate of an app started ahead; null in an app started at its address. */
export const RoomAheadContext = createContext<RoomAheadGate | null>(null);

const nothing = () => () => {};

/** Whether this app still waits, rendered ahead, for the person's Go (re-renders the caller when it ends). */
export function useWaitingAhead(): boolean {
  const gate = useContext(RoomAheadContext);
  return useSyncExternalStore(gate?.subscribe ?? nothing, () => gate?.waiting ?? false);
}
