import { useSyncExternalStore } from 'react';

// Remembered per browser: a player who turned the table's sounds off keeps them off in every room.
const KEY = 'okey-sound';
const listeners = new Set<() => void>();

/** Whether the Okey table plays its sounds (on unless the player turned them off). */
export function soundOn(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Turns the table's sounds on or off, and remembers it. */
export function setSoundOn(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Storage may be refused (private mode): the choice then lasts for this page.
  }
  remembered = on;
  listeners.forEach((listener) => listener());
}

let remembered: boolean | null = null;

/** The sound setting as a React value that follows changes. */
export function useSoundOn(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (remembered ??= soundOn()),
  );
}
