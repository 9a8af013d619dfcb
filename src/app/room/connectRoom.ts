// Automerge's wasm entry first: the transports import automerge-repo's slim entry, which expects it loaded.
import '@automerge/automerge';
import { BroadcastChannelNetworkAdapter } from '@automerge/automerge-repo-network-broadcastchannel';
import { IndexedDBStorageAdapter } from '@automerge/automerge-repo-storage-indexeddb';
import type { PeerId } from '@automerge/automerge-repo';
import type { UnknownAction } from '@reduxjs/toolkit';
import {
  answerLogAsks,
  createRoomRepo,
  GameBridge,
  linkLane,
  openRoom,
  RoomEphemeral,
  type RoomDocument,
  RoomPresence,
  WebRtcNetworkAdapter,
  type LoggedAction,
} from '../../sync';
import { GAME_NAMES } from '../games';
import { onGameLoaded } from './gameRegistry';
import { setActiveBridge } from './activeBridge';
import { roomGenesis } from './roomGenesis';
import { leave, type RoomNetwork } from './roomNetwork';

/**
 * What opening a room's document needs: its name, the optional password, the room's network (taken with
 * takeRoomNetwork, so presence runs before this module and Automerge have loaded), the store's dispatch and where
 * rejections go.
 */
export type ConnectRoomOptions = {
  roomId: string;
  password: string | null;
  network: RoomNetwork;
  dispatch: (action: UnknownAction) => unknown;
  onRejected: (reason: string, action: LoggedAction) => void;
};

/** A joined room: its bridge to the store, its presence, and one dispose that releases everything. */
export type RoomConnection = {
  bridge: GameBridge;
  /** The room's document (browser tests reach it through the test hooks to write what a modified page would). */
  room: RoomDocument;
  presence: RoomPresence;
  /** Fleeting messages for games (e.g. avatar positions), never stored. */
  ephemeral: RoomEphemeral;
  webrtc: WebRtcNetworkAdapter;
  peerId: string;
  /** Writes what storage does not hold yet (a closing tab asks, so nothing received is lost). */
  flush(): Promise<void>;
  dispose(): void;
};

/**
 * Opens a room's document on its network: IndexedDB first, then BroadcastChannel to other tabs and WebRTC to other
 * browsers; games fold into the store. The connection's dispose (or a failure) leaves the network.
 */
export async function connectRoom({
  roomId,
  password,
  network,
  dispatch,
  onRejected,
}: ConnectRoomOptions): Promise<RoomConnection> {
  try {
    return await openConnection({ roomId, password, network, dispatch, onRejected });
  } catch (error) {
    leave(network);
    throw error;
  }
}

async function openConnection({
  roomId,
  password,
  network: { peerId, webrtc, presence, catchUp },
  dispatch,
  onRejected,
}: ConnectRoomOptions): Promise<RoomConnection> {
  // Tabs with another password must not meet: the channel name carries a digest of it.
  const channelSuffix = password ? `:${await digest(`${roomId}:${password}`)}` : '';
  const broadcast = new BroadcastChannelNetworkAdapter({
    channelName: `game-room:${roomId}${channelSuffix}`,
  });
  const storage = new IndexedDBStorageAdapter('game-room');
  const repo = createRoomRepo({ network: [broadcast, webrtc], storage, peerId: peerId as PeerId });
  const room = await openRoom({ repo, roomName: roomId, gameNames: GAME_NAMES, genesis: roomGenesis() });
  presence.attach(room);
  // From here the bridge shows what peers send ahead of the document, and this page answers late joiners in turn.
  catchUp.stopAsking();
  const stopAnswering = answerLogAsks(webrtc, () => room.logTexts());
  const ephemeral = new RoomEphemeral(room);
  const bridge = new GameBridge({ room, dispatch, onRejected, catchUp, aheadLane: linkLane(webrtc) });
  const stopGames = onGameLoaded((game) => void bridge.addGame(game));
  setActiveBridge(bridge);
  return {
    bridge,
    room,
    presence,
    ephemeral,
    webrtc,
    peerId,
    // A move made just before the page closes is written first: its change waits for the task after the click.
    flush: () => (bridge.flushWrites(), repo.flush()),
    dispose() {
      setActiveBridge(null);
      stopGames();
      stopAnswering();
      catchUp.dispose();
      presence.dispose();
      ephemeral.dispose();
      bridge.dispose();
      room.dispose();
      void repo.shutdown();
    },
  };
}

async function digest(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(bytes.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}
