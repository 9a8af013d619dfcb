import {
  UPKEEP,
  decodeRelayFrame,
  encodeRelayFrame,
  isServerMessage,
  type ClientMessage,
  type Topic,
} from '../../../protocol/signaling.ts';

/**
 * The members of a WebSocket the client uses, so Node (the `ws` package) and tests can supply their own. Binary
 * messages (relayed link frames) arrive as an ArrayBuffer or a Uint8Array (binaryType is set to 'arraybuffer').
 */
export interface SignalingSocket {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  binaryType?: string;
  send(data: string | Uint8Array<ArrayBuffer>): void;
  close(): void;
}

/** Builds a socket for a URL, as `new WebSocket(url)` does. */
export type SignalingSocketConstructor = new (url: string) => SignalingSocket;

/**
 * What a SignalingClient reports: the socket opened or closed, a publish arrived on a topic, a peer of a topic relayed
 * a frame to this client, or the server said a peer's relayed frames no longer pass.
 */
export type SignalingEvents = {
  open: () => void;
  close: () => void;
  publish: (topic: Topic, data: unknown) => void;
  frame: (topic: Topic, from: string, payload: Uint8Array) => void;
  left: (topic: Topic, peer: string) => void;
};

/** Options of a SignalingClient; only url is required. */
export type SignalingClientOptions = {
  url: string;
  /** Defaults to the browser's WebSocket; Node passes the `ws` package's. */
  WebSocket?: SignalingSocketConstructor;
  log?: (message: string, detail?: unknown) => void;
};

/** Delay before reconnect attempt n (0-based): 1200 ms, then x1.5 per failure, never above 2500 ms. */
export function reconnectDelay(attempt: number): number {
  return Math.min(UPKEEP.reconnectMinMs * 1.5 ** attempt, UPKEEP.reconnectMaxMs);
}

/**
 * One WebSocket to the signalling server that stays up: it reconnects with back-off, pings every 15 s,
 * drops a socket silent for 30 s, and re-subscribes its topics after every reconnect.
 */
