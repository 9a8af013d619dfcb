// Imported file by file rather than through src/sync's index: that index brings Automerge and its wasm, and this
// module must run before they load.
import { Room } from '../../sync/Room';
import type { PresenceUser } from '../../sync/presence/presenceMessage';
import { makePeerId } from '../../sync/mesh/peerIds';
import { SIGNAL_PATH } from '../../../protocol/signaling.ts';
import { randomId } from '../session/randomId';
import { browserId } from '../session/browserId';
import { loadSession } from '../session/persistSession';
import { roomPassword } from './roomPassword';
import { loadRuntimeConfig } from './runtimeConfig';

let prepared: { key: string; room: Room } | null = null;
/** The room a provider took last: preparing it again while it is live would join the room a second time. */
let taken: { key: string; room: Room } | null = null;

// A room met before anyone logged in (user null) is keyed apart: Go names the user in it (Room.present).
const keyOf = (roomId: string, password: string | null, user: PresenceUser | null) =>
  JSON.stringify([roomId, password, user?.id ?? null, user?.name ?? null, user?.color ?? null]);

function joinRoom(roomId: string, password: string | null, user: PresenceUser | null): Room {
  // The config request goes first (it is the room code's start); the signalling socket opens without waiting for it
  // or for simple-peer, which the mesh loads beside it and awaits only to dial or answer a peer.
  const iceSettings = loadRuntimeConfig();
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return Room.join({
    roomName: roomId,
    signalingUrl: `${scheme}://${location.host}${SIGNAL_PATH}`,
    iceSettings,
    password: password ?? undefined,
    peerId: makePeerId(browserId(), randomId(8)),
    user: user ?? undefined,
    colorStorage: localStorage,
  });
}

/**
 * On a room's address, starts meeting the room's peers at once (signalling, dialling, WebRTC handshakes) while the app,
 * Automerge's wasm and the stored room still load; the room provider then takes this room. With nobody logged in yet
 * (a room link's login page), the page meets the room while the name is typed, unlisted, and takes the logs its peers
 * send: Go names the user in that room, so the others list them at once and a late joiner's table is there to show.
 */
export function prepareRoomNetworkAt({ pathname, hash }: Pick<Location, 'pathname' | 'hash'>): void {
  const roomId = /^\/([^/]+)/.exec(pathname)?.[1];
  if (!roomId) return;
  const user = loadSession().currentUser;
  const roomName = decodeURIComponent(roomId);
  const password = roomPassword(roomName, hash);
  // What Go needs beyond the room's links loads while the name is typed.
  if (!user) Room.warm();
  const key = keyOf(roomName, password, user);
  // Go prepares the room while its route renders: the provider may have taken (joined) it already.
  if (prepared?.key === key || (taken?.key === key && !taken.room.disposed)) return;
  if (user && takeUnnamed(roomName, password, user)) return;
  prepared?.room.dispose();
  prepared = { key, room: joinRoom(roomName, password, user) };
}

// The room met before anyone logged in, when it is this one: the user is named in it, and it is prepared for them.
function takeUnnamed(roomName: string, password: string | null, user: PresenceUser): boolean {
  if (prepared?.key !== keyOf(roomName, password, null) || prepared.room.disposed) return false;
  prepared.room.present(user);
  prepared = { key: keyOf(roomName, password, user), room: prepared.room };
  return true;
}

/** The room: the one prepared for this room, password and user (taken once), else a newly joined one. */
export function takeRoom(roomId: string, password: string | null, user: PresenceUser): Room {
  takeUnnamed(roomId, password, user);
  const key = keyOf(roomId, password, user);
  const early = prepared;
  prepared = null;
  if (early && early.key !== key) early.room.dispose();
  const room = early?.key === key ? early.room : joinRoom(roomId, password, user);
  taken = { key, room };
  return room;
}
