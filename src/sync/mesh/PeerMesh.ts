import type { Message, PeerMetadata } from '@automerge/automerge-repo/slim';
import {
  DEFAULT_ICE_SERVERS,
  type IceServer,
  type PeerData,
  type SignalData,
} from '../../../protocol/signaling.ts';
import {
  GreetingsAndNotes,
  type GreetingListener,
  type LinkGreetings,
  type NoteListener,
} from './GreetingsAndNotes.ts';
import { PEER_LIMITS, type PeerLimits } from '../link/peerLimits.ts';
import {
  loadLinkStreams,
  PeerLink,
  type SimplePeerConstructor,
  type TransportStats,
} from '../link/PeerLink.ts';
import { isSameBrowser } from './peerIds.ts';
import { SignalingChannel } from './SignalingChannel.ts';
import { deriveRoomKey } from './roomCrypto.ts';
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
};

/** What a peer connection is configured with. */
export type IceSettings = { iceServers: IceServer[]; iceTransportPolicy?: 'all' | 'relay' };

type Settings = Required<
  Omit<PeerMeshOptions, 'password' | 'WebSocket' | 'SimplePeer' | 'wrtc' | 'skipPeer' | 'iceSettings'>
> &
  Pick<PeerMeshOptions, 'WebSocket' | 'wrtc' | 'skipPeer'>;

/** Loads simple-peer's browser bundle (once: later calls share the module); the mesh's default SimplePeer. */
export const loadBrowserSimplePeer = async (): Promise<SimplePeerConstructor> => {
  // The package's main entry needs Node globals; its prebuilt bundle does not.
  const mod: { default?: SimplePeerConstructor } = await import('simple-peer/simplepeer.min.js');
  return mod.default ?? (mod as unknown as SimplePeerConstructor);
};

const MAX_HANDSHAKE_RETRIES = 5;

/**
 * When the links' deflate streams load: shortly after the first data channel opens (the meeting's last step, whose
 * greetings and list go first) or this long after joining, whichever comes first. Either is long before the Repo
 * connects and the links say their hellos; a link that greets before they are here stays plain (PeerLink).
 */
const STREAMS_AFTER_JOIN_MS = 300;
const STREAMS_AFTER_CONNECT_MS = 50;

/**
 * What the Repo's side of the mesh is told (the room's WebRtcNetworkAdapter): a linked peer's Repo said hello, its link
 * closed, a Repo message arrived.
 */
export type RepoLinks = {
  peerOpened(peerId: string, metadata: PeerMetadata): void;
  peerClosed(peerId: string): void;
  message(message: Message): void;
};

/**
 * One room's WebRTC mesh: peers meet through the signalling server and then talk over one simple-peer data channel
 * each. It carries the Repos' messages, the links' greetings and notes (presence, the log catch-up, the ahead lane),
 * and knows no Automerge: it runs from page start, before the Repo loads.
 *
 * Who dials: the peer that receives an announce. Glare (both dial at once): every attempt carries a
 * random token; the offer with the larger token proceeds and the side holding the smaller one drops
 * its own initiator and answers. A peer that announces while we still hold a link to it is ignored;
 * when a link that was open closes we announce again, so a peer that restarted is dialled anew; after a
 * failed handshake we announce again a few times, later each time.
 */
