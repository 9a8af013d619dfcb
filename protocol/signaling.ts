/**
 * The signalling wire protocol, shared by the server and the browser client: one valibot schema per
 * message, the types inferred from them. It sits below both (protocol/): the server (signaling/) and the browser
 * (src/) import it, and it imports neither; its only import is valibot (small, tree-shaken).
 */
import * as v from 'valibot';

/** Limits the server enforces; the client stays well inside them. */
export const LIMITS = {
  maxFrameBytes: 64 * 1024,
  maxTopicsPerSocket: 64,
  maxTopicLength: 256,
  /** Topics one subscribe or unsubscribe may name; a longer list is malformed (a page names one room). */
  maxTopicsPerMessage: 1024,
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

/**
 * Bounds of what browsers put inside a publish (the server relays it unread), far above any honest value: a peer id
 * has 21 characters, a data-channel offer's SDP about 1 KB, an ICE candidate about 150 characters.
 */
export const PEER_DATA_LIMITS = {
  maxPeerIdLength: 256,
  maxSdpLength: LIMITS.maxFrameBytes,
  maxCandidateLength: 4096,
  maxSdpMidLength: 256,
} as const;

/** Bounds of a runtime config (what /config.json and ICE_SERVERS may hold). */
export const CONFIG_LIMITS = {
  maxIceServers: 32,
  maxUrlsPerServer: 32,
  maxIceTextLength: 1024,
} as const;

/** The WebSocket path the client connects to (the server accepts an upgrade on any path). */
export const SIGNAL_PATH = '/signal';
/** Where the app fetches its runtime config. */
export const CONFIG_PATH = '/config.json';
/** Where a closing page posts its last words (sendBeacon, which outlives the page): published on the room's topic. */
export const BEACON_PATH = '/beacon';
/**
 * Bounds of beacons: the most bytes one may hold (a page's last few log entries fit many times over), and how many one
 * address may post, as a token bucket. Every closing page posts one (its goodbye), and many players may share an
 * address behind a carrier's NAT: a burst of 60, then ten a second.
 */
export const BEACON_LIMITS = { maxBytes: 16 * 1024, burst: 60, perSecond: 10 } as const;
/** A page's last words: at most this many notes, each of a topic of at most maxTopicLength characters. */
export const LAST_WORDS_LIMITS = { maxNotes: 8, maxTopicLength: 64 } as const;

const boundedString = (maxLength: number) => v.pipe(v.string(), v.maxLength(maxLength));

/** A room name used as a pub/sub topic: 1 to LIMITS.maxTopicLength characters. */
export const TopicSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(LIMITS.maxTopicLength));
/** A room name used as a pub/sub topic. */
export type Topic = v.InferOutput<typeof TopicSchema>;

const PeerIdSchema = v.pipe(v.string(), v.minLength(1), v.maxLength(PEER_DATA_LIMITS.maxPeerIdLength));

const TopicListSchema = v.pipe(v.array(TopicSchema), v.maxLength(LIMITS.maxTopicsPerMessage));

/** A client subscribes to the rooms it wants announcements and signals for. */
export const SubscribeMessageSchema = v.object({ type: v.literal('subscribe'), topics: TopicListSchema });
/** A client subscribes to the rooms it wants announcements and signals for. */
export type SubscribeMessage = v.InferOutput<typeof SubscribeMessageSchema>;
/** A client leaves rooms. */
export const UnsubscribeMessageSchema = v.object({ type: v.literal('unsubscribe'), topics: TopicListSchema });
/** A client leaves rooms. */
export type UnsubscribeMessage = v.InferOutput<typeof UnsubscribeMessageSchema>;
/** A client sends data to every other subscriber of a topic (the server relays it verbatim; the frame bounds it). */
export const PublishMessageSchema = v.object({
  type: v.literal('publish'),
  topic: TopicSchema,
  data: v.unknown(),
});
/** A client sends data to every other subscriber of a topic. */
export type PublishMessage = v.InferOutput<typeof PublishMessageSchema>;
/** Keep-alive; the server answers with pong. */
export const PingMessageSchema = v.object({ type: v.literal('ping') });
/** Keep-alive; the server answers with pong. */
export type PingMessage = v.InferOutput<typeof PingMessageSchema>;
/** The server's answer to ping. */
export const PongMessageSchema = v.object({ type: v.literal('pong') });
/** The server's answer to ping. */
export type PongMessage = v.InferOutput<typeof PongMessageSchema>;

/**
 * A client says which peer it is in a room it subscribed to, so that peers of the room may relay their link's frames
 * to it through the server (relayed frames travel as binary messages: encodeRelayFrame). Said again after every
 * reconnect.
 */
export const EnterMessageSchema = v.object({
  type: v.literal('enter'),
  topic: TopicSchema,
  peer: PeerIdSchema,
});
/** A client says which peer it is in a room, to be relayed to. */
export type EnterMessage = v.InferOutput<typeof EnterMessageSchema>;
/**
 * The server says relayed frames to and from peer in topic no longer pass (it left, or its relay was cut). Said to the
 * peer itself, its own relay is off (cut, or RELAY=off): it keeps to direct links.
 */
