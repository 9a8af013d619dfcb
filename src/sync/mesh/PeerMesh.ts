import type { Message, PeerMetadata } from '@automerge/automerge-repo/slim';
import {
  DEFAULT_ICE_SERVERS,
  type LastWordsData,
  type PeerData,
  type SignalData,
} from '../../../protocol/signaling.ts';
import {
  GreetingsAndNotes,
  type GreetingListener,
  type LinkGreetings,
  type NoteListener,
} from './GreetingsAndNotes.ts';
import { PEER_LIMITS } from '../link/peerLimits.ts';
import type { PeerLink, TransportStats } from '../link/PeerLink.ts';
import { RelayLinkOpener } from '../link/RelayLinkOpener.ts';
import { WebRtcLinkOpener, type LinkRequest } from '../link/WebRtcLinkOpener.ts';
import { DiallingPolicy, type SignalDecision } from './DiallingPolicy.ts';
import { LastWords } from './LastWords.ts';
import { LinkTable } from './LinkTable.ts';
import { RELAY_AFTER_MS, RelayFallback, TURN_GRACE_MS } from './RelayFallback.ts';
import { SignalingChannel } from './SignalingChannel.ts';
import { deriveRoomKey } from './roomCrypto.ts';
import type { PeerMeshOptions, RepoLinks } from './peerMeshOptions.ts';

/**
 * One room's WebRTC mesh: peers meet through the signalling server and then talk over one link each. It carries the
 * Repos' messages, the links' greetings and notes (presence, the log catch-up, the ahead lane), and knows no
 * Automerge: it runs from page start, before the Repo loads. Its parts: the signalling channel (meeting), the
 * DiallingPolicy (which peers to link, who dials), the LinkTable (the link to each peer), and how a link's frames
 * travel: the WebRtcLinkOpener, or the RelayLinkOpener through the server when a peer is not linked in time
 * (RelayFallback). A link that was open closes: the mesh announces again, so a restarted peer redials.
 */
type LinkOpener = { open(request: LinkRequest): PeerLink };

