import {
  BEACON_PATH,
  isAnnounceData,
  isLastWordsData,
  isSignalData,
  type LastWordsData,
  type PeerData,
} from '../../../protocol/signaling.ts';
import { decrypt, encrypt, openBytes, sealBytes } from './roomCrypto.ts';
import { SignalingClient, type SignalingSocketConstructor } from './SignalingClient.ts';

/** What a SignalingChannel needs: the room, the server, the optional room key, and where to report. */
export type SignalingChannelOptions = {
  roomName: string;
  signalingUrl: string;
  WebSocket?: SignalingSocketConstructor;
  /** When set, payloads are sealed with it both ways and anything it cannot open is dropped. */
  key: Promise<CryptoKey> | null;
  log: (message: string, detail?: unknown) => void;
  /** The socket (re)opened and the room is subscribed again. */
  onOpen: () => void;
  /** A socket ended (also when it never opened). */
  onClose: () => void;
  /** An announce, a signal or a closing peer's last words from the room, in the order it arrived. */
  onData: (data: PeerData) => void;
  /** How a closing page posts its last words: the browser's sendBeacon unless given (tests). */
  sendBeacon?: (url: string, body: string) => boolean;
  /** The peer this page is in the room: entered on the server, so peers may relay frames to it. */
  peerId: string;
  /** A frame a peer relayed through the server (opened, in a private room), in the order frames arrived. */
  onFrame: (from: string, payload: Uint8Array) => void;
  /** The server says frames to and from peer no longer pass (it left, or its relay was cut). */
  onLeft: (peer: string) => void;
};

/**
 * One room's signalling as the WebRTC adapter sees it: announce and signal payloads on the room's topic,
 * sealed when the room has a password. Sealing and opening are asynchronous, so each direction goes
 * through one queue: an offer must never overtake its own candidates.
 */
export class SignalingChannel {
  readonly #options: SignalingChannelOptions;
  readonly #client: SignalingClient;
  #inbox: Promise<void> = Promise.resolve();
  #outbox: Promise<void> = Promise.resolve();
  /** Relayed frames each way, apart from signalling: a large frame must not hold an offer back. */
  #frameInbox: Promise<void> = Promise.resolve();
  #frameOutbox: Promise<void> = Promise.resolve();
  #disposed = false;
  #loggedUnreadable = false;
  /** This page's last words, ready to post (sealed ahead: a closing page cannot wait for WebCrypto), and their number. */
  #lastWords: string | null = null;
  #lastWordsCount = 0;

  constructor(options: SignalingChannelOptions) {
    this.#options = options;
    const { roomName, signalingUrl, WebSocket, log } = options;
    this.#client = new SignalingClient({ url: signalingUrl, WebSocket, log });
    this.#client.on('open', options.onOpen);
    this.#client.on('close', options.onClose);
    this.#client.on('publish', (topic, raw) => {
      if (topic !== roomName) return;
      this.#inbox = this.#inbox
        .then(() => this.#receive(raw))
        .catch((error: unknown) => log('signalling: handler failed', error));
    });
    this.#client.on('frame', (topic, from, payload) => {
      if (topic === roomName) this.#receiveFrame(from, payload);
    });
    this.#client.on('left', (topic, peer) => {
      if (topic !== roomName) return;
      this.#frameInbox = this.#frameInbox.then(() => {
        if (!this.#disposed) options.onLeft(peer);
      });
    });
    this.#client.subscribe(roomName);
    this.#client.enter(roomName, options.peerId);
  }

  /**
   * Relays a frame to peer through the server, in order; sealed with the room's key when there is one (bound to who
   * sends it to whom, so the server can pass it to nobody else). Dropped while the socket is down.
   */
  sendFrame(to: string, payload: Uint8Array<ArrayBuffer>): void {
    const { key, roomName, peerId, log } = this.#options;
    this.#frameOutbox = this.#frameOutbox
      .then(async () => {
        const sealed = key ? await sealBytes(await key, payload, `${peerId}>${to}`) : payload;
        if (!this.#disposed) this.#client.sendFrame(roomName, to, sealed);
      })
      .catch((error: unknown) => log('signalling: cannot relay a frame', error));
  }

  #receiveFrame(from: string, sealed: Uint8Array): void {
    const { key, peerId, onFrame, log } = this.#options;
    this.#frameInbox = this.#frameInbox
      .then(async () => {
        const payload = key
          ? await openBytes(await key, new Uint8Array(sealed), `${from}>${peerId}`)
          : sealed;
        if (this.#disposed) return;
        if (payload) onFrame(from, payload);
        else log(`signalling: a frame relayed from ${from} does not open (wrong password?)`);
      })
      .catch((error: unknown) => log('signalling: relayed frame handler failed', error));
  }

  /** Sends data to everyone in the room (sealed if there is a key); dropped while the socket is down. */
  publish(data: PeerData): void {
    const { key, roomName, log } = this.#options;
    this.#outbox = this.#outbox
      .then(async () => {
        const payload = key ? await encrypt(await key, data) : data;
        if (!this.#disposed) this.#client.publish(roomName, payload);
      })
      .catch((error: unknown) => log('signalling: cannot publish', error));
  }

  /**
   * Makes data this page's last words, ready for sayLastWords (sealed first in a private room, so it may be a moment
   * before they are ready).
   */
  prepareLastWords(data: LastWordsData): void {
    const { key, roomName, log } = this.#options;
    const count = ++this.#lastWordsCount;
    const ready = (payload: unknown) => {
      if (count === this.#lastWordsCount)
        this.#lastWords = JSON.stringify({ topic: roomName, data: payload });
    };
    if (!key) return ready(data);
    void key
      .then((k) => encrypt(k, data))
      .then(ready)
      .catch((error: unknown) => log('signalling: cannot seal the last words', error));
  }

  /**
   * Posts the last words prepared, through the server (a beacon, which the browser sends after the page is gone): true
   * when the browser took it.
   */
  sayLastWords(): boolean {
    const body = this.#lastWords;
    if (body === null) return false;
    this.#lastWords = null;
    const url = new URL(BEACON_PATH, this.#options.signalingUrl.replace(/^ws/, 'http')).href;
    try {
      const send = this.#options.sendBeacon ?? ((u: string, b: string) => navigator.sendBeacon(u, b));
      return send(url, body);
    } catch (error) {
      this.#options.log('signalling: cannot post the last words', error);
      return false;
    }
  }

  /** Closes the socket; nothing is reported afterwards. Idempotent. */
  dispose(): void {
    this.#disposed = true;
    this.#client.dispose();
  }

  async #receive(raw: unknown): Promise<void> {
    const { key, onData, log, roomName } = this.#options;
    const data = key ? await decrypt(await key, raw) : raw;
    if (this.#disposed) return;
    if (isAnnounceData(data) || isSignalData(data) || isLastWordsData(data)) onData(data);
    else if (!this.#loggedUnreadable) {
      // A peer with another password fills the room with these; one line is enough.
      this.#loggedUnreadable = true;
      log(`Unable to compute message: unreadable signalling data in room ${roomName} (wrong password?)`);
    }
  }
}
