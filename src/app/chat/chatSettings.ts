// What a person chose about the chat on this browser, remembered in localStorage: whether it shows, and whom they
// muted. Each is a React value that follows changes in this tab.
import { useSyncExternalStore } from 'react';

/** A value remembered in localStorage under one key, with its readers told of each change. */
type Remembered<T> = { get(): T; set(value: T): void; use(): T };

function remembered<T>(
  key: string,
  parse: (text: string | null) => T,
  format: (value: T) => string,
): Remembered<T> {
  const listeners = new Set<() => void>();
  let value: T | undefined;
  const get = (): T => {
    if (value === undefined) {
      try {
        value = parse(localStorage.getItem(key));
      } catch {
        value = parse(null);
      }
    }
    return value;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    get,
    set(next) {
      value = next;
      try {
        localStorage.setItem(key, format(next));
      } catch {
        // Storage may be refused (private mode): the choice then lasts for this page.
      }
      listeners.forEach((listener) => listener());
    },
    use: () => useSyncExternalStore(subscribe, get, get),
  };
}

const chatShown = remembered(
  'game-room-chat',
  (text) => text !== 'off',
  (on) => (on ? 'on' : 'off'),
);

// At most this many people muted: the list is this browser's, but bounded all the same.
const MAX_MUTED = 500;

const parseMuted = (text: string | null): readonly string[] => {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value)
      ? value.filter((id): id is string => typeof id === 'string').slice(-MAX_MUTED)
      : [];
  } catch {
    return [];
  }
};

const mutedUsers = remembered('game-room-chat-muted', parseMuted, (ids) => JSON.stringify(ids));

/** Whether the chat and the quick reactions show (on unless the person switched them off). */
export const useChatShown = (): boolean => chatShown.use();

/** Shows or hides the chat and the quick reactions, and remembers it. */
export const setChatShown = (on: boolean): void => chatShown.set(on);

/** The user ids this person muted, on this browser. */
export const useMutedUsers = (): readonly string[] => mutedUsers.use();

/** Mutes a user (their messages and reactions no longer show here), or unmutes them; remembered. */
export function setMuted(userId: string, muted: boolean): void {
  const now = mutedUsers.get().filter((id) => id !== userId);
  mutedUsers.set(muted ? [...now, userId].slice(-MAX_MUTED) : now);
}

/** Unmutes everyone. */
export const unmuteAll = (): void => mutedUsers.set([]);
