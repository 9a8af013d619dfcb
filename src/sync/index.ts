/**
 * What src/sync offers: the Room (its mesh, presence, document and the bridge between game slices and the room's
 * logs) and the pieces it is built from, for tests and tools. Everything else in this folder is internal.
 */
export type { LoggedAction, SyncedGame } from './log/SyncedGame';
export {
  roomDocumentId,
  genesisBinary,
  genesisContent,
  listChange,
  type RoomDoc,
} from './document/roomIdentity';
export { createRoomRepo, type RoomRepoOptions } from './document/roomRepo';
export { RoomDocument, openRoom, type OpenRoomOptions } from './document/RoomDocument';
export { GameBridge, type GameBridgeOptions, type CaughtUpLogs } from './log/GameBridge';
export { LogCatchUp, answerLogAsks, type RoomLogs } from './log/LogCatchUp';
export { ephemeralLane, linkLane, type AheadLane } from './log/aheadLanes';
export {
  createSyncMiddleware,
  foldRestored,
  withFoldRestore,
  type LocalActionSink,
} from './log/syncMiddleware';
export { formatActionLog, parseActionLog, parseActionLogFile, type ActionLogFile } from './log/actionLog';
export { RoomPresence, type RoomPresenceOptions, type ColorStorage } from './presence/RoomPresence';
export {
  PRESENCE_COLORS,
  isPresenceState,
  type PresenceColor,
  type PresenceState,
  type PresenceUser,
} from './presence/presenceMessage';
export { WebRtcNetworkAdapter } from './document/WebRtcNetworkAdapter';
export { PeerMesh } from './mesh/PeerMesh';
export type { PeerMeshOptions } from './mesh/peerMeshOptions';
export type { IceSettings } from './link/WebRtcLinkOpener';
export { Room, type RoomJoinOptions, type RoomStartOptions, type GameSource } from './Room';
export type { OpenedRoom } from './document/openRoomDocument';
export { SignalingClient, type SignalingClientOptions } from './mesh/SignalingClient';
export { deriveRoomKey } from './mesh/roomCrypto';
export { makePeerId, browserIdOf, isSameBrowser } from './mesh/peerIds';
export { RoomEphemeral, type EphemeralListener } from './presence/RoomEphemeral';
export { DocumentList, type ListListener } from './document/DocumentList';