export class SignalingClient {
  readonly #url: string;
  readonly #Socket: SignalingSocketConstructor;
  readonly #log: (message: string, detail?: unknown) => void;
  readonly #topics = new Set<Topic>();
  /** The peer this client entered each topic as (said again after every reconnect). */
  readonly #entered = new Map<Topic, string>();
  readonly #listeners: { [K in keyof SignalingEvents]: Set<SignalingEvents[K]> } = {
    open: new Set(),
    close: new Set(),
    publish: new Set(),
    frame: new Set(),
    left: new Set(),
  };
  #socket: SignalingSocket | null = null;
  #isOpen = false;
  #failures = 0;
  #disposed = false;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #silenceTimer: ReturnType<typeof setTimeout> | undefined;
  #pingTimer: ReturnType<typeof setInterval> | undefined;

  constructor({
    url,
    WebSocket = globalThis.WebSocket as unknown as SignalingSocketConstructor,
    log = console.warn,
  }: SignalingClientOptions) {
    this.#url = url;
    this.#Socket = WebSocket;
    this.#log = log;
    this.#connect();
  }

  /** True while a socket is open; publishes sent otherwise are dropped. */
  get isOpen(): boolean {
    return this.#isOpen;
  }

  /** Adds a listener; the returned function removes it. A listener that throws is logged, never propagated. */
  on<K extends keyof SignalingEvents>(event: K, listener: SignalingEvents[K]): () => void {
    this.#listeners[event].add(listener);
    return () => this.#listeners[event].delete(listener);
  }

  /** Joins a topic now (when open) and again after every reconnect. */
  subscribe(topic: Topic): void {
    this.#topics.add(topic);
    this.#send({ type: 'subscribe', topics: [topic] });
  }

  /** Leaves a topic. */
  unsubscribe(topic: Topic): void {
    this.#entered.delete(topic);
    if (this.#topics.delete(topic)) this.#send({ type: 'unsubscribe', topics: [topic] });
  }

  /** Enters a subscribed topic as peer, so its peers may relay frames to this client; again after every reconnect. */
  enter(topic: Topic, peer: string): void {
    this.#entered.set(topic, peer);
    this.#send({ type: 'enter', topic, peer });
  }

  /** Relays payload to peer of topic through the server; false when the socket is not open (nothing is queued). */
  sendFrame(topic: Topic, peer: string, payload: Uint8Array): boolean {
    if (!this.#isOpen || !this.#socket) return false;
    try {
      this.#socket.send(encodeRelayFrame({ topic, peer, payload }));
      return true;
    } catch (error) {
      this.#log('signalling: send failed', error);
      return false;
    }
  }

  /** Sends data to the topic's other subscribers; false when the socket is not open (nothing is queued). */
  publish(topic: Topic, data: unknown): boolean {
    return this.#send({ type: 'publish', topic, data });
  }

  /** Closes the socket, stops every timer and drops every listener; idempotent. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    clearTimeout(this.#reconnectTimer);
    this.#dropSocket();
    for (const set of Object.values(this.#listeners)) set.clear();
  }

  #connect(): void {
    if (this.#disposed) return;
    let socket: SignalingSocket;
    try {
      socket = new this.#Socket(this.#url);
    } catch (error) {
      this.#log('signalling: cannot open socket', error);
      this.#emit('close');
      this.#scheduleReconnect();
      return;
    }
    this.#socket = socket;
    socket.binaryType = 'arraybuffer';
    socket.onopen = () => this.#onOpen();
    socket.onmessage = (event) => this.#onMessage(event.data);
    socket.onclose = () => this.#onEnded(socket);
    socket.onerror = (event) => this.#log('signalling: socket error', event);
    this.#armSilenceTimer();
  }

  #onOpen(): void {
    this.#isOpen = true;
    this.#failures = 0;
    this.#armSilenceTimer();
    if (this.#topics.size > 0) this.#send({ type: 'subscribe', topics: [...this.#topics] });
    for (const [topic, peer] of this.#entered) this.#send({ type: 'enter', topic, peer });
    this.#pingTimer = setInterval(() => this.#send({ type: 'ping' }), UPKEEP.pingIntervalMs);
    this.#emit('open');
  }

  #onMessage(raw: unknown): void {
    this.#armSilenceTimer();
    if (raw instanceof ArrayBuffer || raw instanceof Uint8Array) {
      const frame = decodeRelayFrame(raw instanceof Uint8Array ? raw : new Uint8Array(raw));
      if (frame) this.#emit('frame', frame.topic, frame.peer, frame.payload);
      else this.#log('signalling: dropped a malformed relayed frame');
      return;
    }
    let message: unknown;
    try {
      message = typeof raw === 'string' ? JSON.parse(raw) : null;
    } catch {
      message = null;
    }
    if (!isServerMessage(message)) {
      this.#log('signalling: dropped a malformed message');
      return;
    }
    if (message.type === 'publish') this.#emit('publish', message.topic, message.data);
    else if (message.type === 'left') this.#emit('left', message.topic, message.peer);
  }

  // A silent socket may take long to report its own close, so we stop listening to it at once.
  #onEnded(socket: SignalingSocket): void {
    if (socket !== this.#socket) return;
    this.#dropSocket();
    this.#emit('close');
    this.#scheduleReconnect();
  }

  #armSilenceTimer(): void {
    clearTimeout(this.#silenceTimer);
    this.#silenceTimer = setTimeout(() => {
      this.#log('signalling: no message for 30 s, reconnecting');
      if (this.#socket) this.#onEnded(this.#socket);
    }, UPKEEP.silenceTimeoutMs);
  }

  #scheduleReconnect(): void {
    if (this.#disposed) return;
    const delay = reconnectDelay(this.#failures++);
    this.#reconnectTimer = setTimeout(() => this.#connect(), delay);
  }

  #dropSocket(): void {
    clearTimeout(this.#silenceTimer);
    clearInterval(this.#pingTimer);
    this.#isOpen = false;
    const socket = this.#socket;
    this.#socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = null;
    // Closing a socket that is still connecting makes `ws` emit an error, which must find a listener.
    socket.onerror = () => {};
    try {
      socket.close();
    } catch (error) {
      this.#log('signalling: close failed', error);
    }
  }

  #send(message: ClientMessage): boolean {
    if (!this.#isOpen || !this.#socket) return false;
    try {
      this.#socket.send(JSON.stringify(message));
      return true;
    } catch (error) {
      this.#log('signalling: send failed', error);
      return false;
    }
  }

  #emit<K extends keyof SignalingEvents>(event: K, ...args: Parameters<SignalingEvents[K]>): void {
    for (const listener of [...this.#listeners[event]]) {
      try {
        (listener as (...a: Parameters<SignalingEvents[K]>) => void)(...args);
      } catch (error) {
        this.#log(`signalling: ${event} listener failed`, error);
      }
    }
  }
}
