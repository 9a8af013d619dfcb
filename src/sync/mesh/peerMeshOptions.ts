import type { Message, PeerMetadata } from '@automerge/automerge-repo/slim';
import type { IceServer } from '../../../protocol/signaling.ts';
import type { SimplePeerConstructor } from '../link/PeerLink.ts';
import type { PeerLimits } from '../link/peerLimits.ts';
import type { IceSettings } from '../link/WebRtcLinkOpener.ts';
import type { SignalingSocketConstructor } from './SignalingClient.ts';

/** Options of a PeerMesh; roomName and signalingUrl are required. */
export type PeerMeshOptions = {
  /** The room, used as the signalling topic. */
  roomName: string;
  /** e.g. ws://host:port/signal */
  signalingUrl: string;
  iceServers?: IceServer[];
  /** 'relay' forces traffic through TURN (deployments behind strict NATs); 'all' by default. */
  iceTransportPolicy?: 'all' | 'relay';
  /**
   * The ICE settings when they are still being fetched (they replace iceServers and iceTransportPolicy): signalling
   * starts at once, and dialling or answering waits for them.
   */
  iceSettings?: Promise<IceSettings>;
  /** When set, every signalling payload is sealed with a key derived from it (roomCrypto). */
  password?: string;
  /** Defaults to the browser's WebSocket. */
  WebSocket?: SignalingSocketConstructor;
  /** How a closing page posts its last words (PeerMesh.sayLastWords): the browser's sendBeacon unless given (tests). */
  sendBeacon?: (url: string, body: string) => boolean;
  /** Defaults to simple-peer's browser bundle, loaded on first connect. */
  SimplePeer?: SimplePeerConstructor;
  /** A WebRTC implementation for Node (`@roamhq/wrtc`). */
  wrtc?: unknown;
  /** Defaults to 20 + a random 0..15, drawn once per mesh. */
  maxConnections?: number;
  /** Peers never dialled nor answered; defaults to tabs of this browser (same browser id, see peerIds). */
  skipPeer?: (peerId: string) => boolean;
  random?: () => number;
  handshakeTimeoutMs?: number;
  /** How long after joining the room whenReady waits for a first peer before resolving anyway (default 1500). */
  peerWaitMs?: number;
  log?: (message: string, detail?: unknown) => void;
  /** What one peer may send before it is dropped and, for a while, neither dialled nor answered (PEER_LIMITS). */
  limits?: PeerLimits;
  /**
   * How long a link may take to open before the peers talk through the server's relay (RELAY_AFTER_MS). With TURN
   * configured, a WebRTC attempt still under way is given until TURN_GRACE_MS whatever this says.
   */
  relayAfterMs?: number;
  /** When a relayed link tries a direct one again (DIRECT_RETRY_MS). */
  directRetryMs?: { first: number; max: number };
};

/**
 * What the Repo's side of the mesh is told (the room's WebRtcNetworkAdapter): a linked peer's Repo said hello, its link
 * closed, a Repo message arrived.
 */
export type RepoLinks = {
  peerOpened(peerId: string, metadata: PeerMetadata): void;
  peerClosed(peerId: string): void;
  message(message: Message): void;
};
