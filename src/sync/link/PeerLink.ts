import type SimplePeer from 'simple-peer';
import type { Message, PeerMetadata } from '@automerge/automerge-repo/slim';
// The helper alone, not automerge-repo's entry: this runs on the room network, before Automerge has loaded.
import * as cbor from '@automerge/automerge-repo/helpers/cbor.js';
import { deflatedFrame, deflatedPiece, encodeFrames, MAX_DEFLATED_MESSAGE_BYTES } from './frames.ts';
import { FrameAssembler } from './FrameAssembler.ts';
import type { LinkDeflater, LinkInflater } from './linkDeflate.ts';
import { PEER_LIMITS, PeerBudget, type PeerLimits } from './peerLimits.ts';
import { DirectUpgrade } from './DirectUpgrade.ts';
import {
  isDirectWire,
  isGreetingWire,
  isHelloWire,
  isNoteWire,
  isSwitchWire,
  RepoWireCodec,
  type PeerWire,
} from './linkWire.ts';

/** The links' deflate streams (pako, about 13 KB gzipped): loaded apart from the room network, as meeting needs none. */
type LinkStreams = typeof import('./linkDeflate.ts');
let linkStreams: LinkStreams | null = null;
let linkStreamsLoading: Promise<LinkStreams> | null = null;

/**
 * Loads the links' deflate streams (once). Never waited for: a link that says its hello before they are here says it
 * does not inflate, and its peer sends it plain frames, as to a page of an earlier build.
 */
export function loadLinkStreams(): Promise<LinkStreams> {
  linkStreamsLoading ??= import('./linkDeflate.ts').then((streams) => (linkStreams = streams));
  return linkStreamsLoading;
}

/** How long a link's ICE may stay "disconnected" before the link closes (see PeerLink's #onIceState). */
export const DISCONNECTED_GRACE_MS = 2_000;

/** The simple-peer constructor (the browser bundle, or the Node entry with `wrtc`). */
export type SimplePeerConstructor = new (options?: SimplePeer.Options) => SimplePeer.Instance;

/**
 * What a link's frames travel over: simple-peer's connection (a WebRTC data channel), or a channel relayed through the
 * signalling server (RelayChannel). It emits 'signal' (WebRTC only), 'connect', 'data' (one frame), 'error', 'close'
 * and 'iceStateChange' (WebRTC only), holds writes made before it connects, and says nothing once destroyed.
 */
export interface LinkChannel {
  // Listeners take what each event carries (see above); never[] lets each be typed by its event.
  on(event: string, listener: (...args: never[]) => void): unknown;
  removeAllListeners(): unknown;
  signal(signal: SimplePeer.SignalData): void;
  write(frame: Uint8Array): unknown;
  destroy(): void;
}

/** Data-channel traffic of an adapter: frame bytes and whole repo messages, both directions. */
export type TransportStats = {
  bytesSent: number;
  bytesReceived: number;
  messagesSent: number;
  messagesReceived: number;
};

/** Where a relayed link finds the direct channels it tries to move onto. */
export type DirectChannels = {
  /** A WebRTC channel, or null while this page cannot open one. */
  openChannel(initiator: boolean): LinkChannel | null;
  /** The counters a direct link's traffic adds to. */
  stats: TransportStats;
  /** When to try (DIRECT_RETRY_MS unless a test says otherwise). */
  retryMs?: { first: number; max: number };
};

/** What a PeerLink needs: who is on the other end, how to reach simple-peer, and where to report. */
export type PeerLinkOptions = {
  remotePeerId: string;
  /** Identifies this connection attempt in every signal of it (see WebRtcNetworkAdapter's glare rule). */
  token: number;
  initiator: boolean;
  localPeerId: string;
  /** This side's metadata for its hello; null while unknown (the link then greets when greet() is called). */
  localMetadata: PeerMetadata | null;
  /** What this side says first by topic, before its Repo runs (sendGreeting may add topics later). */
  greetings: ReadonlyMap<string, unknown>;
  /** Makes the channel the link's frames travel over (a WebRTC connection, or one relayed through the server). */
  openChannel: (initiator: boolean) => LinkChannel;
  /** True when the channel is relayed through the signalling server. */
  relayed?: boolean;
  /** For a relayed link: the WebRTC channels it tries to move onto (DirectUpgrade), and their traffic counters. */
  direct?: DirectChannels;
  handshakeTimeoutMs: number;
  /** Shared counters the link adds its traffic to. */
  stats: TransportStats;
  log: (message: string, detail?: unknown) => void;
  onSignal: (signal: unknown) => void;
  onOpen: (peerMetadata: PeerMetadata) => void;
  /** The data channel opened (greetings and notes flow; the Repos' hellos may come later). */
  onConnect?: () => void;
  onMessage: (message: Message) => void;
  /** A greeting of the remote, whenever it arrives (before or after its hello). */
  onGreeting: (topic: string, greeting: unknown) => void;
  /** A note from the remote, whenever it arrives (before or after its hello). */
  onNote: (topic: string, body: unknown) => void;
  /** ICE found no path to the remote before the channel opened (the link closes right after): try no longer. */
  onIceFailed?: () => void;
  /** Called exactly once, whichever way the link ends (including close()). */
  onClose: () => void;
  /** What the remote may send before the link drops it (PEER_LIMITS unless a test says otherwise). */
  limits?: PeerLimits;
  /** The remote broke its limits: the link closes right after. */
  onBreach?: (reason: string) => void;
};

