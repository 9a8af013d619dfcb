import { randomBytes } from 'node:crypto';
import { WebSocket, type RawData } from 'ws';
import { LIMITS, isClientMessage, type ClientMessage, type Topic } from '../protocol/signaling.ts';
import { FrameRelay, isRelayedMessage, type RelayBudgetLimits } from './FrameRelay.ts';
import { RateLimiter, type RateLimits } from './RateLimiter.ts';
import type { TopicRelay } from './relay.ts';
import { TopicTable } from './TopicTable.ts';
import type { DropReason, HubStats } from './metrics.ts';

/** Every limit the hub enforces; the defaults are LIMITS from protocol.ts. */
export type HubLimits = RateLimits & {
  maxFrameBytes: number;
  maxTopicsPerSocket: number;
  maxBufferedBytes: number;
  maxConnections: number;
  idleTimeoutMs: number;
};

/**
 * Options of a hub: limits to override (tests shrink them), where log lines go, an optional relay to other instances,
 * and whether links' frames are relayed (on unless relayFrames is false; relayBudget shrinks its budget in tests).
 */
export type HubOptions = {
  limits?: Partial<HubLimits>;
  log: (line: string) => void;
  relay?: TopicRelay;
  relayFrames?: boolean;
  relayBudget?: Partial<RelayBudgetLimits>;
};

type Client = {
  id: string;
  ws: WebSocket;
  remote: string;
  topics: Set<Topic>;
  lastSeen: number;
  limiter: RateLimiter;
  ignored: number;
  closed: Promise<void>;
};

const GOING_AWAY = 1001;
const POLICY_VIOLATION = 1008;
const IDLE_CLOSE = 4000;
const SHUTDOWN_GRACE_MS = 1000;

/**
 * Topic pub/sub for signalling (protocol.ts). A publish goes to every OTHER subscriber of its
 * topic, never back to the sender: the sender already has what it sent, and an echo would make
 * every browser filter its own announces. Publishing to a topic one has not subscribed to is
 * allowed, as the protocol does not forbid it. Bad input is counted and dropped, never thrown.
 */
