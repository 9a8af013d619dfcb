/**
 * The signalling wire protocol (spec section 7), shared by the server and the browser client.
 * Dependency-free on purpose: src/sync imports this file, and signaling/ never imports src/.
 */

/** A room name used as a pub/sub topic. */
export type Topic = string;

/** A client subscribes to the rooms it wants announcements and signals for. */
export type SubscribeMessage = { type: 'subscribe'; topics: Topic[] };
/** A client leaves rooms. */
export type UnsubscribeMessage = { type: 'unsubscribe'; topics: Topic[] };
/** A client sends data to every other subscriber of a topic (the server relays it verbatim). */
export type PublishMessage = { type: 'publish'; topic: Topic; data: unknown };
/** Keep-alive; the server answers with pong. */
export type PingMessage = { type: 'ping' };
/** The server's answer to ping. */
export type PongMessage = { type: 'pong' };

/** Every message a client may send to the server. */
export type ClientMessage = SubscribeMessage | UnsubscribeMessage | PublishMessage | PingMessage;
/** Every message the server may send to a client. */
export type ServerMessage = PublishMessage | PongMessage;

/** Publish payload: a peer says it is in the room. */
export type AnnounceData = { type: 'announce'; from: string };
/** Publish payload: WebRTC signalling addressed to one peer; token breaks ties between simultaneous offers. */
export type SignalData = { type: 'signal'; to: string; from: string; token: number; signal: unknown };
/** What travels inside a publish between browsers (when the room has no password). */
export type PeerData = AnnounceData | SignalData;

/** Limits the server enforces; the client stays well inside them. */
export const LIMITS = {
  maxFrameBytes: 64 * 1024,
  maxTopicsPerSocket: 64,
  maxTopicLength: 256,
  maxBufferedBytes: 1024 * 1024,
  maxConnections: 10_000,
  idleTimeoutMs: 30_000,
  /** Token bucket per socket: sustained messages per second, and the burst it may spend at once. */
  maxMessagesPerSecond: 200,
  messageBurst: 400,
  /** A socket that has this many messages dropped by the rate limit within floodWindowMs is closed. */
  floodDropLimit: 1000,
  floodWindowMs: 10_000,
} as const;

/** The WebSocket path the client connects to (the server accepts an upgrade on any path). */
export const SIGNAL_PATH = '/signal';
/** Where the app fetches its runtime config. */
export const CONFIG_PATH = '/config.json';

/** One ICE server as RTCPeerConnection takes it (structurally an RTCIceServer). */
export type IceServer = { urls: string | string[]; username?: string; credential?: string };
/** Which ICE candidates a peer connection may use: 'relay' forces every connection through TURN. */
export type IceTransportPolicy = 'all' | 'relay';
/** What GET /config.json returns: settings a deployment may change without a rebuild. */
export type RuntimeConfig = { iceServers: IceServer[]; iceTransportPolicy?: IceTransportPolicy };

/** The five public STUN servers the product uses by default (spec section 7). */
export const DEFAULT_ICE_SERVERS: readonly IceServer[] = [
  { urls: 'stun:stun.l.google.com:19302' },
  { urls: 'stun:stun1.l.google.com:19302' },
  { urls: 'stun:stun2.l.google.com:19302' },
  { urls: 'stun:stun3.l.google.com:19302' },
  { urls: 'stun:stun4.l.google.com:19302' },
];

/** Client connection upkeep (spec section 9). */
export const UPKEEP = {
  reconnectMinMs: 1200,
  reconnectMaxMs: 2500,
  pingIntervalMs: 15_000,
  silenceTimeoutMs: 30_000,
} as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isTopicList = (v: unknown): v is Topic[] =>
  Array.isArray(v) &&
  v.every((t) => typeof t === 'string' && t.length > 0 && t.length <= LIMITS.maxTopicLength);

/** True when v is a well-formed message a client may send. */
export function isClientMessage(v: unknown): v is ClientMessage {
  if (!isObject(v)) return false;
  switch (v.type) {
    case 'subscribe':
    case 'unsubscribe':
      return isTopicList(v.topics);
    case 'publish':
      return (
        typeof v.topic === 'string' &&
        v.topic.length > 0 &&
        v.topic.length <= LIMITS.maxTopicLength &&
        'data' in v
      );
    case 'ping':
      return true;
    default:
      return false;
  }
}

/** True when v is a well-formed message from the server. */
export function isServerMessage(v: unknown): v is ServerMessage {
  if (!isObject(v)) return false;
  if (v.type === 'pong') return true;
  return v.type === 'publish' && typeof v.topic === 'string' && 'data' in v;
}

/** True when v is an announce payload. */
export function isAnnounceData(v: unknown): v is AnnounceData {
  return isObject(v) && v.type === 'announce' && typeof v.from === 'string';
}

/** True when v is a signal payload. */
export function isSignalData(v: unknown): v is SignalData {
  return (
    isObject(v) &&
    v.type === 'signal' &&
    typeof v.to === 'string' &&
    typeof v.from === 'string' &&
    typeof v.token === 'number' &&
    'signal' in v
  );
}

const isUrlList = (v: unknown): boolean =>
  typeof v === 'string' || (Array.isArray(v) && v.length > 0 && v.every((u) => typeof u === 'string'));
const isOptionalString = (v: unknown): boolean => v === undefined || typeof v === 'string';

/** True when v is one well-formed ICE server entry. */
export function isIceServer(v: unknown): v is IceServer {
  return isObject(v) && isUrlList(v.urls) && isOptionalString(v.username) && isOptionalString(v.credential);
}

/** True when v is 'all' or 'relay'. */
export function isIceTransportPolicy(v: unknown): v is IceTransportPolicy {
  return v === 'all' || v === 'relay';
}

/** True when v is a well-formed runtime config (what /config.json serves). */
export function isRuntimeConfig(v: unknown): v is RuntimeConfig {
  return (
    isObject(v) &&
    Array.isArray(v.iceServers) &&
    v.iceServers.every(isIceServer) &&
    (v.iceTransportPolicy === undefined || isIceTransportPolicy(v.iceTransportPolicy))
  );
}
