/**
 * What src/sync offers: the Room (its mesh, presence, document and the bridge between game slices and the room's
 * logs) and the pieces it is built from, for tests and tools. Everything else in this folder is internal.
 */
export type { LoggedAction, SyncedGame } from './SyncedGame';
export { roomDocumentId, genesisBinary, genesisContent, type RoomDoc } from './roomIdentity';
export { createRoomRepo, type RoomRepoOptions } from './roomRepo';
export { RoomDocument, openRoom, type OpenRoomOptions } from './RoomDocument';
export { GameBridge, type GameBridgeOptions, type CaughtUpLogs } from './GameBridge';
export { LogCatchUp, answerLogAsks, type RoomLogs } from './LogCatchUp';
export { ephemeralLane, linkLane, type AheadLane } from './aheadLanes';
export { createSyncMiddleware, foldRestored, withFoldRestore, type LocalActionSink } from './syncActions';
export { formatActionLog, parseActionLog, parseActionLogFile, type ActionLogFile } from './actionLog';
export { RoomPresence, type RoomPresenceOptions, type ColorStorage } from './RoomPresence';
export {
  PRESENCE_COLORS,
  isPresenceState,
  type PresenceColor,
  type PresenceState,
  type PresenceUser,
} from './presenceMessage';
export { WebRtcNetworkAdapter } from './WebRtcNetworkAdapter';
export { PeerMesh, type PeerMeshOptions, type IceSettings } from './PeerMesh';
export { Room, type RoomJoinOptions, type RoomStartOptions, type GameSource } from './Room';
export type { OpenedRoom } from './openRoomDocument';
export { SignalingClient, type SignalingClientOptions } from './SignalingClient';
export { deriveRoomKey } from './roomCrypto';
export { makePeerId, browserIdOf, isSameBrowser } from './peerIds';
export { RoomEphemeral, type EphemeralListener } from './RoomEphemeral';
