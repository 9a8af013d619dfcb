import { randomId } from './randomId';

const BROWSER_ID_KEY = 'game-room:browser';

/**
 * A stable id for this browser profile, so tabs of one browser reach each other over BroadcastChannel only (peer ids
 * start with it: sync/peerIds). Made when a person logs in, long before two tabs of a room can open: localStorage has
 * no compare-and-set, and two tabs that made it at once each kept their own and dialled the other as a stranger.
 */
export function browserId(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): string {
  let id = storage.getItem(BROWSER_ID_KEY);
  if (!id || !/^[0-9a-z]{12}$/.test(id)) storage.setItem(BROWSER_ID_KEY, (id = randomId(12)));
  return id;
}
