import { createContext, useContext, useSyncExternalStore } from 'react';
import { Listeners } from '../sync/document/Listeners';

/**
 * The app started ahead at a room behind a room link's login page (startRoomAhead) waits for the person's Go: its room
 * renders for the user-to-be, hidden, and joins nothing until then. Go shows it (`show`: the app's global styles come
 * in), and once that frame is painted the room joins (`open`): the board shows first, the peers hear of the person a
 * frame later.
 */
export class RoomAheadGate {
  #shown = false;
  #open = false;
  readonly #listeners = new Listeners<[]>('room ahead');

  get shown(): boolean {
    return this.#shown;
  }

  get open(): boolean {
    return this.#open;
  }

  subscribe = (listener: () => void): (() => void) => this.#listeners.subscribe(listener);

  show(): void {
    this.#shown = true;
    this.#listeners.tell();
  }

  /** Opens the gate once the frame that shows the room is painted (or soon, on a hidden page, which paints nothing). */
  openAfterPaint(): void {
    const open = () => {
      if (this.#open) return;
      this.#open = true;
      this.#listeners.tell();
    };
    requestAnimationFrame(() => setTimeout(open));
    setTimeout(open, 100);
  }
}

/** The gate of an app started ahead; null in an app started at its address. */
export const RoomAheadContext = createContext<RoomAheadGate | null>(null);

const nothing = () => () => {};

/** Whether this app is rendered ahead and not shown yet (re-renders the caller when that ends). */
export function useHiddenAhead(): boolean {
  const gate = useContext(RoomAheadContext);
  return useSyncExternalStore(gate?.subscribe ?? nothing, () => (gate ? !gate.shown : false));
}

/** Whether this app's room, rendered ahead, may not join yet (re-renders the caller when that ends). */
export function useWaitingAhead(): boolean {
  const gate = useContext(RoomAheadContext);
  return useSyncExternalStore(gate?.subscribe ?? nothing, () => (gate ? !gate.open : false));
}