export const LeftMessageSchema = v.object({
  type: v.literal('left'),
  topic: TopicSchema,
  peer: PeerIdSchema,
});
/** The server says relayed frames to and from peer in topic no longer pass. */
export type LeftMessage = v.InferOutput<typeof LeftMessageSchema>;

/** Every message a client may send to the server. */
export const ClientMessageSchema = v.variant('type', [
  SubscribeMessageSchema,
  UnsubscribeMessageSchema,
  PublishMessageSchema,
  PingMessageSchema,
  EnterMessageSchema,
]);
/** Every message a client may send to the server. */
export type ClientMessage = v.InferOutput<typeof ClientMessageSchema>;
/** Every message the server may send to a client. */
export const ServerMessageSchema = v.variant('type', [
  PublishMessageSchema,
  PongMessageSchema,
  LeftMessageSchema,
]);
/** Every message the server may send to a client. */
export type ServerMessage = v.InferOutput<typeof ServerMessageSchema>;

/** True when value is a well-formed message a client may send. */
export const isClientMessage = (value: unknown): value is ClientMessage => v.is(ClientMessageSchema, value);
/** True when value is a well-formed message from the server. */
export const isServerMessage = (value: unknown): value is ServerMessage => v.is(ServerMessageSchema, value);

/** Publish payload: a peer says it is in the room. */
export const AnnounceDataSchema = v.object({ type: v.literal('announce'), from: PeerIdSchema });
/** Publish payload: a peer says it is in the room. */
export type AnnounceData = v.InferOutput<typeof AnnounceDataSchema>;

/**
 * The signals simple-peer's signal() reads, as simple-peer emits them: an offer or answer's SDP, an ICE candidate, or
 * a request to renegotiate; never a request for media transceivers (a room opens data channels only), nor a key
 * simple-peer would act on that is not listed here.
 */
export const PeerSignalSchema = v.pipe(
  v.strictObject({
    type: v.optional(v.picklist(['offer', 'answer', 'candidate', 'renegotiate'])),
    sdp: v.optional(boundedString(PEER_DATA_LIMITS.maxSdpLength)),
    candidate: v.optional(
      v.union([
        boundedString(PEER_DATA_LIMITS.maxCandidateLength),
        v.strictObject({
          candidate: boundedString(PEER_DATA_LIMITS.maxCandidateLength),
          sdpMLineIndex: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(65_535))),
          sdpMid: v.nullish(boundedString(PEER_DATA_LIMITS.maxSdpMidLength)),
          usernameFragment: v.nullish(boundedString(PEER_DATA_LIMITS.maxSdpMidLength)),
        }),
      ]),
    ),
    renegotiate: v.optional(v.literal(true)),
  }),
  v.check((s) => s.sdp !== undefined || s.candidate !== undefined || s.renegotiate === true),
);

/** Publish payload: WebRTC signalling addressed to one peer; token breaks ties between simultaneous offers. */
export const SignalDataSchema = v.object({
  type: v.literal('signal'),
  to: PeerIdSchema,
  from: PeerIdSchema,
  token: v.pipe(v.number(), v.finite()),
  // Typed unknown: a sender passes on what simple-peer emitted, and only simple-peer reads it.
  signal: v.custom<unknown>((s) => v.is(PeerSignalSchema, s)),
});
/** Publish payload: WebRTC signalling addressed to one peer. */
export type SignalData = v.InferOutput<typeof SignalDataSchema>;
/**
 * Publish payload: what a closing page's peers should still hear from it, the notes it sent last on topics that last
 * (its last moves ahead of their document changes). A closing page has no socket: it posts them as a beacon.
 */
export const LastWordsDataSchema = v.object({
  type: v.literal('lastWords'),
  from: PeerIdSchema,
  notes: v.pipe(
    v.array(v.object({ topic: boundedString(LAST_WORDS_LIMITS.maxTopicLength), body: v.unknown() })),
    v.maxLength(LAST_WORDS_LIMITS.maxNotes),
  ),
});
/** Publish payload: a closing page's last notes. */
export type LastWordsData = v.InferOutput<typeof LastWordsDataSchema>;
/** What travels inside a publish between browsers (when the room has no password). */
export type PeerData = AnnounceData | SignalData | LastWordsData;
/** True when value is a closing page's last words within their bounds (each note is its topic's to check). */
export const isLastWordsData = (value: unknown): value is LastWordsData => v.is(LastWordsDataSchema, value);

/** A beacon's body: data to publish on a topic, as a socket's publish carries it (sealed in a private room). */
export const BeaconSchema = v.object({ topic: TopicSchema, data: v.unknown() });

/** True when value is an announce payload. */
export const isAnnounceData = (value: unknown): value is AnnounceData => v.is(AnnounceDataSchema, value);
/** True when value is a signal payload whose signal is one simple-peer emits. */
export const isSignalData = (value: unknown): value is SignalData => v.is(SignalDataSchema, value);

/**
 * What one peer may send over one link within a window: the browser's link limits (peerLimits) and the server's relay
 * budget per connection (counted per relayed frame) are both these.
 */
