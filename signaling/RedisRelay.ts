import { randomBytes } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { isServerMessage, type Topic } from '../protocol/signaling.ts';
import { isRelayedMessage } from './FrameRelay.ts';
import type { RelayStats } from './metrics.ts';
import type { PeerClaim, RelaySpend, TopicRelay } from './relay.ts';
import { claimKeys, releaseKey, spendCount, type KeyClaim } from './redisScripts.ts';

/** Where to reach Redis, what to call the channels, and where relayed publishes and log lines go. */
export type RedisRelayOptions = {
  url: string;
  /** A topic's channel is this prefix followed by the topic. */
  channelPrefix: string;
  /**
   * Receives each message another instance relayed, already validated and parsed: a publish or left notice for the
   * local subscribers of topic, or a link's frame for its target.
   */
  deliver(topic: Topic, text: string, message: unknown): void;
  log(line: string): void;
  /** Reconnect back-off: the first wait, doubled on each failure up to the cap. Defaults 250 ms and 5 s. */
  retryMinMs?: number;
  retryMaxMs?: number;
};

type Link = { redis: Redis; name: 'publisher' | 'subscriber'; ready: boolean };

const SUBSCRIBE_BATCH = 500;
const END_WAIT_MS = 500;

/**
 * Relays publishes between the signalling instances of a deployment over Redis pub/sub: one channel per
 * room, subscribed while this instance has a local subscriber of it. Redis delivers a message once to each
 * subscribed connection, and each instance holds one, so every remote subscriber gets a publish exactly
 * once; each message carries its instance's id so the instance that sent it drops the echo, having already
 * delivered it locally. While Redis is away publishes are dropped (never queued, as stale WebRTC signals only
 * confuse peers), local rooms keep working, the outage is logged once, and ioredis reconnects with back-off. It also
 * keeps, under the channel prefix, each room's relay count per budget window and the peers entered for the relay, so
 * a room's budget and a peer's id hold across instances.
 */
export class RedisRelay implements TopicRelay {
  /** This instance's id inside relayed messages. */
  readonly id = randomBytes(8).toString('hex');
  readonly #options: RedisRelayOptions;
  readonly #publisher: Link;
  readonly #subscriber: Link;
  /** Topics with a local subscriber: what the subscriber connection must listen to after every (re)connect. */
  readonly #wanted = new Set<Topic>();
  #published = 0;
  #received = 0;
  #dropped = 0;
  #outageLogged = false;
  #wasUp = false;
  #closed = false;