/**
 * One link to one remote peer, over a WebRTC data channel or a channel relayed through the server. It is open once the
 * remote's hello arrived; messages are cbor-encoded and cut into frames so no data-channel message exceeds 16 KiB. Once
 * the remote's hello says it inflates, each message that fits one frame is deflated on the link's stream (linkDeflate).
 *
 * A relayed link keeps trying a direct channel (DirectUpgrade) and moves onto it once it connects, each direction on
 * its own: a side writes a switch as its last relayed frame and every later frame on the direct channel; the other
 * reads the relayed channel up to the switch and then the direct one (holding what came there early). Frames keep
 * their order across the move, so the link's deflate stream, string tables and the Repos' sync go on untouched.
 */
export class PeerLink {
  /** The peer at the other end. */
  readonly remotePeerId: string;
  /** The token of the attempt this link belongs to. */
  readonly token: number;
  /** True when this side made the offer. */
  readonly initiator: boolean;
  /** True when the link's frames are relayed through the signalling server rather than a data channel. */
  readonly #options: PeerLinkOptions;
  /** The channel the link opened on; null once a relayed link moved off it both ways. */
  #first: LinkChannel | null;
  /** Where frames are written, and where they are read from (the first channel, then a direct one). */
  #out: LinkChannel;
  #in: LinkChannel;
  readonly #upgrade: DirectUpgrade | null = null;
  /** Frames of a direct attempt that came before the remote's switch: read once it arrives. */
  #early: { attempt: number; chunks: Uint8Array[]; bytes: number } | null = null;
  /** The counters what is written adds to, and those what is read adds to: each moves with its direction. */
  #sentStats: TransportStats;
  #receivedStats: TransportStats;
  readonly #assembler: FrameAssembler;
  readonly #budget: PeerBudget;
  readonly #limits: PeerLimits;
  readonly #codec = new RepoWireCodec();
  /** Whether our hello said we inflate: only then may the remote send deflated frames. */
  #inflates = false;
  /** Whether the remote's hello said it inflates: only then do we deflate. */
  #remoteInflates = false;
  /** Whether the remote's hello said it takes deflated frames bare (without their flush tail). */
  #remoteTakesBare = false;
  #deflater: LinkDeflater | null = null;
  #inflater: LinkInflater | null = null;
  readonly #handshakeTimer: ReturnType<typeof setTimeout>;
  #disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
  #nextMessageId = 0;
  #open = false;
  #connected = false;
  #greeted = false;
  readonly #greetingsSent = new Set<string>();
  #closed = false;
  #remoteMetadata: PeerMetadata = {};