export const LINK_RATE_LIMITS = {
  windowMs: 10_000,
  maxMessagesPerWindow: 4_000,
  maxBytesPerWindow: 64 * 1024 * 1024,
} as const;
/** A room's relay budget is this many connections' worth (LINK_RATE_LIMITS). */
export const RELAY_ROOM_SHARE = 8;

/** A relayed frame: to a peer of a room (what a client sends) or from one (what the server delivers). */
export type RelayFrame = { topic: Topic; peer: string; payload: Uint8Array };

const textEncoder = new TextEncoder();
const textDecoder = new TextDecoder('utf-8', { fatal: true });
const RELAY_FRAME_VERSION = 1;

/**
 * A relayed frame as one binary WebSocket message: a version byte, the topic and the peer as UTF-8 each behind its
 * 2-byte length, then the payload the server passes on unread. Binary, so the server routes it without parsing JSON and
 * a link's frames travel without base64.
 */
export function encodeRelayFrame({ topic, peer, payload }: RelayFrame): Uint8Array<ArrayBuffer> {
  const t = textEncoder.encode(topic);
  const p = textEncoder.encode(peer);
  const out = new Uint8Array(5 + t.length + p.length + payload.length);
  const view = new DataView(out.buffer);
  out[0] = RELAY_FRAME_VERSION;
  view.setUint16(1, t.length);
  out.set(t, 3);
  view.setUint16(3 + t.length, p.length);
  out.set(p, 5 + t.length);
  out.set(payload, 5 + t.length + p.length);
  return out;
}

/** Reads a relayed frame; null for anything else (another version, lengths past the end, a bad topic or peer). */
export function decodeRelayFrame(bytes: Uint8Array): RelayFrame | null {
  try {
    if (bytes.length < 5 || bytes[0] !== RELAY_FRAME_VERSION) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const topicEnd = 3 + view.getUint16(1);
    if (topicEnd + 2 > bytes.length) return null;
    const peerEnd = topicEnd + 2 + view.getUint16(topicEnd);
    if (peerEnd > bytes.length) return null;
    const topic = textDecoder.decode(bytes.subarray(3, topicEnd));
    const peer = textDecoder.decode(bytes.subarray(topicEnd + 2, peerEnd));
    if (!v.is(TopicSchema, topic) || !v.is(PeerIdSchema, peer)) return null;
    return { topic, peer, payload: bytes.subarray(peerEnd) };
  } catch {
    return null;
  }
}

const IceTextSchema = boundedString(CONFIG_LIMITS.maxIceTextLength);

/** One ICE server as RTCPeerConnection takes it (structurally an RTCIceServer). */
export const IceServerSchema = v.object({
  urls: v.union([
    IceTextSchema,
    v.pipe(v.array(IceTextSchema), v.minLength(1), v.maxLength(CONFIG_LIMITS.maxUrlsPerServer)),
  ]),
  username: v.optional(IceTextSchema),
  credential: v.optional(IceTextSchema),
});
/** One ICE server as RTCPeerConnection takes it. */
export type IceServer = v.InferOutput<typeof IceServerSchema>;
/** Which ICE candidates a peer connection may use: 'relay' forces every connection through TURN. */
export const IceTransportPolicySchema = v.picklist(['all', 'relay']);
/** Which ICE candidates a peer connection may use. */
export type IceTransportPolicy = v.InferOutput<typeof IceTransportPolicySchema>;
/** What GET /config.json returns: settings a deployment may change without a rebuild. */
export const RuntimeConfigSchema = v.object({
  iceServers: v.pipe(v.array(IceServerSchema), v.maxLength(CONFIG_LIMITS.maxIceServers)),
  iceTransportPolicy: v.optional(IceTransportPolicySchema),
});
/** What GET /config.json returns. */
export type RuntimeConfig = v.InferOutput<typeof RuntimeConfigSchema>;

/** True when value is one well-formed ICE server entry. */
export const isIceServer = (value: unknown): value is IceServer => v.is(IceServerSchema, value);
/** True when value is 'all' or 'relay'. */
export const isIceTransportPolicy = (value: unknown): value is IceTransportPolicy =>
  v.is(IceTransportPolicySchema, value);
/** True when value is a well-formed runtime config (what /config.json serves). */
export const isRuntimeConfig = (value: unknown): value is RuntimeConfig => v.is(RuntimeConfigSchema, value);

/** The five public STUN servers the product uses by default. */
export const DEFAULT_ICE_SERVERS: readonly IceServer[] = [
  { urls: 'stun:stun.l.google.com:19302' },
  { urls: 'stun:stun1.l.google.com:19302' },
  { urls: 'stun:stun2.l.google.com:19302' },
  { urls: 'stun:stun3.l.google.com:19302' },
  { urls: 'stun:stun4.l.google.com:19302' },
];

/** Client connection upkeep. */
export const UPKEEP = {
  reconnectMinMs: 1200,
  reconnectMaxMs: 2500,
  pingIntervalMs: 15_000,
  silenceTimeoutMs: 30_000,
} as const;
