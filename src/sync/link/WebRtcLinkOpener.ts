import type { IceServer } from '../../../protocol/signaling.ts';
import type { PeerLimits } from './peerLimits.ts';
import {
  loadLinkStreams,
  PeerLink,
  type LinkChannel,
  type PeerLinkOptions,
  type SimplePeerConstructor,
  type TransportStats,
} from './PeerLink.ts';

/** What a peer connection is configured with. */
export type IceSettings = { iceServers: IceServer[]; iceTransportPolicy?: 'all' | 'relay' };

/** Loads simple-peer's browser bundle (once: later calls share the module); the mesh's default SimplePeer. */
export const loadBrowserSimplePeer = async (): Promise<SimplePeerConstructor> => {
  // The package's main entry needs Node globals; its prebuilt bundle does not.
  const mod: { default?: SimplePeerConstructor } = await import('simple-peer/simplepeer.min.js');
  return mod.default ?? (mod as unknown as SimplePeerConstructor);
};

/**
 * When the links' deflate streams load: shortly after the first data channel opens (the meeting's last step, whose
 * greetings and list go first) or this long after joining, whichever comes first. Either is long before the Repo
 * connects and the links say their hellos; a link that greets before they are here stays plain (PeerLink).
 */
const STREAMS_AFTER_JOIN_MS = 300;
const STREAMS_AFTER_CONNECT_MS = 50;

/** What a WebRtcLinkOpener needs: the ICE settings (or their promise), simple-peer, and what every link shares. */
export type WebRtcLinkOpenerOptions = IceSettings & {
  /** The ICE settings still being fetched: they replace iceServers and iceTransportPolicy once here. */
  iceSettings: Promise<IceSettings> | null;
  /** Defaults to simple-peer's browser bundle, loaded by load(). */
  SimplePeer?: SimplePeerConstructor;
  /** A WebRTC implementation for Node (`@roamhq/wrtc`). */
  wrtc?: unknown;
  handshakeTimeoutMs: number;
  limits: PeerLimits;
  log: (message: string, detail?: unknown) => void;
};

/** What opening a link takes beyond the opener's own settings: who is at each end and where its events go. */
export type LinkRequest = Omit<
  PeerLinkOptions,
  'openChannel' | 'relayed' | 'handshakeTimeoutMs' | 'stats' | 'log' | 'limits'
>;

/**
 * How a peer's frames travel: over one WebRTC data channel per link. It loads what a link needs (simple-peer, the ICE
 * settings, the deflate streams), opens each link with it, and counts the traffic of them all. Which peers to link is
 * the mesh's (DiallingPolicy); this knows nothing of who.
 */
export class WebRtcLinkOpener {
  readonly #options: WebRtcLinkOpenerOptions;
  readonly #peerCtor: () => Promise<SimplePeerConstructor>;
  #SimplePeer: SimplePeerConstructor | null = null;
  #ice: Required<IceSettings>;
  readonly #stats: TransportStats = { bytesSent: 0, bytesReceived: 0, messagesSent: 0, messagesReceived: 0 };
  /** When the deflate streams are due to start loading (Infinity: not planned). */
  #streamsDue = Infinity;
  #streamsTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: WebRtcLinkOpenerOptions) {
    this.#options = options;
    this.#ice = { iceServers: options.iceServers, iceTransportPolicy: options.iceTransportPolicy ?? 'all' };
    const given = options.SimplePeer;
    this.#peerCtor = given ? () => Promise.resolve(given) : loadBrowserSimplePeer;
  }

  /** Traffic over data channels so far (a copy). */
  get stats(): TransportStats {
    return { ...this.#stats };
  }

  /** The traffic counters themselves, for a relayed link that moves onto a channel of this opener's (DirectChannels). */
  get counters(): TransportStats {
    return this.#stats;
  }

  /** True once simple-peer and the ICE settings are at hand: links can be opened. */
  get canOpen(): boolean {
    return this.#SimplePeer !== null;
  }

  /**
   * True when a link may reach its peer through TURN: a turn: or turns: server is configured, or the relay-only policy.
   * Settings still fetched count once load() resolved.
   */
  get triesTurn(): boolean {
    const { iceServers, iceTransportPolicy } = this.#ice;
    if (iceTransportPolicy === 'relay') return true;
    return iceServers.some(({ urls }) => [urls].flat().some((url) => /^turns?:/i.test(url)));
  }

  /** Loads simple-peer and waits for the ICE settings; rejects when either cannot be had. */
  async load(): Promise<void> {
    const [SimplePeer, ice] = await Promise.all([this.#peerCtor(), this.#options.iceSettings]);
    if (ice) this.#ice = { iceServers: ice.iceServers, iceTransportPolicy: ice.iceTransportPolicy ?? 'all' };
    this.#SimplePeer = SimplePeer;
  }

  /** Opens a link (load() must have resolved): it starts its handshake at once. */
  open(request: LinkRequest): PeerLink {
    const { handshakeTimeoutMs, limits, log } = this.#options;
    if (!this.canOpen) throw new Error('webrtc: dialling before connect');
    return new PeerLink({
      ...request,
      openChannel: (initiator) => this.openChannel(initiator)!,
      handshakeTimeoutMs,
      stats: this.#stats,
      log,
      limits,
    });
  }

  /** A WebRTC channel with this opener's settings; null until load() resolved. */
  openChannel(initiator: boolean): LinkChannel | null {
    const SimplePeer = this.#SimplePeer;
    if (!SimplePeer) return null;
    const { wrtc } = this.#options;
    return new SimplePeer({
      config: { ...this.#ice },
      ...(wrtc ? { wrtc: wrtc as never } : {}),
      initiator,
      trickle: true,
    });
  }

  /** The mesh joined its room: plans loading the links' deflate streams (STREAMS_AFTER_JOIN_MS). */
  loadStreamsAfterJoin(): void {
    this.#loadStreamsIn(STREAMS_AFTER_JOIN_MS);
  }

  /** A link's data channel opened: plans loading the links' deflate streams sooner (STREAMS_AFTER_CONNECT_MS). */
  loadStreamsAfterConnect(): void {
    this.#loadStreamsIn(STREAMS_AFTER_CONNECT_MS);
  }

  /** Drops the plan to load the deflate streams (the mesh left its room). */
  cancelStreams(): void {
    clearTimeout(this.#streamsTimer);
    this.#streamsDue = Infinity;
  }

  // Plans loading the deflate streams in ms, unless they are due sooner already (loading is once per page).
  #loadStreamsIn(ms: number): void {
    const due = Date.now() + ms;
    if (due >= this.#streamsDue) return;
    clearTimeout(this.#streamsTimer);
    this.#streamsDue = due;
    this.#streamsTimer = setTimeout(() => {
      loadLinkStreams().catch((error: unknown) =>
        this.#options.log('webrtc: cannot load the deflate streams; links stay plain', error),
      );
    }, ms);
  }
}