  /** Starts connecting at once; the relay works (by dropping) before Redis answers. Call close() to stop. */
  constructor(options: RedisRelayOptions) {
    this.#options = options;
    const min = options.retryMinMs ?? 250;
    const max = options.retryMaxMs ?? 5000;
    const redisOptions: RedisOptions = {
      // Fail fast while down instead of queueing: the hub counts a failed publish as dropped.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // This class resubscribes from #wanted itself, so topics left during an outage are not resumed.
      autoResubscribe: false,
      connectionName: `gameroom-signal-${this.id}`,
      retryStrategy: (times) =>
        Math.min(min * 2 ** Math.min(times - 1, 16), max) * (0.8 + Math.random() * 0.4),
    };
    this.#publisher = this.#link('publisher', new Redis(options.url, redisOptions));
    this.#subscriber = this.#link('subscriber', new Redis(options.url, redisOptions));
    this.#subscriber.redis.on('message', (channel: string, message: string) =>
      this.#onMessage(channel, message),
    );
  }

  /** True while both connections are ready. */
  get isUp(): boolean {
    return this.#publisher.ready && this.#subscriber.ready;
  }

  /** Counters for /metrics. */
  get stats(): RelayStats {
    return {
      up: this.isUp,
      topics: this.#wanted.size,
      published: this.#published,
      received: this.#received,
      dropped: this.#dropped,
    };
  }

  /** Sends text to the topic's channel (true), or counts it dropped while Redis is away (false). */
  publish(topic: Topic, text: string): boolean {
    if (!this.#publisher.ready) {
      this.#dropped += 1;
      return false;
    }
    this.#published += 1;
    this.#publisher.redis.publish(this.#channel(topic), `${this.id} ${text}`).catch(() => {
      this.#published -= 1;
      this.#dropped += 1;
    });
    return true;
  }

  /** Adds spend to topic's count for window in Redis, in one round trip: every instance's count, or null while away. */
  spendRoom(topic: Topic, window: number, windowMs: number, spend: RelaySpend): Promise<RelaySpend | null> {
    if (!this.#publisher.ready) return Promise.resolve(null);
    // The key outlives its window by one more, for instances whose clocks lag.
    const key = `${this.#options.channelPrefix}budget:${topic}:${window}`;
    return spendCount(this.#publisher.redis, key, spend, 2 * windowMs);
  }

  /** Claims or renews each claim in Redis: which are held, or null while away. */
  claimPeers(claims: PeerClaim[], ttlMs: number): Promise<boolean[] | null> {
    if (!this.#publisher.ready) return Promise.resolve(null);
    return claimKeys(
      this.#publisher.redis,
      claims.map((c) => this.#keyClaim(c)),
      ttlMs,
    );
  }

  /** Gives up a claim in Redis (while Redis is away, it lapses by itself). */
  releasePeer(claim: PeerClaim): void {
    if (this.#publisher.ready) releaseKey(this.#publisher.redis, this.#keyClaim(claim));
  }

  /** Listens to topic's channel from now on (and after every reconnect). */
  watch(topic: Topic): void {
    this.#wanted.add(topic);
    if (this.#subscriber.ready) this.#command('subscribe', [this.#channel(topic)]);
  }

  /** Stops listening to topic's channel. */
  unwatch(topic: Topic): void {
    this.#wanted.delete(topic);
    if (this.#subscriber.ready) this.#command('unsubscribe', [this.#channel(topic)]);
  }

  /** Disconnects both connections and stops reconnecting. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await Promise.all([this.#publisher, this.#subscriber].map((link) => disconnect(link.redis)));
  }

  #link(name: Link['name'], redis: Redis): Link {
    const link: Link = { redis, name, ready: false };
    redis.on('ready', () => {
      link.ready = true;
      if (link === this.#subscriber) this.#resubscribe();
      this.#noteUp();
    });
    redis.on('close', () => this.#noteDown(link, 'connection closed'));
    redis.on('error', (err: Error) => this.#noteDown(link, err.message));
    return link;
  }

  #noteUp(): void {
    if (!this.isUp) return;
    if (this.#outageLogged) this.#options.log('redis reachable again: relaying between instances resumed');
    else if (!this.#wasUp) this.#options.log(`redis connected (instance ${this.id})`);
    this.#outageLogged = false;
    this.#wasUp = true;
  }

  #noteDown(link: Link, reason: string): void {
    link.ready = false;
    if (this.#closed || this.#outageLogged) return;
    this.#outageLogged = true;
    this.#options.log(
      `redis unreachable (${link.name}: ${reason}): serving local rooms only, reconnecting with back-off`,
    );
  }

  #resubscribe(): void {
    const channels = [...this.#wanted].map((t) => this.#channel(t));
    for (let i = 0; i < channels.length; i += SUBSCRIBE_BATCH) {
      this.#command('subscribe', channels.slice(i, i + SUBSCRIBE_BATCH));
    }
  }

  #command(name: 'subscribe' | 'unsubscribe', channels: string[]): void {
    // A failure means the connection just dropped; the next 'ready' resubscribes from #wanted.
    this.#subscriber.redis[name](...channels).catch(() => undefined);
  }

  #onMessage(channel: string, message: string): void {
    try {
      if (!channel.startsWith(this.#options.channelPrefix)) return;
      const space = message.indexOf(' ');
      if (message.slice(0, space) === this.id) return;
      const topic = channel.slice(this.#options.channelPrefix.length);
      const text = message.slice(space + 1);
      const relayed = space > 0 ? relayedMessage(text, topic) : undefined;
      if (relayed === undefined) {
        this.#dropped += 1;
        return;
      }
      this.#received += 1;
      this.#options.deliver(topic, text, relayed);
    } catch (err) {
      this.#dropped += 1;
      this.#options.log(`redis message on ${channel} dropped: ${String(err)}`);
    }
  }

  #channel(topic: Topic): string {
    return this.#options.channelPrefix + topic;
  }

  #keyClaim({ topic, peer, holder }: PeerClaim): KeyClaim {
    return {
      key: `${this.#options.channelPrefix}peer:${JSON.stringify([topic, peer])}`,
      holder: `${this.id}:${holder}`,
    };
  }
}

/**
 * Only a publish, a left notice or a link's frame of the channel's own topic is passed on (parsed): anything else on
 * the channel is not ours (undefined).
 */
function relayedMessage(text: string, topic: Topic): unknown {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return undefined;
  }
  const ours =
    (isServerMessage(message) && message.type !== 'pong' && message.topic === topic) ||
    (isRelayedMessage(message) && message.topic === topic);
  return ours ? message : undefined;
}

function disconnect(redis: Redis): Promise<void> {
  if (redis.status === 'end') return Promise.resolve();
  return new Promise((resolve) => {
    // ioredis emits no 'end' when closed between reconnect attempts; do not wait for it forever.
    const timer = setTimeout(resolve, END_WAIT_MS);
    redis.once('end', () => {
      clearTimeout(timer);
      resolve();
    });
    redis.disconnect();
  });
}