export class PeerMesh implements LinkGreetings {
  /** The peer id this mesh joined the room as, null when it is not in the room. */
  #peerId: string | null = null;
  readonly #options: PeerMeshOptions;
  readonly #log: (message: string, detail?: unknown) => void;
  readonly #key: Promise<CryptoKey> | null;
  readonly #policy: DiallingPolicy;
  readonly #opener: WebRtcLinkOpener;
  readonly #relay: RelayLinkOpener;
  readonly #fallback: RelayFallback;
  readonly #links = new LinkTable();
  readonly #greetings = new GreetingsAndNotes();
  readonly #lastWords = new LastWords();
  #channel: SignalingChannel | null = null;
  #disposables: Array<() => void> = [];
  /** The Repo's metadata and side once it connected; until then links handshake but do not greet, and no peer is reported. */
  #repo: { metadata: PeerMetadata; links: RepoLinks } | null = null;
  #session = 0;
  /** True once the server said this page's relay is off (cut, or RELAY=off): direct links only, until the socket reopens. */
  #relayOff = false;
  /** When this mesh last joined a room (Date.now()). */
  #joinedAt = 0;
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
    const log = options.log ?? console.warn;
    const limits = options.limits ?? PEER_LIMITS;
    this.#options = options;
    this.#log = log;
    this.#policy = new DiallingPolicy({
      random,
      // Drawn before any token, once per mesh.
      maxConnections: options.maxConnections ?? 20 + Math.floor(random() * 16),
      skipPeer: options.skipPeer,
      banMs: limits.banMs,
    });
    this.#opener = new WebRtcLinkOpener({
      iceServers: options.iceServers ?? [...DEFAULT_ICE_SERVERS],
      iceTransportPolicy: options.iceTransportPolicy ?? 'all',
      iceSettings: options.iceSettings ?? null,
      SimplePeer: options.SimplePeer,
      wrtc: options.wrtc,
      handshakeTimeoutMs: options.handshakeTimeoutMs ?? 10_000,
      limits,
      log,
    });
    this.#relay = new RelayLinkOpener({
      send: (to, payload) => this.#channel?.sendFrame(to, payload),
      onOpenAsked: (from, token) => this.#onRelayOpen(from, token),
      direct: {
        openChannel: (initiator) => this.#opener.openChannel(initiator),
        stats: this.#opener.counters,
        retryMs: options.directRetryMs,
      },
      handshakeTimeoutMs: options.handshakeTimeoutMs ?? 10_000,
      limits,
      log,
    });
    this.#fallback = new RelayFallback(options.relayAfterMs ?? RELAY_AFTER_MS, (p) => this.#relayDue(p));
    this.#key = options.password === undefined ? null : deriveRoomKey(options.password, options.roomName);
    this.#key?.catch((error: unknown) => log('webrtc: cannot derive the room key', error));
  }

  /** Traffic over data channels so far (a copy). */
  get stats(): TransportStats {
    return this.#opener.stats;
  }

  /** The peer id this mesh joined the room as; null when it is not in the room. */
  get peerId(): string | null {
    return this.#peerId;
  }

  /** The connection cap of this mesh (20 + its random extra unless given). */
  get maxConnections(): number {
    return this.#policy.maxConnections;
  }

  /** Peers whose data channel is open and whose Repo said hello, as ours did: the peers the Repo syncs with. */
  get connectedPeers(): string[] {
    return this.#links.connectedPeers;
  }

  /** Peers whose data channel is open, whether or not their Repo runs yet (a room link's login page, unnamed). */
  get linkedPeers(): string[] {
    return this.#links.linkedPeers;
  }

  /** Linked peers reached through the signalling server's relay (until their link moves onto a direct channel). */
  get relayedPeers(): string[] {
    return this.#links.relayedPeers;
  }

  /** The peers tried and not linked (connecting, then not reachable), and who hears of each change. */
  get unreached(): Pick<RelayFallback, 'unreached' | 'subscribe'> {
    return this.#fallback;
  }

  /** True once a first peer connected, the room was quiet for peerWaitMs, or signalling failed once. */
  isReady(): boolean {
    return this.#ready;
  }

  /** True while some link's handshake is under way (its data channel not open yet). */
  get handshaking(): boolean {
    return !this.#links.settled;
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
    return this.#links.whenSettled(timeoutMs, dialWaitMs);
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
    // The socket opens and announces while simple-peer and the ICE settings load: what arrives meanwhile waits, in order.
    const loaded = this.#opener.load();
    loaded.catch((error: unknown) => {
      if (session !== this.#session) return;
      this.#log('webrtc: cannot load simple-peer or the ICE settings', error);
      this.#channel?.dispose();
      this.#channel = null;
      this.#markReady();
    });
    this.#opener.loadStreamsAfterJoin();
    this.#meet(peerId, (data) => {
      if (this.#opener.canOpen) return this.#onData(data);
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
      if (link.heardHello) links.peerOpened(link.remotePeerId, link.remoteMetadata);
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
    if (this.#lastWords.sent(topic, body)) this.#prepareLastWords();
  }

  /**
   * Sets this page's farewell on topic (LastWords.farewell): posted through the server among its last words when it
   * closes, as its links may never carry what a closing page says; a closing peer's farewell of topic is heard as a
   * note from that peer.
   */
  setFarewell(topic: string, body: unknown): void {
    this.#lastWords.farewell(topic, body);
    this.#prepareLastWords();
  }

  /**
   * Declares notes of topic lasting (LastWords): what this page broadcast of it last is posted through the server when
   * it closes (sayLastWords), and a closing peer's last notes of it are heard as notes from that peer.
   */
  keepLastWords(topic: string): void {
    this.#lastWords.keep(topic);
  }

  /** The page is closing: posts its last words through the server, if it has any. True when they went. */
  sayLastWords(): boolean {
    if (this.#peerId === null || this.#lastWords.said(this.#peerId) === null) return false;
    // Without its notes older than LAST_WORDS_MS now (a private room's are sealed ahead: those sealed last go).
    this.#prepareLastWords();
    return this.#channel?.sayLastWords() ?? false;
  }

  /** Calls listener with each note of topic a linked peer sends; returns the unsubscribe. */
  onNote(topic: string, listener: NoteListener): () => void {
    return this.#greetings.subscribeNotes(topic, listener);
  }

  /** Sends a Repo message to its target if a data channel to it is open; otherwise drops it. */
  sendRepoMessage(message: Message): void {
    const link = this.#links.get(message.targetId);
    if (!link?.send(message)) this.#log(`webrtc: no open channel to ${message.targetId}, message dropped`);
  }

  /** Drops a peer that broke its limits above the link (the Repo's guard): its link closes, and it is banned a while. */
  drop(peerId: string): void {
    this.#policy.ban(peerId);
    const link = this.#links.get(peerId);
    if (link) this.#dropLink(link);
  }

  /** Leaves the room: reports every open peer closed to the Repo, closes every link and the socket. Idempotent. */
  leave(): void {
    this.#session++;
    this.#peerId = null;
    const repo = this.#repo;
    this.#repo = null;
    for (const link of this.#links.removeAll()) {
      if (link.isOpen) repo?.links.peerClosed(link.remotePeerId);
      link.close();
      this.#greetings.gone(link.remotePeerId);
    }
    for (const dispose of this.#disposables.splice(0)) dispose();
    this.#fallback.clear();
    this.#opener.cancelStreams();
    this.#channel?.dispose();
    this.#channel = null;
    this.#links.settle();
  }

  // Opens the room's signalling channel: it announces this peer on each (re)open and hands on what the room says.
  #meet(peerId: string, onData: (data: PeerData) => void): void {
    const { roomName, signalingUrl, WebSocket, peerWaitMs = 1500, sendBeacon } = this.#options;
    let readyTimer: ReturnType<typeof setTimeout> | undefined;
    const channel: SignalingChannel = new SignalingChannel({
      roomName,
      signalingUrl,
      WebSocket,
      sendBeacon,
      key: this.#key,
      log: this.#log,
      onOpen: () => {
        readyTimer ??= setTimeout(() => this.#markReady(), peerWaitMs);
        // A cut lasts as long as the connection it was made on: a new one relays again (unless RELAY=off says so).
        this.#relayOff = false;
        channel.publish({ type: 'announce', from: peerId });
      },
      onClose: () => {
        this.#markReady();
        // The reconnect's announce dials the peers again.
        this.#dropRelayedLinks();
      },
      onData,
      peerId,
      onFrame: (from, payload) => this.#relay.receive(from, payload),
      onLeft: (peer) => {
        if (peer !== peerId) {
          this.#fallback.reached(peer);
          this.#relay.left(peer);
          return;
        }
        this.#relayOff = true;
        // Peers dropped their side as told this page left; announcing makes them dial directly again.
        if (this.#dropRelayedLinks()) this.#announce();
      },
    });
    this.#channel = channel;
    this.#prepareLastWords();
    this.#disposables.push(() => clearTimeout(readyTimer));
  }

  // The last words as they stand, ready to post (sealed ahead in a private room).
  #prepareLastWords(): void {
    const words = this.#peerId !== null && this.#lastWords.said(this.#peerId);
    if (words) this.#channel?.prepareLastWords(words);
  }

  #onData(data: PeerData): void {
    if (data.type === 'announce') this.#onAnnounce(data.from);
    else if (data.type === 'lastWords') this.#onLastWords(data);
    else this.#onSignal(data);
  }

  // A closing peer's last notes, posted through the server: heard as if its link had brought them (listeners dedupe).
  #onLastWords(data: LastWordsData): void {
    if (data.from === this.#peerId) return;
    for (const { topic, body } of this.#lastWords.heard(data)) this.#greetings.noted(data.from, topic, body);
  }

  #onAnnounce(from: string): void {
    const token = this.#policy.dialToken(from, this.#peerId, this.#links);
    if (token !== null) this.#openLink(from, token, true, this.#opener);
  }

  #onSignal(data: SignalData): void {
    const decision = this.#policy.onSignal(data, this.#peerId, this.#links);
    if (decision.do === 'feed') decision.link.signal(data.signal);
    this.#answer(decision, data.from, data.token, this.#opener)?.signal(data.signal);
  }

  #answer(decision: SignalDecision<PeerLink>, from: string, token: number, via: LinkOpener): PeerLink | null {
    if (decision.do !== 'answer') return null;
    if (decision.replacing) this.#dropLink(decision.replacing);
    return this.#openLink(from, token, false, via);
  }

  // Not linked in time. With TURN configured, a WebRTC attempt still under way is given until TURN_GRACE_MS first.
  #relayDue(peerId: string): void {
    const link = this.#links.get(peerId);
    const underWay = link !== undefined && !link.connected && !link.relayed;
    if (underWay && this.#opener.triesTurn && this.#fallback.putOff(peerId, TURN_GRACE_MS)) return;
    this.#relayInstead(peerId);
  }

  // The dialler relays in place of its attempt, same token (see onRelayOpen); no attempt: dial.
  #relayInstead(peerId: string): void {
    const link = this.#links.get(peerId);
    if (this.#relayOff || link?.connected || link?.relayed) return;
    if (link && !link.initiator) return this.#fallback.trying(peerId);
    const token = link ? link.token : this.#policy.dialToken(peerId, this.#peerId, this.#links);
    if (token === null) return;
    if (link) this.#dropLink(link);
    this.#openLink(peerId, token, true, this.#relay);
  }

  #onRelayOpen(from: string, token: number): void {
    this.#answer(this.#policy.onRelayOpen(from, token, this.#peerId, this.#links), from, token, this.#relay);
  }

  #openLink(remotePeerId: string, token: number, initiator: boolean, opener: LinkOpener): PeerLink {
    if (!this.#peerId) throw new Error('webrtc: dialling before connect');
    const localPeerId = this.#peerId;
    if (opener === this.#opener) this.#fallback.trying(remotePeerId);
    const link: PeerLink = opener.open({
      remotePeerId,
      token,
      initiator,
      localPeerId,
      localMetadata: this.#repo?.metadata ?? null,
      greetings: this.#greetings.local,
      onSignal: (signal) =>
        this.#channel?.publish({ type: 'signal', to: remotePeerId, from: localPeerId, token, signal }),
      onOpen: () => {
        this.#policy.linked(remotePeerId);
        this.#markReady();
        this.#repo?.links.peerOpened(remotePeerId, link.remoteMetadata);
      },
      onConnect: () => {
        // Reached once its channel is open, not when its Repo greets: a link's login page runs no Repo until Go.
        this.#fallback.reached(remotePeerId);
        this.#links.settle();
        this.#opener.loadStreamsAfterConnect();
      },
      onMessage: (message) => this.#repo?.links.message(message),
      onGreeting: (topic, greeting) => {
        if (this.#links.isCurrent(link)) this.#greetings.received(remotePeerId, topic, greeting);
      },
      onNote: (topic, body) => {
        if (this.#links.isCurrent(link)) this.#greetings.noted(remotePeerId, topic, body);
      },
      // No path, TURN's included: waiting longer for it is of no use.
      onIceFailed: () => {
        if (this.#links.isCurrent(link)) this.#relayInstead(remotePeerId);
      },
      onClose: () => this.#onLinkClosed(link),
      onBreach: () => this.#policy.ban(remotePeerId),
    });
    this.#links.add(link);
    return link;
  }

  #dropLink(link: PeerLink): void {
    this.#links.remove(link);
    if (link.isOpen) this.#repo?.links.peerClosed(link.remotePeerId);
    link.close();
    this.#greetings.gone(link.remotePeerId);
    this.#links.settle();
  }

  // This page's relay ended (cut, or its socket closed): the server passes none of their frames any more, so links still
  // relayed either way are dropped, as their peers drop theirs. Links that moved onto a direct channel stay. True when
  // any went.
  #dropRelayedLinks(): boolean {
    const relayed = [...this.#links.values()].filter((link) => link.relayed);
    for (const link of relayed) this.#dropLink(link);
    return relayed.length > 0;
  }

  #onLinkClosed(link: PeerLink): void {
    if (!this.#links.remove(link)) return;
    this.#greetings.gone(link.remotePeerId);
    this.#links.settle();
    if (!link.wasOpened) return this.#retryAfterFailedHandshake(link.remotePeerId);
    this.#policy.linked(link.remotePeerId);
    this.#repo?.links.peerClosed(link.remotePeerId);
    this.#announce();
  }

  #retryAfterFailedHandshake(remotePeerId: string): void {
    const delay = this.#policy.retryDelay(remotePeerId);
    if (delay === null) return;
    const session = this.#session;
    const timer = setTimeout(() => {
      if (session === this.#session && !this.#links.get(remotePeerId)) this.#announce();
    }, delay);
    this.#disposables.push(() => clearTimeout(timer));
  }

  #announce(): void {
    if (this.#peerId) this.#channel?.publish({ type: 'announce', from: this.#peerId });
  }
}
