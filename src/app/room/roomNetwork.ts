// Imported file by file rather than through src/sync's index: that index brings Automerge and its wasm, and this
// module must run before they load.
import { WebRtcNetworkAdapter } from '../../sync/WebRtcNetworkAdapter';
import { RoomPresence } from '../../sync/RoomPresence';
import { LogCatchUp } from '../../sync/LogCatchUp';
import type { PresenceUser } from '../../sync/presenceMessage';
import { makePeerId } from '../../sync/peerIds';
import { SIGNAL_PATH } from '../../../signaling/protocol';
import { randomId } from '../session/randomId';
import { browserId } from '../session/browserId';
import { loadSession } from '../session/persistSession';
import { roomPassword } from './roomPassword';
import { loadRuntimeConfig } from './runtimeConfig';

/**
 * This tab's way into a room's peers: its peer id, a WebRTC adapter that has joined the room as it, its presence,
 * which greets each peer as its data channel opens (the room document attaches to it later), and the catch-up that asks
 * those peers for the room's logs until the document is open.
 */
export type RoomNetwork = {
  peerId: string;
  webrtc: WebRtcNetworkAdapter;
  presence: RoomPresence;
  catchUp: LogCatchUp;
};

let prepared: { key: string; network: RoomNetwork } | null = null;

const keyOf = (roomId: string, password: string | null, user: PresenceUser) =>
  JSON.stringify([roomId, password, user.id, user.name, user.color]);

function joinRoomNetwork(roomId: string, password: string | null, user: PresenceUser): RoomNetwork {
  // The config request goes first (it is the room code's start); the signalling socket opens without waiting for it
  // or for simple-peer, which the adapter loads beside it and awaits only to dial or answer a peer.
  const iceSettings = loadRuntimeConfig();
  const peerId = makePeerId(browserId(), randomId(8));
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const webrtc = new WebRtcNetworkAdapter({
    roomName: roomId,
    signalingUrl: `${scheme}://${location.host}${SIGNAL_PATH}`,
    iceSettings,
    password: password ?? undefined,
  });
  // Before joining, so the first link already carries the greetings.
  const presence = new RoomPresence({ greetings: webrtc, user, storage: localStorage });
  const catchUp = new LogCatchUp(webrtc);
  webrtc.join(peerId);
  return { peerId, webrtc, presence, catchUp };
}

/** Leaves a room's network: presence says goodbye and every link closes. */
export function leave(network: RoomNetwork): void {
  network.presence.dispose();
  network.catchUp.dispose();
  network.webrtc.disconnect();
}

/**
 * On a room's address with someone logged in, starts meeting the room's peers at once (signalling, dialling, WebRTC
 * handshakes) while the app, Automerge's wasm and the stored room still load; connectRoom then takes this network.
 */
export function prepareRoomNetworkAt({ pathname, hash }: Pick<Location, 'pathname' | 'hash'>): void {
  const roomId = /^\/([^/]+)/.exec(pathname)?.[1];
  const user = loadSession().currentUser;
  if (!roomId || !user) return;
  const roomName = decodeURIComponent(roomId);
  const password = roomPassword(roomName, hash);
  const key = keyOf(roomName, password, user);
  if (prepared?.key === key) return;
  if (prepared) leave(prepared.network);
  prepared = { key, network: joinRoomNetwork(roomName, password, user) };
}

/** The room's network: the one prepared for this room, password and user (taken once), else a newly joined one. */
export function takeRoomNetwork(roomId: string, password: string | null, user: PresenceUser): RoomNetwork {
  const early = prepared;
  prepared = null;
  if (early?.key === keyOf(roomId, password, user)) return early.network;
  if (early) leave(early.network);
  return joinRoomNetwork(roomId, password, user);
}