export class SignalingHub {
  readonly #limits: HubLimits;
  readonly #log: (line: string) => void;
  /** Sockets that receive publishes. */
  readonly #clients = new Set<Client>();
  /** Sockets not yet closed, including ones cut off from routing that are still closing. */
  readonly #open = new Set<Client>();
  readonly #topics: TopicTable<Client>;
  readonly #relay: TopicRelay | undefined;
  /** Relays links' frames between peers of a room; null when the relay is off. */
  readonly #frames: FrameRelay<Client> | null;
  readonly #sweep: NodeJS.Timeout;
  #messagesIn = 0;
  #beacons = 0;
  #messagesOut = 0;
  readonly #dropped: Record<DropReason, number> = {
    rate_limit: 0,
    malformed: 0,
    topic_limit: 0,
    slow_consumer: 0,
    error: 0,
    relay_refused: 0,
    relay_budget: 0,
  };

  /** Starts the idle sweep; call close() to stop it. */
  constructor(options: HubOptions) {
    this.#limits = { ...LIMITS, ...options.limits };
    this.#log = options.log;
    const relay = options.relay;
    this.#relay = relay;
    this.#topics = new TopicTable<Client>(
      relay && { opened: (t) => relay.watch(t), closed: (t) => relay.unwatch(t) },
    );
    this.#frames =
      options.relayFrames === false
        ? null
        : new FrameRelay<Client>({
            send: (c, data) => this.#send(c, data),
            sendToRoom: (topic, text) => this.deliver(topic, text),
            instances: relay,
            limits: options.relayBudget,
            drop: (c, reason, what) => this.#ignore(c, reason, what),
            log: this.#log,
          });
    const every = Math.max(20, Math.min(5000, this.#limits.idleTimeoutMs / 4));
    this.#sweep = setInterval(() => this.#closeIdle(), every);
    this.#sweep.unref();
  }

  /** Open sockets that still receive publishes (ones being closed are no longer counted). */
  get connections(): number {
    return this.#clients.size;
  }

  /** Topics with at least one subscriber. */
  get topicCount(): number {
    return this.#topics.size;
  }

  /** Counters for /metrics. */
  get stats(): HubStats {
    return {
      connections: this.#clients.size,
      topics: this.#topics.size,
      messagesIn: this.#messagesIn,
      messagesOut: this.#messagesOut,
      beacons: this.#beacons,
      dropped: { ...this.#dropped },
      ...(this.#frames ? { relay: this.#frames.stats } : {}),
    };
  }

  /** True when another socket would pass the connection cap. */
  get isFull(): boolean {
    return this.#open.size >= this.#limits.maxConnections;
  }

  /** Takes ownership of an upgraded socket until it closes. */
  accept(ws: WebSocket, remote: string): void {
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    const now = Date.now();
    const client: Client = {
      id: randomBytes(3).toString('hex'),
      ws,
      remote,
      topics: new Set(),
      lastSeen: now,
      limiter: new RateLimiter(this.#limits, now),
      ignored: 0,
      closed,
    };
    this.#clients.add(client);
    this.#open.add(client);
    this.#log(`ws ${client.id} connected from ${remote} (${this.#clients.size} open)`);
    ws.on('message', (data, isBinary) => this.#onMessage(client, data, isBinary));
    ws.on('ping', () => (client.lastSeen = Date.now()));
    ws.on('pong', () => (client.lastSeen = Date.now()));
    ws.on('error', (err) => this.#log(`ws ${client.id} error: ${err.message}`));
    ws.on('close', (code) => this.#onClose(client, code));
  }

  /** Closes every socket with 1001 (going away) and stops the timers; resolves once every socket is closed. */
  async close(): Promise<void> {
    clearInterval(this.#sweep);
    this.#frames?.close();
    const all = [...this.#open];
    for (const c of all) c.ws.close(GOING_AWAY, 'server shutting down');
    // A peer that never answers the close handshake must not hold up shutdown.
    const grace = setTimeout(() => all.forEach((c) => c.ws.terminate()), SHUTDOWN_GRACE_MS);
    await Promise.all(all.map((c) => c.closed));
    clearTimeout(grace);
  }

  /**
   * Delivers what another instance relayed: a publish or a left notice to every local subscriber of its topic, a
   * relayed frame to its target if it is here. message is text parsed, when the caller has parsed it.
   */
  deliver(topic: Topic, text: string, message?: unknown): void {
    if (isRelayedMessage(message)) return this.#frames?.deliver(message);
    const subscribers = this.#topics.subscribers(topic);
    if (subscribers) for (const c of [...subscribers]) this.#send(c, text);
  }

  #onMessage(client: Client, data: RawData, isBinary: boolean): void {
    this.#messagesIn += 1;
    try {
      const now = Date.now();
      client.lastSeen = now;
      // A link's frames have their own budget (the relay's): a frame dropped by the socket's rate would break its link.
      if (isBinary && this.#frames) return this.#relayFrame(client, toBytes(data), now);
      const verdict = client.limiter.take(now);
      if (verdict === 'flood') return this.#kick(client, POLICY_VIOLATION, 'flooding');
      if (verdict === 'drop') return this.#ignore(client, 'rate_limit', 'message over the rate limit');
      if (isBinary) return this.#ignore(client, 'malformed', 'binary frame');
      const message = parseJson(data);
      if (!isClientMessage(message)) return this.#ignore(client, 'malformed', 'malformed or unknown message');
      this.#dispatch(client, message);
    } catch (err) {
      this.#dropped.error += 1;
      this.#log(`ws ${client.id} handler failed, message dropped: ${String(err)}`);
    }
  }

  #dispatch(client: Client, message: ClientMessage): void {
    switch (message.type) {
      case 'subscribe':
        return this.#subscribe(client, message.topics);
      case 'unsubscribe':
        return message.topics.forEach((t) => this.#unsubscribe(client, t));
      case 'publish':
        return this.#publish(client, message.topic, message.data);
      case 'ping':
        this.#send(client, '{"type":"pong"}');
        return;
      case 'enter': {
        const { topic, peer } = message;
        // With the relay off, the client hears at once that its frames will not pass, and keeps its direct links.
        if (!this.#frames) this.#send(client, JSON.stringify({ type: 'left', topic, peer }));
        const refused = this.#frames ? this.#frames.enter(client, topic, peer) : 'relay_refused';
        if (refused) this.#ignore(client, refused, `enter as ${peer} refused`);
        return;
      }
    }
  }

  #relayFrame(client: Client, bytes: Uint8Array, now: number): void {
    const dropped = this.#frames?.frame(client, bytes, now);
    if (dropped) this.#ignore(client, dropped, 'relayed frame dropped');
  }

  #subscribe(client: Client, topics: Topic[]): void {
    for (const topic of topics) {
      if (client.topics.has(topic)) continue;
      if (client.topics.size >= this.#limits.maxTopicsPerSocket) {
        const limit = this.#limits.maxTopicsPerSocket;
        return this.#ignore(client, 'topic_limit', `subscribe beyond ${limit} topics`);
      }
      client.topics.add(topic);
      this.#topics.add(topic, client);
    }
  }

  #unsubscribe(client: Client, topic: Topic): void {
    this.#frames?.leave(client, topic);
    client.topics.delete(topic);
    this.#topics.remove(topic, client);
  }

  /** Publishes data on topic from no socket (a closing page's beacon) to every subscriber, here and on other instances. */
  publishBeacon(topic: Topic, data: unknown): void {
    this.#beacons += 1;
    this.#publish(null, topic, data);
  }

  #publish(sender: Client | null, topic: Topic, data: unknown): void {
    // Re-serialised so only the three protocol fields travel on, and only once per publish.
    const text = JSON.stringify({ type: 'publish', topic, data });
    const subscribers = this.#topics.subscribers(topic);
    if (subscribers) for (const c of [...subscribers]) if (c !== sender) this.#send(c, text);
    // Other instances may hold subscribers even when this one has none.
    this.#relay?.publish(topic, text);
  }

  /** Sends to one client; false when it did not go out (the socket is closing, or too slow and now cut off). */
  #send(client: Client, text: string | Uint8Array): boolean {
    if (client.ws.readyState !== WebSocket.OPEN) return false;
    // A reader that cannot keep up is cut off rather than buffered for without bound.
    if (client.ws.bufferedAmount > this.#limits.maxBufferedBytes) {
      this.#log(`ws ${client.id} too slow (${client.ws.bufferedAmount} bytes buffered), terminated`);
      this.#dropped.slow_consumer += 1;
      this.#detach(client);
      client.ws.terminate();
      return false;
    }
    this.#messagesOut += 1;
    client.ws.send(text);
    return true;
  }

  #ignore(client: Client, kind: DropReason, reason: string): void {
    this.#dropped[kind] += 1;
    client.ignored += 1;
    if (client.ignored === 1) this.#log(`ws ${client.id} ignored ${reason} (later ones only counted)`);
  }

  #kick(client: Client, code: number, reason: string): void {
    if (!this.#clients.has(client)) return;
    this.#log(`ws ${client.id} closed: ${reason}`);
    this.#detach(client);
    client.ws.close(code, reason);
  }

  #closeIdle(): void {
    const cutoff = Date.now() - this.#limits.idleTimeoutMs;
    for (const c of [...this.#clients]) if (c.lastSeen < cutoff) this.#kick(c, IDLE_CLOSE, 'idle timeout');
  }

  /** Stops routing to a client at once, even before its close handshake completes. */
  #detach(client: Client): void {
    if (!this.#clients.delete(client)) return;
    client.ws.removeAllListeners('message');
    for (const topic of client.topics) this.#topics.remove(topic, client);
    this.#frames?.forget(client);
  }

  #onClose(client: Client, code: number): void {
    this.#detach(client);
    this.#open.delete(client);
    this.#log(
      `ws ${client.id} disconnected from ${client.remote} (code ${code}, ${client.topics.size} topics, ` +
        `${client.ignored} ignored, ${this.#clients.size} open)`,
    );
  }
}

function toBytes(data: RawData): Buffer {
  return Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

function parseJson(data: RawData): unknown {
  try {
    return JSON.parse(toBytes(data).toString('utf8'));
  } catch {
    return undefined;
  }
}