export class PeerMesh implements LinkGreetings {
  /** The peer id this mesh joined the room as, null when it is not in the room. */
  #peerId: string | null = null;
  readonly #options: Settings;
  readonly #key: Promise<CryptoKey> | null;
  readonly #peerCtor: () => Promise<SimplePeerConstructor>;
  readonly #links = new Map<string, PeerLink>();
  /** Peers dropped for breaking their limits, with when they may be dialled again. */
  readonly #banned = new Map<string, number>();
  readonly #stats: TransportStats = { bytesSent: 0, bytesReceived: 0, messagesSent: 0, messagesReceived: 0 };
  #SimplePeer: SimplePeerConstructor | null = null;
  readonly #iceSettings: Promise<IceSettings> | null;
  /** Both simple-peer and the ICE settings are at hand: links can be opened. */
  #canDial = false;
  readonly #failedHandshakes = new Map<string, number>();
  readonly #greetings = new GreetingsAndNotes();
  #channel: SignalingChannel | null = null;
  #disposables: Array<() => void> = [];
  /** When the deflate streams are due to start loading (Infinity: not planned). */
  #streamsDue = Infinity;
  #streamsTimer: ReturnType<typeof setTimeout> | undefined;
  /** The Repo's metadata and side once it connected; until then links handshake but do not greet, and no peer is reported. */
  #repo: { metadata: PeerMetadata; links: RepoLinks } | null = null;
  #session = 0;
  /** When this mesh last joined a room (Date.now()). */
  #joinedAt = 0;
  /** Who waits for every handshake under way to end (handshakesSettled). */
  #settledWaiters: Array<() => void> = [];
  #ready = false;
  #markReady: () => void = () => {};
  readonly #readyPromise = new Promise<void>((resolve) => {
    this.#markReady = () => {
      this.#ready = true;
      resolve();
    };
  });

  constructor(options: PeerMeshOptions) {
    const random = options.random ?? Math.random;
    // Spelled out rather than spread so an explicit undefined still gets the default.
    this.#options = {
      roomName: options.roomName,
      signalingUrl: options.signalingUrl,
      iceServers: options.iceServers ?? [...DEFAULT_ICE_SERVERS],
      iceTransportPolicy: options.iceTransportPolicy ?? 'all',
      maxConnections: options.maxConnections ?? 20 + Math.floor(random() * 16),
      handshakeTimeoutMs: options.handshakeTimeoutMs ?? 10_000,
      peerWaitMs: options.peerWaitMs ?? 1500,
      log: options.log ?? console.warn,
      random,
      WebSocket: options.WebSocket,
      wrtc: options.wrtc,
      skipPeer: options.skipPeer,
      limits: options.limits ?? PEER_LIMITS,
    };
    this.#key = options.password === undefined ? null : deriveRoomKey(options.password, options.roomName);
    this.#key?.catch((error: unknown) => this.#options.log('webrtc: cannot derive the room key', error));
    this.#iceSettings = options.iceSettings ?? null;
    const given = options.SimplePeer;
    this.#peerCtor = given ? () => Promise.resolve(given) : loadBrowserSimplePeer;
  }

  /** Traffic over data channels so far (a copy). */
  get stats(): TransportStats {
    return { ...this.#stats };
  }

  /** The peer id this mesh joined the room as; null when it is not in the room. */
  get peerId(): string | null {
    return this.#peerId;
  }

  /** The connection cap of this mesh (20 + its random extra unless given). */
  get maxConnections(): number {
    return this.#options.maxConnections;
  }

  /** Peers whose data channel is open and whose Repo said hello, as ours did: the peers the Repo syncs with. */
  get connectedPeers(): string[] {
    return [...this.#links.values()].filter((l) => l.isOpen).map((l) => l.remotePeerId);
  }

  /** Peers whose data channel is open, whether or not their Repo runs yet (a room link's login page, unnamed). */
  get linkedPeers(): string[] {
    return [...this.#links.values()].filter((l) => l.connected).map((l) => l.remotePeerId);
  }

  /** True once a first peer connected, the room was quiet for peerWaitMs, or signalling failed once. */
  isReady(): boolean {
    return this.#ready;
  }

  /** True while some link's handshake is under way (its data channel not open yet). */
  get handshaking(): boolean {
    return !this.#handshakesSettled();
  }

  /**
   * Resolves once no handshake is under way (every link's data channel open, or the link gone; the Repos' hellos need
   * not have gone), at once when none is, or after timeoutMs. A page holds heavy work (opening its document) back
   * meanwhile: each handshake step is a task on the page's main thread, and a step that waits behind tens of
   * milliseconds of script delays the link as much. `firstDialMs`: with no link yet, wait until that long after joining
   * for a peer to dial (a page new to the room has nothing of its own to show before its peers answer).
   */
  handshakesSettled(timeoutMs: number, firstDialMs = 0): Promise<void> {
    const dialWaitMs = this.#links.size === 0 ? this.#joinedAt + firstDialMs - Date.now() : 0;
    if (dialWaitMs <= 0 && this.#handshakesSettled()) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        clearTimeout(dialTimer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#settledWaiters = this.#settledWaiters.filter((w) => w !== done);
        done();
      }, timeoutMs);
      // No peer dialled in time: nothing to wait for. A link opened meanwhile makes this a wait for its handshake.
      const dialTimer =
        dialWaitMs > 0
          ? setTimeout(() => {
              if (!this.#handshakesSettled()) return;
              this.#settledWaiters = this.#settledWaiters.filter((w) => w !== done);
              done();
            }, dialWaitMs)
          : undefined;
      this.#settledWaiters.push(done);
    });
  }

  #handshakesSettled(): boolean {
    for (const link of this.#links.values()) if (!link.connected) return false;
    return true;
  }

  #checkSettled(): void {
    if (this.#settledWaiters.length > 0 && this.#handshakesSettled())
      for (const done of this.#settledWaiters.splice(0)) done();
  }

  /**
   * Resolves once a first peer connected, or peerWaitMs after joining the room, or when the signalling
   * socket failed: the Repo asks its peers for a document when this resolves and gives the document up
   * as unavailable if it has none, so resolving before peers had a chance to dial would lose documents.
   */
  whenReady(): Promise<void> {
    return this.#readyPromise;
  }

  /**
   * Starts meeting the room's peers as peerId before the Repo connects (while storage and Automerge still load):
   * signalling, dialling and WebRTC handshakes run; the links greet and their peers are reported once connectRepo()
   * gives this side's metadata. Idempotent for one peer id.
   */
  join(peerId: string): void {
    if (this.#peerId === peerId) return;
    this.leave();
    this.#peerId = peerId;
    this.#joinedAt = Date.now();
    const session = this.#session;
    // The socket opens and announces while simple-peer and the ICE settings still load: what arrives meanwhile waits
    // for them, in order.
    const loaded = Promise.all([this.#peerCtor(), this.#iceSettings]).then(([SimplePeer, ice]) => {
      this.#SimplePeer = SimplePeer;
      if (ice) {
        this.#options.iceServers = ice.iceServers;
        this.#options.iceTransportPolicy = ice.iceTransportPolicy ?? 'all';
      }
      this.#canDial = true;
    });
    loaded.catch((error: unknown) => {
      if (session !== this.#session) return;
      this.#options.log('webrtc: cannot load simple-peer or the ICE settings', error);
      this.#channel?.dispose();
      this.#channel = null;
      this.#markReady();
    });
    this.#loadStreamsIn(STREAMS_AFTER_JOIN_MS);
    this.#join(peerId, (data) => {
      if (this.#canDial) return this.#onData(data);
      void loaded.then(
        () => session === this.#session && this.#onData(data),
        () => {},
      );
    });
  }

  /**
   * Joins the room as peerId (or completes an early join()) with the Repo's metadata: the links say the Repo's hello,
   * and peers whose Repo said theirs are reported to links. Reconnecting is allowed.
   */
  connectRepo(peerId: string, metadata: PeerMetadata, links: RepoLinks): void {
    if (this.#repo !== null) this.leave();
    this.join(peerId);
    this.#repo = { metadata, links };
    for (const link of this.#links.values()) {
      link.greet(metadata);
      if (link.heardHello) this.#reportOpen(link);
    }
  }

  /**
   * Sets what this side says first about a topic on each link, as soon as its data channel opens and before the Repo
   * runs (the room's presence). A link carries one greeting per topic: the one set when it opened, or the first set
   * after. null stops saying it on links opened from now on.
   */
  setGreeting(topic: string, greeting: unknown): void {
    this.#greetings.setLocal(topic, greeting);
    if (greeting === null) return;
    for (const link of this.#links.values()) link.sendGreeting(topic, greeting);
  }

  /** Calls listener with each linked peer's greeting of topic (those already here first), and null when its link closes. */
  onGreeting(topic: string, listener: GreetingListener): () => void {
    return this.#greetings.subscribe(topic, listener);
  }

  /** Sends a note of topic to one linked peer, before or after the Repos run; false when no link to it stands. */
  sendNote(peerId: string, topic: string, body: unknown): boolean {
    return this.#links.get(peerId)?.sendNote(topic, body) ?? false;
  }

  /** Sends a note of topic to every linked peer, whether or not its Repo runs (held until a channel opens). */
  broadcastNote(topic: string, body: unknown): void {
    for (const link of this.#links.values()) link.sendNote(topic, body);
  }

  /** Calls listener with each note of topic a linked peer sends; returns the unsubscribe. */
  onNote(topic: string, listener: NoteListener): () => void {
    return this.#greetings.subscribeNotes(topic, listener);
  }

  /** Sends a Repo message to its target if a data channel to it is open; otherwise drops it. */
  sendRepoMessage(message: Message): void {
    const link = this.#links.get(message.targetId);
    if (!link?.send(message))
      this.#options.log(`webrtc: no open channel to ${message.targetId}, message dropped`);
  }

  /** Drops a peer that broke its limits above the link (the Repo's guard): its link closes, and it is banned a while. */
  drop(peerId: string): void {
    this.#banned.set(peerId, Date.now() + this.#options.limits.banMs);
    const link = this.#links.get(peerId);
    if (link) this.#dropLink(link);
  }

  /** Leaves the room: reports every open peer closed to the Repo, closes every link and the socket. Idempotent. */
  leave(): void {
    this.#session++;
    this.#peerId = null;
    const repo = this.#repo;
    this.#repo = null;
    const links = [...this.#links.values()];
    this.#links.clear();
    for (const link of links) {
      if (link.isOpen) repo?.links.peerClosed(link.remotePeerId);
      link.close();
      this.#greetings.gone(link.remotePeerId);
    }
    for (const dispose of this.#disposables.splice(0)) dispose();
    clearTimeout(this.#streamsTimer);
    this.#streamsDue = Infinity;
    this.#channel = null;
    this.#checkSettled();
  }

  #join(peerId: string, onData: (data: PeerData) => void): void {
    const { roomName, signalingUrl, WebSocket, log, peerWaitMs } = this.#options;
    let readyTimer: ReturnType<typeof setTimeout> | undefined;
    const channel: SignalingChannel = new SignalingChannel({
      roomName,
      signalingUrl,
      WebSocket,
      key: this.#key,
      log,
      onOpen: () => {
        readyTimer ??= setTimeout(() => this.#markReady(), peerWaitMs);
        channel.publish({ type: 'announce', from: peerId });
      },
      onClose: () => this.#markReady(),
      onData,
    });
    this.#channel = channel;
    this.#disposables.push(
      () => clearTimeout(readyTimer),
      () => channel.dispose(),
    );
  }

  // Plans loading the links' deflate streams in ms, unless they are due sooner already (loading is once per page).
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

  #onData(data: PeerData): void {
    if (data.type === 'announce') this.#onAnnounce(data.from);
    else this.#onSignal(data);
  }

  #skips(peerId: string): boolean {
    if (!this.#peerId || peerId === this.#peerId) return true;
    const bannedUntil = this.#banned.get(peerId);
    if (bannedUntil !== undefined && bannedUntil > Date.now()) return true;
    const { skipPeer } = this.#options;
    return skipPeer ? skipPeer(peerId) : isSameBrowser(peerId, this.#peerId);
  }

  #onAnnounce(from: string): void {
    if (this.#skips(from) || this.#links.has(from) || this.#isFull()) return;
    this.#openLink(from, Math.floor(this.#options.random() * 2 ** 31), true);
  }

  #onSignal(data: SignalData): void {
    if (data.to !== this.#peerId || this.#skips(data.from)) return;
    const current = this.#links.get(data.from);
    if (current && current.token === data.token) {
      current.signal(data.signal);
      return;
    }
    // Anything but an offer under an unknown token belongs to an abandoned attempt.
    if (!isOffer(data.signal)) return;
    if (current) {
      const glareWeWin = current.initiator && !current.isOpen && current.token > data.token;
      if (glareWeWin) return;
      this.#dropLink(current);
    } else if (this.#isFull()) return;
    this.#openLink(data.from, data.token, false).signal(data.signal);
  }

  #isFull(): boolean {
    return this.#links.size >= this.#options.maxConnections;
  }

  #openLink(remotePeerId: string, token: number, initiator: boolean): PeerLink {
    const { iceServers, iceTransportPolicy, wrtc, handshakeTimeoutMs, log } = this.#options;
    if (!this.#SimplePeer || !this.#peerId) throw new Error('webrtc: dialling before connect');
    const localPeerId = this.#peerId;
    const link: PeerLink = new PeerLink({
      remotePeerId,
      token,
      initiator,
      localPeerId,
      localMetadata: this.#repo?.metadata ?? null,
      greetings: this.#greetings.local,
      SimplePeer: this.#SimplePeer,
      peerOptions: { config: { iceServers, iceTransportPolicy }, ...(wrtc ? { wrtc: wrtc as never } : {}) },
      handshakeTimeoutMs,
      stats: this.#stats,
      log,
      onSignal: (signal) =>
        this.#channel?.publish({ type: 'signal', to: remotePeerId, from: localPeerId, token, signal }),
      onOpen: () => {
        this.#failedHandshakes.delete(remotePeerId);
        this.#markReady();
        if (this.#repo !== null) this.#reportOpen(link);
      },
      onConnect: () => {
        this.#checkSettled();
        this.#loadStreamsIn(STREAMS_AFTER_CONNECT_MS);
      },
      onMessage: (message) => this.#repo?.links.message(message),
      onGreeting: (topic, greeting) => {
        if (this.#links.get(remotePeerId) === link) this.#greetings.received(remotePeerId, topic, greeting);
      },
      onNote: (topic, body) => {
        if (this.#links.get(remotePeerId) === link) this.#greetings.noted(remotePeerId, topic, body);
      },
      onClose: () => this.#onLinkClosed(link),
      limits: this.#options.limits,
      onBreach: () => this.#banned.set(remotePeerId, Date.now() + this.#options.limits.banMs),
    });
    this.#links.set(remotePeerId, link);
    return link;
  }

  #reportOpen(link: PeerLink): void {
    this.#repo?.links.peerOpened(link.remotePeerId, link.remoteMetadata);
  }

  #dropLink(link: PeerLink): void {
    this.#links.delete(link.remotePeerId);
    if (link.isOpen) this.#repo?.links.peerClosed(link.remotePeerId);
    link.close();
    this.#greetings.gone(link.remotePeerId);
    this.#checkSettled();
  }

  #onLinkClosed(link: PeerLink): void {
    if (this.#links.get(link.remotePeerId) !== link) return;
    this.#links.delete(link.remotePeerId);
    this.#greetings.gone(link.remotePeerId);
    this.#checkSettled();
    if (!link.wasOpened) return this.#retryAfterFailedHandshake(link.remotePeerId);
    this.#failedHandshakes.delete(link.remotePeerId);
    this.#repo?.links.peerClosed(link.remotePeerId);
    this.#announce();
  }

  // A handshake can fail under load or by losing a signal; announcing again makes the other side dial anew.
  // Bounded per peer with a growing random delay, so two peers that can never connect do not loop forever.
  #retryAfterFailedHandshake(remotePeerId: string): void {
    const failures = (this.#failedHandshakes.get(remotePeerId) ?? 0) + 1;
    this.#failedHandshakes.set(remotePeerId, failures);
    if (failures > MAX_HANDSHAKE_RETRIES) return;
    const session = this.#session;
    const delay = (250 + this.#options.random() * 750) * failures;
    const timer = setTimeout(() => {
      if (session === this.#session && !this.#links.has(remotePeerId)) this.#announce();
    }, delay);
    this.#disposables.push(() => clearTimeout(timer));
  }

  #announce(): void {
    if (this.#peerId) this.#channel?.publish({ type: 'announce', from: this.#peerId });
  }
}

function isOffer(signal: unknown): boolean {
  return typeof signal === 'object' && signal !== null && (signal as { type?: unknown }).type === 'offer';
}