  constructor(options: PeerLinkOptions) {
    this.#options = options;
    this.remotePeerId = options.remotePeerId;
    this.token = options.token;
    this.initiator = options.initiator;
    this.#sentStats = this.#receivedStats = options.stats;
    const limits = options.limits ?? PEER_LIMITS;
    this.#limits = limits;
    this.#budget = new PeerBudget(limits);
    this.#assembler = new FrameAssembler({
      maxMessageBytes: limits.maxMessageBytes,
      onOversize: (bytes) =>
        this.#breach(`sent a message of more than ${limits.maxMessageBytes} bytes (${bytes})`),
    });
    const channel = options.openChannel(options.initiator);
    this.#first = this.#in = this.#out = channel;
    channel.on('signal', (signal: unknown) => this.#guard('signal', () => options.onSignal(signal)));
    channel.on('connect', () =>
      this.#guard('connect', () => {
        this.#connected = true;
        options.onConnect?.();
        this.#upgrade?.start();
      }),
    );
    channel.on('data', (chunk: Uint8Array) =>
      this.#guard('data', () => this.#in === channel && this.#onData(chunk)),
    );
    channel.on('error', (error: Error) => {
      options.log(`webrtc: connection to ${this.remotePeerId} failed`, error);
      this.close();
    });
    channel.on('close', () => this.close());
    channel.on('iceStateChange', (state: RTCIceConnectionState) =>
      this.#guard('iceStateChange', () => {
        this.#onIceState(state);
        if (state === 'failed' && !this.#connected) options.onIceFailed?.();
      }),
    );
    if (options.relayed && options.direct) this.#upgrade = this.#directUpgrade(options.direct);
    // The greetings first: simple-peer holds early writes until the channel opens, and they need no Repo.
    for (const [topic, greeting] of options.greetings) this.sendGreeting(topic, greeting);
    if (options.localMetadata) this.greet(options.localMetadata);
    // An attempt whose other side vanished mid-handshake would otherwise hold a connection slot forever.
    this.#handshakeTimer = setTimeout(() => {
      if (this.#open) return;
      options.log(`webrtc: handshake with ${this.remotePeerId} timed out`);
      this.close();
    }, options.handshakeTimeoutMs);
  }

  /** True while the link's frames travel through the signalling server, either way. */
  get relayed(): boolean {
    return this.#options.relayed === true && this.#first !== null;
  }

  /** True once both hellos went (ours written, the remote's arrived) and until the link closes. */
  get isOpen(): boolean {
    return this.#open && this.#greeted && !this.#closed;
  }

  /** True once the data channel opened and until the link closes: the handshake is over. */
  get connected(): boolean {
    return this.#connected && !this.#closed;
  }

  /** True once the remote's hello arrived and until the link closes, whether or not we greeted yet. */
  get heardHello(): boolean {
    return this.#open && !this.#closed;
  }

  /**
   * Sends our hello (once). Written before any repo message so it leaves first: the remote may see it before our side
   * reports 'connect', open, and make the Repo send; simple-peer holds early writes until connected.
   */
  greet(metadata: PeerMetadata): void {
    if (this.#greeted || this.#closed) return;
    this.#greeted = true;
    this.#inflates = linkStreams !== null;
    const hello = {
      kind: 'hello',
      peerId: this.#options.localPeerId,
      peerMetadata: metadata,
    } as const;
    this.#write(this.#inflates ? { ...hello, inflates: true, bareFlush: true } : hello);
  }

  /** Sends this side's greeting of a topic, once per link and topic: a later call for the topic does nothing. */
  sendGreeting(topic: string, greeting: unknown): void {
    if (this.#greetingsSent.has(topic) || this.#closed) return;
    this.#greetingsSent.add(topic);
    this.#write({ kind: 'greeting', topic, greeting });
  }

  /** Sends a note of a topic to the remote (held until the channel opens); false once the link is closed. */
  sendNote(topic: string, body: unknown): boolean {
    if (this.#closed) return false;
    this.#write({ kind: 'note', topic, body });
    return true;
  }

  /** True when the link was ever open (both hellos went), even after it closed. */
  get wasOpened(): boolean {
    return this.#open && this.#greeted;
  }

  /** The metadata the remote's hello carried ({} until it arrived). */
  get remoteMetadata(): PeerMetadata {
    return this.#remoteMetadata;
  }

  /** Feeds an offer, answer or candidate from the remote; a signal simple-peer rejects closes the link. */
  signal(signal: unknown): void {
    if (this.#closed) return;
    try {
      this.#first?.signal(signal as SimplePeer.SignalData);
    } catch (error) {
      this.#options.log(`webrtc: bad signal from ${this.remotePeerId}`, error);
      this.close();
    }
  }

  /** Sends one repo message; false (and nothing sent) unless the link is open. */
  send(message: Message): boolean {
    if (!this.isOpen) return false;
    this.#write(this.#codec.encode(message, this.#options.localPeerId));
    this.#sentStats.messagesSent++;
    return true;
  }

  /** Tears the connection down and reports onClose once; idempotent. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#handshakeTimer);
    clearTimeout(this.#disconnectedTimer);
    if (this.#first) retire(this.#first);
    this.#upgrade?.close();
    this.#guard('close', () => this.#options.onClose());
  }

  // A page that closes may take its connection down without a word: no goodbye, no data-channel close, only ICE
  // saying "disconnected" a few seconds later, and "failed" (where simple-peer gives up) only after about 30 s. A
  // link that stays disconnected for the grace is as good as gone: it closes, and the mesh dials again if the peer
  // is still in the room. A link that recovers within it goes on.
  #onIceState(state: RTCIceConnectionState): void {
    if (state === 'disconnected') {
      this.#disconnectedTimer ??= setTimeout(() => {
        this.#options.log(`webrtc: connection to ${this.remotePeerId} stayed disconnected`);
        this.close();
      }, DISCONNECTED_GRACE_MS);
    } else if (state === 'connected' || state === 'completed') {
      clearTimeout(this.#disconnectedTimer);
      this.#disconnectedTimer = undefined;
    }
  }

  #onData(chunk: Uint8Array): void {
    if (this.#closed) return;
    this.#receivedStats.bytesReceived += chunk.byteLength;
    const tooMuch = this.#budget.bytes(chunk.byteLength);
    if (tooMuch) return this.#breach(tooMuch);
    const piece = deflatedPiece(chunk);
    const whole = piece ? this.#inflate(piece) : this.#assembler.push(chunk);
    if (!whole) return;
    const tooMany = this.#budget.message();
    if (tooMany) return this.#breach(tooMany);
    let wire: unknown;
    try {
      wire = cbor.decode(whole);
    } catch (error) {
      this.#options.log(`Unable to compute message from ${this.remotePeerId}`, error);
      return;
    }
    if (isGreetingWire(wire)) return this.#options.onGreeting(wire.topic, wire.greeting);
    if (isNoteWire(wire)) return this.#options.onNote(wire.topic, wire.body);
    if (isDirectWire(wire)) return this.#upgrade?.signal(wire.attempt, wire.signal);
    if (isSwitchWire(wire)) return this.#switchIn(wire.attempt);
    if (!this.#open) return this.#onHello(wire);
    const message = this.#codec.decode(wire, this.remotePeerId, this.#options.localPeerId);
    if (!message) {
      this.#options.log(`webrtc: dropped a malformed message from ${this.remotePeerId}`);
      return;
    }
    this.#receivedStats.messagesReceived++;
    this.#options.onMessage(message);
  }

  // Bounded like a whole message of plain frames; a piece that does not inflate loses the stream, so the link ends.
  #inflate(piece: Uint8Array): Uint8Array | null {
    if (!this.#inflates || linkStreams === null) {
      this.#breach('sent a deflated frame before this side said it inflates');
      return null;
    }
    const { InflateError, LinkInflater } = linkStreams;
    this.#inflater ??= new LinkInflater();
    try {
      const whole = this.#inflater.push(piece, this.#limits.maxMessageBytes);
      // The budget counts what a deflated message inflates to: that is what this page must read.
      const tooMuch = this.#budget.bytes(Math.max(0, whole.byteLength - piece.byteLength));
      if (!tooMuch) return whole;
      this.#breach(tooMuch);
      return null;
    } catch (error) {
      if (!(error instanceof InflateError)) throw error;
      this.#breach(
        error.tooLarge
          ? `sent a message of more than ${this.#limits.maxMessageBytes} bytes (deflated)`
          : `sent a deflated frame that ${error.message}`,
      );
      return null;
    }
  }

  // A peer over its limits is a page running other code: it is dropped before the repo or the fold sees more of it.
  #breach(reason: string): void {
    if (this.#closed) return;
    this.#options.log(`webrtc: dropped ${this.remotePeerId}: it ${reason}`);
    this.#guard('breach', () => this.#options.onBreach?.(reason));
    this.close();
  }

  #onHello(wire: unknown): void {
    if (!isHelloWire(wire) || wire.peerId !== this.remotePeerId) {
      this.#options.log(`webrtc: ${this.remotePeerId} did not start with a matching hello`);
      this.close();
      return;
    }
    this.#open = true;
    this.#remoteMetadata = wire.peerMetadata ?? {};
    this.#remoteInflates = wire.inflates === true;
    this.#remoteTakesBare = wire.bareFlush === true;
    clearTimeout(this.#handshakeTimer);
    this.#options.onOpen(this.#remoteMetadata);
  }

  // simple-peer's stream queues writes and waits for the channel's buffer to drain, which keeps a
  // multi-megabyte message from overflowing the data channel.
  #write(wire: PeerWire): void {
    const payload = cbor.encode(wire);
    const deflater = payload.length <= MAX_DEFLATED_MESSAGE_BYTES ? this.#streamDeflater() : null;
    const frames = deflater
      ? [deflatedFrame(deflater.push(payload), this.#remoteTakesBare)]
      : encodeFrames(payload, this.#nextMessageId++);
    for (const frame of frames) {
      this.#sentStats.bytesSent += frame.byteLength;
      this.#out.write(frame);
    }
  }

  // The link's deflater once the remote said it inflates and the streams are here; null until then.
  #streamDeflater(): LinkDeflater | null {
    if (!this.#remoteInflates || linkStreams === null) return null;
    return (this.#deflater ??= new linkStreams.LinkDeflater());
  }

  #directUpgrade(direct: DirectChannels): DirectUpgrade {
    const { log } = this.#options;
    const inUse = (attempt: number) => {
      const channel = this.#upgrade?.channel(attempt);
      return channel !== undefined && channel !== null && (channel === this.#in || channel === this.#out);
    };
    return new DirectUpgrade({
      initiator: this.initiator,
      openChannel: (initiator) => direct.openChannel(initiator),
      sendSignal: (attempt, signal) => this.#closed || this.#write({ kind: 'direct', attempt, signal }),
      onConnect: (attempt) => this.#guard('direct connect', () => this.#switchOut(attempt)),
      onData: (attempt, chunk) => this.#guard('data', () => this.#onDirectData(attempt, chunk)),
      onEnd: () => {
        log(`webrtc: the direct link to ${this.remotePeerId} ended`);
        this.close();
      },
      onIceState: (attempt, state) =>
        this.#guard('iceStateChange', () => inUse(attempt) && this.#onIceState(state)),
      retryMs: direct.retryMs,
      attemptTimeoutMs: this.#options.handshakeTimeoutMs,
      log,
    });
  }

  // A direct attempt connected on this side: the switch is the last frame over the relay, and the rest go direct.
  #switchOut(attempt: number): void {
    const channel = this.#upgrade?.channel(attempt);
    if (this.#closed || !channel || this.#out !== this.#first) return;
    this.#upgrade!.hold(attempt);
    this.#write({ kind: 'switch', attempt });
    this.#out = channel;
    this.#sentStats = this.#options.direct?.stats ?? this.#sentStats;
    this.#retireRelayIfMoved();
  }

  // The remote's last relayed frame: read the direct attempt from here on, starting with what came there early.
  #switchIn(attempt: number): void {
    const channel = this.#upgrade?.channel(attempt);
    if (this.#in !== this.#first || !channel) {
      this.#options.log(`webrtc: ${this.remotePeerId} moved onto a direct link this side does not hold`);
      this.close();
      return;
    }
    this.#upgrade!.hold(attempt);
    this.#in = channel;
    this.#receivedStats = this.#options.direct?.stats ?? this.#receivedStats;
    const early = this.#early?.attempt === attempt ? this.#early.chunks : [];
    this.#early = null;
    for (const chunk of early) this.#onData(chunk);
    this.#retireRelayIfMoved();
  }

  // Frames of a direct attempt before the remote's switch are held (bounded as one message), then read in order.
  #onDirectData(attempt: number, chunk: Uint8Array): void {
    if (this.#in === this.#upgrade?.channel(attempt)) return this.#onData(chunk);
    if (this.#early?.attempt !== attempt) this.#early = { attempt, chunks: [], bytes: 0 };
    this.#early.bytes += chunk.byteLength;
    if (this.#early.bytes > this.#limits.maxMessageBytes)
      return this.#breach(
        `sent more than ${this.#limits.maxMessageBytes} bytes on a direct link before its switch`,
      );
    this.#early.chunks.push(chunk);
  }

  // Both ways direct: the relayed channel goes (the remote read our switch first, so it is off it too).
  #retireRelayIfMoved(): void {
    const first = this.#first;
    if (!first || this.#in === first || this.#out === first) return;
    this.#first = null;
    retire(first);
    this.#options.log(`webrtc: the link to ${this.remotePeerId} moved off the relay onto a direct channel`);
  }

  #guard(what: string, fn: () => void): void {
    try {
      fn();
    } catch (error) {
      this.#options.log(`webrtc: ${what} handler failed`, error);
    }
  }
}

// A channel the link is done with: silenced, then destroyed.
function retire(channel: LinkChannel): void {
  channel.removeAllListeners();
  // simple-peer may still finish an async step after destroy and emit an error nobody else listens to.
  channel.on('error', () => {});
  channel.destroy();
}
