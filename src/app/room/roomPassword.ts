const KEY_PARAM = 'key';

/**
 * The room password of a private room. It travels in the link's fragment (#key=...), which browsers never send
 * to a server, and is remembered for this tab so moving between games keeps it.
 */
export function roomPassword(
  roomId: string,
  hash: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
): string | null {
  const fromLink = new URLSearchParams(hash.replace(/^#/, '')).get(KEY_PARAM);
  const storageKey = `game-room:key:${roomId}`;
  if (fromLink) {
    storage.setItem(storageKey, fromLink);
    return fromLink;
  }
  return storage.getItem(storageKey);
}

/** The fragment that makes a link private with this password. */
export const privateRoomHash = (password: string): string => `#${KEY_PARAM}=${encodeURIComponent(password)}`;
